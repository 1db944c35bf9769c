-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN     "atPickupAt" TIMESTAMP(3),
ADD COLUMN     "deliveredAt" TIMESTAMP(3),
ADD COLUMN     "driverAssignedAt" TIMESTAMP(3),
ADD COLUMN     "pickedUpAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Shipment_shopId_deliverStart_idx" ON "Shipment"("shopId", "deliverStart");

