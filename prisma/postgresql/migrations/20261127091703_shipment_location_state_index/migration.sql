-- CreateIndex
CREATE INDEX "Shipment_shopId_locationGid_state_pickupAfter_idx" ON "Shipment"("shopId", "locationGid", "state", "pickupAfter");

