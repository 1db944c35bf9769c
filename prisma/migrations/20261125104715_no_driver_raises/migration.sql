-- CreateTable
CREATE TABLE "NoDriverRaise" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "shipmentId" TEXT NOT NULL,
    "courierShipmentId" TEXT NOT NULL,
    "checkAt" DATETIME NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "extraCompensationCents" INTEGER NOT NULL,
    "raisedAt" DATETIME NOT NULL,
    "sentAt" DATETIME,
    CONSTRAINT "NoDriverRaise_shipmentId_fkey" FOREIGN KEY ("shipmentId") REFERENCES "Shipment" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "NoDriverRaise_shopId_raisedAt_idx" ON "NoDriverRaise"("shopId", "raisedAt");

-- CreateIndex
CREATE UNIQUE INDEX "NoDriverRaise_shipmentId_courierShipmentId_checkAt_key" ON "NoDriverRaise"("shipmentId", "courierShipmentId", "checkAt");

