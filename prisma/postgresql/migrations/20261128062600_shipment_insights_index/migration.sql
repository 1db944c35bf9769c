-- DropIndex
DROP INDEX "Shipment_shopId_deliverStart_idx";

-- CreateIndex
CREATE INDEX "Shipment_shopId_deliverStart_createdAt_idx" ON "Shipment"("shopId", "deliverStart", "createdAt");

