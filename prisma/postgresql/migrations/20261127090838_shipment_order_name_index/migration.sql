-- CreateIndex
CREATE INDEX "Shipment_shopId_orderName_idx" ON "Shipment"("shopId", "orderName");

