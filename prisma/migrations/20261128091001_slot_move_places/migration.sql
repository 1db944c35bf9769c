-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_SlotReservation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopDomain" TEXT NOT NULL,
    "shipmentId" TEXT,
    "movingShipmentId" TEXT,
    "moveJson" TEXT,
    "slotKey" TEXT NOT NULL,
    "slotWords" TEXT NOT NULL,
    "capacity" INTEGER,
    "place" INTEGER,
    "overCapacity" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL,
    "releasedAt" DATETIME,
    CONSTRAINT "SlotReservation_shipmentId_fkey" FOREIGN KEY ("shipmentId") REFERENCES "Shipment" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SlotReservation_movingShipmentId_fkey" FOREIGN KEY ("movingShipmentId") REFERENCES "Shipment" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_SlotReservation" ("capacity", "createdAt", "id", "overCapacity", "place", "releasedAt", "shipmentId", "shopDomain", "slotKey", "slotWords") SELECT "capacity", "createdAt", "id", "overCapacity", "place", "releasedAt", "shipmentId", "shopDomain", "slotKey", "slotWords" FROM "SlotReservation";
DROP TABLE "SlotReservation";
ALTER TABLE "new_SlotReservation" RENAME TO "SlotReservation";
CREATE UNIQUE INDEX "SlotReservation_shipmentId_key" ON "SlotReservation"("shipmentId");
CREATE UNIQUE INDEX "SlotReservation_movingShipmentId_key" ON "SlotReservation"("movingShipmentId");
CREATE INDEX "SlotReservation_shopDomain_slotKey_releasedAt_idx" ON "SlotReservation"("shopDomain", "slotKey", "releasedAt");
CREATE UNIQUE INDEX "SlotReservation_shopDomain_slotKey_place_key" ON "SlotReservation"("shopDomain", "slotKey", "place");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

