-- CreateIndex
CREATE INDEX "Shipment_shopId_replacedByCourierId_idx" ON "Shipment"("shopId", "replacedByCourierId");

