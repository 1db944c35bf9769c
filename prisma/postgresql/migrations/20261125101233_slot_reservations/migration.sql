-- CreateTable
CREATE TABLE "SlotReservation" (
    "id" TEXT NOT NULL,
    "shopDomain" TEXT NOT NULL,
    "shipmentId" TEXT NOT NULL,
    "slotKey" TEXT NOT NULL,
    "slotWords" TEXT NOT NULL,
    "capacity" INTEGER,
    "place" INTEGER,
    "overCapacity" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "releasedAt" TIMESTAMP(3),

    CONSTRAINT "SlotReservation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SlotReservation_shipmentId_key" ON "SlotReservation"("shipmentId");

-- CreateIndex
CREATE INDEX "SlotReservation_shopDomain_slotKey_releasedAt_idx" ON "SlotReservation"("shopDomain", "slotKey", "releasedAt");

-- CreateIndex
CREATE UNIQUE INDEX "SlotReservation_shopDomain_slotKey_place_key" ON "SlotReservation"("shopDomain", "slotKey", "place");

-- AddForeignKey
ALTER TABLE "SlotReservation" ADD CONSTRAINT "SlotReservation_shipmentId_fkey" FOREIGN KEY ("shipmentId") REFERENCES "Shipment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

