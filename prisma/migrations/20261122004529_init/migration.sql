-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "isOnline" BOOLEAN NOT NULL DEFAULT false,
    "scope" TEXT,
    "expires" DATETIME,
    "accessToken" TEXT NOT NULL,
    "userId" BIGINT,
    "firstName" TEXT,
    "lastName" TEXT,
    "email" TEXT,
    "accountOwner" BOOLEAN,
    "locale" TEXT,
    "collaborator" BOOLEAN,
    "emailVerified" BOOLEAN,
    "refreshToken" TEXT,
    "refreshTokenExpires" DATETIME
);

-- CreateTable
CREATE TABLE "Shop" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "domain" TEXT NOT NULL,
    "installedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "uninstalledAt" DATETIME,
    "timezone" TEXT NOT NULL DEFAULT 'UTC',
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "plan" TEXT,
    "courierEnvironment" TEXT NOT NULL DEFAULT 'sandbox',
    "courierBaseUrl" TEXT,
    "courierTokenEncrypted" TEXT,
    "courierTokenLast4" TEXT,
    "courierConnectedAt" DATETIME,
    "webhookPathId" TEXT NOT NULL,
    "webhookAuthMethod" TEXT NOT NULL DEFAULT 'bearer',
    "webhookSecretEncrypted" TEXT,
    "webhookPreviousSecretEncrypted" TEXT,
    "webhookPreviousSecretExpiresAt" DATETIME,
    "lastCourierEventAt" DATETIME,
    "carrierServiceId" TEXT,
    "settingsJson" TEXT NOT NULL DEFAULT '{}',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "PickupLocation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "locationGid" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "contactName" TEXT,
    "contactPhone" TEXT,
    "notes" TEXT,
    "addressJson" TEXT NOT NULL DEFAULT '{}',
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "PickupLocation_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopDomain" TEXT NOT NULL,
    "webhookId" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "orderGid" TEXT,
    "customerGid" TEXT,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Job" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopDomain" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "payloadJson" TEXT NOT NULL,
    "uniqueKey" TEXT,
    "orderingKey" TEXT,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "runAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "maxAttempts" INTEGER NOT NULL DEFAULT 8,
    "lockedBy" TEXT,
    "lockedUntil" DATETIME,
    "lastError" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "finishedAt" DATETIME
);

-- CreateTable
CREATE TABLE "Shipment" (
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
    "estimatedDistance" REAL,
    "pickupAfter" DATETIME,
    "deliverStart" DATETIME,
    "deliverEnd" DATETIME,
    "requestJson" TEXT,
    "needsAttention" BOOLEAN NOT NULL DEFAULT false,
    "attentionReason" TEXT,
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
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Shipment_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CourierEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "shipmentId" TEXT,
    "courierShipmentId" TEXT,
    "eventName" TEXT NOT NULL,
    "occurredAt" DATETIME NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "payloadJson" TEXT NOT NULL,
    "synthesized" BOOLEAN NOT NULL DEFAULT false,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "appliedAt" DATETIME,
    "outcome" TEXT,
    CONSTRAINT "CourierEvent_shipmentId_fkey" FOREIGN KEY ("shipmentId") REFERENCES "Shipment" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ShipmentActivity" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shipmentId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ShipmentActivity_shipmentId_fkey" FOREIGN KEY ("shipmentId") REFERENCES "Shipment" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "QuoteMemory" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopDomain" TEXT NOT NULL,
    "cartSignature" TEXT NOT NULL,
    "serviceCode" TEXT NOT NULL,
    "priceCents" INTEGER NOT NULL,
    "courierCents" INTEGER NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "DataRequest" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopDomain" TEXT NOT NULL,
    "customerGid" TEXT,
    "requestId" TEXT,
    "reportJson" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "Session_shop_idx" ON "Session"("shop");

-- CreateIndex
CREATE UNIQUE INDEX "Shop_domain_key" ON "Shop"("domain");

-- CreateIndex
CREATE UNIQUE INDEX "Shop_webhookPathId_key" ON "Shop"("webhookPathId");

-- CreateIndex
CREATE UNIQUE INDEX "PickupLocation_shopId_locationGid_key" ON "PickupLocation"("shopId", "locationGid");

-- CreateIndex
CREATE INDEX "WebhookDelivery_shopDomain_topic_idx" ON "WebhookDelivery"("shopDomain", "topic");

-- CreateIndex
CREATE UNIQUE INDEX "WebhookDelivery_shopDomain_webhookId_key" ON "WebhookDelivery"("shopDomain", "webhookId");

-- CreateIndex
CREATE UNIQUE INDEX "Job_uniqueKey_key" ON "Job"("uniqueKey");

-- CreateIndex
CREATE INDEX "Job_state_runAt_idx" ON "Job"("state", "runAt");

-- CreateIndex
CREATE INDEX "Job_orderingKey_state_idx" ON "Job"("orderingKey", "state");

-- CreateIndex
CREATE INDEX "Job_shopDomain_state_idx" ON "Job"("shopDomain", "state");

-- CreateIndex
CREATE UNIQUE INDEX "Shipment_idempotencyKey_key" ON "Shipment"("idempotencyKey");

-- CreateIndex
CREATE INDEX "Shipment_shopId_orderGid_idx" ON "Shipment"("shopId", "orderGid");

-- CreateIndex
CREATE INDEX "Shipment_shopId_courierShipmentId_idx" ON "Shipment"("shopId", "courierShipmentId");

-- CreateIndex
CREATE INDEX "Shipment_shopId_trackingNumber_idx" ON "Shipment"("shopId", "trackingNumber");

-- CreateIndex
CREATE INDEX "Shipment_state_lastEventAt_idx" ON "Shipment"("state", "lastEventAt");

-- CreateIndex
CREATE UNIQUE INDEX "Shipment_shopId_fulfillmentOrderGid_generation_key" ON "Shipment"("shopId", "fulfillmentOrderGid", "generation");

-- CreateIndex
CREATE INDEX "CourierEvent_shipmentId_occurredAt_idx" ON "CourierEvent"("shipmentId", "occurredAt");

-- CreateIndex
CREATE UNIQUE INDEX "CourierEvent_shopId_dedupeKey_key" ON "CourierEvent"("shopId", "dedupeKey");

-- CreateIndex
CREATE INDEX "ShipmentActivity_shipmentId_createdAt_idx" ON "ShipmentActivity"("shipmentId", "createdAt");

-- CreateIndex
CREATE INDEX "QuoteMemory_expiresAt_idx" ON "QuoteMemory"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "QuoteMemory_shopDomain_cartSignature_serviceCode_key" ON "QuoteMemory"("shopDomain", "cartSignature", "serviceCode");

-- CreateIndex
CREATE INDEX "DataRequest_shopDomain_idx" ON "DataRequest"("shopDomain");

