-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN "atPickupAt" DATETIME;
ALTER TABLE "Shipment" ADD COLUMN "deliveredAt" DATETIME;
ALTER TABLE "Shipment" ADD COLUMN "driverAssignedAt" DATETIME;
ALTER TABLE "Shipment" ADD COLUMN "pickedUpAt" DATETIME;

-- CreateIndex
CREATE INDEX "Shipment_shopId_deliverStart_idx" ON "Shipment"("shopId", "deliverStart");

