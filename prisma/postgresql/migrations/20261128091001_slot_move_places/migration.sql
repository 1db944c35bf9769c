-- AlterTable
ALTER TABLE "SlotReservation" ADD COLUMN     "moveJson" TEXT,
ADD COLUMN     "movingShipmentId" TEXT,
ALTER COLUMN "shipmentId" DROP NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "SlotReservation_movingShipmentId_key" ON "SlotReservation"("movingShipmentId");

-- AddForeignKey
ALTER TABLE "SlotReservation" ADD CONSTRAINT "SlotReservation_movingShipmentId_fkey" FOREIGN KEY ("movingShipmentId") REFERENCES "Shipment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

