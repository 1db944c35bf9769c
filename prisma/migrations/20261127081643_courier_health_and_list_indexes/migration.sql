-- AlterTable
ALTER TABLE "Shop" ADD COLUMN "courierCheckDetail" TEXT;
ALTER TABLE "Shop" ADD COLUMN "courierCheckStatus" TEXT;
ALTER TABLE "Shop" ADD COLUMN "courierCheckedAt" DATETIME;

-- CreateIndex
CREATE INDEX "Shipment_shopId_pickupAfter_idx" ON "Shipment"("shopId", "pickupAfter");

-- CreateIndex
CREATE INDEX "Shipment_shopId_state_pickupAfter_idx" ON "Shipment"("shopId", "state", "pickupAfter");

-- CreateIndex
CREATE INDEX "Shipment_shopId_needsAttention_pickupAfter_idx" ON "Shipment"("shopId", "needsAttention", "pickupAfter");

-- CreateIndex
CREATE INDEX "Shipment_shopId_createdAt_idx" ON "Shipment"("shopId", "createdAt");

