-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Shipment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "orderGid" TEXT NOT NULL,
    "orderName" TEXT NOT NULL,
    "customerGid" TEXT,
    "fulfillmentOrderGid" TEXT NOT NULL,
    "locationGid" TEXT NOT NULL,
    "generation" INTEGER NOT NULL DEFAULT 1,
    "idempotencyKey" TEXT NOT NULL,
    "courierShipmentId" TEXT,
    "trackingNumber" TEXT,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "serviceCode" TEXT,
    "priceCents" INTEGER,
    "quotedPriceCents" INTEGER,
    "shopperPriceCents" INTEGER,
    "estimatedDistance" REAL,
    "pickupAfter" DATETIME,
    "deliverStart" DATETIME,
    "deliverEnd" DATETIME,
    "requestJson" TEXT,
    "needsAttention" BOOLEAN NOT NULL DEFAULT false,
    "attentionReason" TEXT,
    "attentionCode" TEXT,
    "fulfillmentGid" TEXT,
    "driverName" TEXT,
    "driverPhone" TEXT,
    "vehicleJson" TEXT,
    "signatoryName" TEXT,
    "photosJson" TEXT,
    "lastLatitude" REAL,
    "lastLongitude" REAL,
    "etaAt" DATETIME,
    "groupId" TEXT,
    "lastEventAt" DATETIME,
    "lastTrackingEventAt" DATETIME,
    "replacedByCourierId" TEXT,
    "tipCents" INTEGER,
    "rating" INTEGER,
    "trackingTokenHash" TEXT,
    "trackingTokenSealed" TEXT,
    "kind" TEXT NOT NULL DEFAULT 'delivery',
    "returnGid" TEXT,
    "batchReferenceId" TEXT,
    "batchSequence" INTEGER,
    "reverseDeliveriesJson" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Shipment_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Shipment" ("attentionCode", "attentionReason", "courierShipmentId", "createdAt", "customerGid", "deliverEnd", "deliverStart", "driverName", "driverPhone", "estimatedDistance", "etaAt", "fulfillmentGid", "fulfillmentOrderGid", "generation", "groupId", "id", "idempotencyKey", "lastEventAt", "lastLatitude", "lastLongitude", "lastTrackingEventAt", "locationGid", "needsAttention", "orderGid", "orderName", "photosJson", "pickupAfter", "priceCents", "quotedPriceCents", "rating", "replacedByCourierId", "requestJson", "serviceCode", "shopId", "shopperPriceCents", "signatoryName", "state", "tipCents", "trackingNumber", "trackingTokenHash", "trackingTokenSealed", "updatedAt", "vehicleJson") SELECT "attentionCode", "attentionReason", "courierShipmentId", "createdAt", "customerGid", "deliverEnd", "deliverStart", "driverName", "driverPhone", "estimatedDistance", "etaAt", "fulfillmentGid", "fulfillmentOrderGid", "generation", "groupId", "id", "idempotencyKey", "lastEventAt", "lastLatitude", "lastLongitude", "lastTrackingEventAt", "locationGid", "needsAttention", "orderGid", "orderName", "photosJson", "pickupAfter", "priceCents", "quotedPriceCents", "rating", "replacedByCourierId", "requestJson", "serviceCode", "shopId", "shopperPriceCents", "signatoryName", "state", "tipCents", "trackingNumber", "trackingTokenHash", "trackingTokenSealed", "updatedAt", "vehicleJson" FROM "Shipment";
DROP TABLE "Shipment";
ALTER TABLE "new_Shipment" RENAME TO "Shipment";
CREATE UNIQUE INDEX "Shipment_idempotencyKey_key" ON "Shipment"("idempotencyKey");
CREATE UNIQUE INDEX "Shipment_trackingTokenHash_key" ON "Shipment"("trackingTokenHash");
CREATE INDEX "Shipment_shopId_orderGid_idx" ON "Shipment"("shopId", "orderGid");
CREATE INDEX "Shipment_shopId_courierShipmentId_idx" ON "Shipment"("shopId", "courierShipmentId");
CREATE INDEX "Shipment_shopId_replacedByCourierId_idx" ON "Shipment"("shopId", "replacedByCourierId");
CREATE INDEX "Shipment_shopId_trackingNumber_idx" ON "Shipment"("shopId", "trackingNumber");
CREATE INDEX "Shipment_state_lastEventAt_idx" ON "Shipment"("state", "lastEventAt");
CREATE INDEX "Shipment_shopId_pickupAfter_idx" ON "Shipment"("shopId", "pickupAfter");
CREATE INDEX "Shipment_shopId_state_pickupAfter_idx" ON "Shipment"("shopId", "state", "pickupAfter");
CREATE INDEX "Shipment_shopId_needsAttention_pickupAfter_idx" ON "Shipment"("shopId", "needsAttention", "pickupAfter");
CREATE INDEX "Shipment_shopId_createdAt_idx" ON "Shipment"("shopId", "createdAt");
CREATE INDEX "Shipment_shopId_orderName_idx" ON "Shipment"("shopId", "orderName");
CREATE INDEX "Shipment_shopId_locationGid_state_pickupAfter_idx" ON "Shipment"("shopId", "locationGid", "state", "pickupAfter");
CREATE INDEX "Shipment_shopId_returnGid_idx" ON "Shipment"("shopId", "returnGid");
CREATE INDEX "Shipment_shopId_batchReferenceId_idx" ON "Shipment"("shopId", "batchReferenceId");
CREATE UNIQUE INDEX "Shipment_shopId_fulfillmentOrderGid_generation_key" ON "Shipment"("shopId", "fulfillmentOrderGid", "generation");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

