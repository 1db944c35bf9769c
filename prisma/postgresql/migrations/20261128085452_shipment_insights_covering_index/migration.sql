-- DropIndex
DROP INDEX "Shipment_shopId_deliverStart_createdAt_idx";

-- CreateIndex
CREATE INDEX "Shipment_insights_idx" ON "Shipment"("shopId", "deliverStart", "createdAt", "locationGid", "kind", "state", "deliveryVerdict", "batchReferenceId", "priceCents", "shopperPriceCents", "tipCents", "paidToDeliveredMinutes", "id");

