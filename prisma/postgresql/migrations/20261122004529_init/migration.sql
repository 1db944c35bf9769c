-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "isOnline" BOOLEAN NOT NULL DEFAULT false,
    "scope" TEXT,
    "expires" TIMESTAMP(3),
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
    "refreshTokenExpires" TIMESTAMP(3),

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Shop" (
    "id" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "installedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "uninstalledAt" TIMESTAMP(3),
    "timezone" TEXT NOT NULL DEFAULT 'UTC',
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "plan" TEXT,
    "courierEnvironment" TEXT NOT NULL DEFAULT 'sandbox',
    "courierBaseUrl" TEXT,
    "courierTokenEncrypted" TEXT,
    "courierTokenLast4" TEXT,
    "courierConnectedAt" TIMESTAMP(3),
    "webhookPathId" TEXT NOT NULL,
    "webhookAuthMethod" TEXT NOT NULL DEFAULT 'bearer',
    "webhookSecretEncrypted" TEXT,
    "webhookPreviousSecretEncrypted" TEXT,
    "webhookPreviousSecretExpiresAt" TIMESTAMP(3),
    "lastCourierEventAt" TIMESTAMP(3),
    "carrierServiceId" TEXT,
    "settingsJson" TEXT NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Shop_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PickupLocation" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "locationGid" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "contactName" TEXT,
    "contactPhone" TEXT,
    "notes" TEXT,
    "addressJson" TEXT NOT NULL DEFAULT '{}',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PickupLocation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "id" TEXT NOT NULL,
    "shopDomain" TEXT NOT NULL,
    "webhookId" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "orderGid" TEXT,
    "customerGid" TEXT,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Job" (
    "id" TEXT NOT NULL,
    "shopDomain" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "payloadJson" TEXT NOT NULL,
    "uniqueKey" TEXT,
    "orderingKey" TEXT,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "runAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "maxAttempts" INTEGER NOT NULL DEFAULT 8,
    "lockedBy" TEXT,
    "lockedUntil" TIMESTAMP(3),
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Job_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Shipment" (
    "id" TEXT NOT NULL,
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
    "estimatedDistance" DOUBLE PRECISION,
    "pickupAfter" TIMESTAMP(3),
    "deliverStart" TIMESTAMP(3),
    "deliverEnd" TIMESTAMP(3),
    "requestJson" TEXT,
    "needsAttention" BOOLEAN NOT NULL DEFAULT false,
    "attentionReason" TEXT,
    "fulfillmentGid" TEXT,
    "driverName" TEXT,
    "driverPhone" TEXT,
    "vehicleJson" TEXT,
    "signatoryName" TEXT,
    "photosJson" TEXT,
    "lastLatitude" DOUBLE PRECISION,
    "lastLongitude" DOUBLE PRECISION,
    "etaAt" TIMESTAMP(3),
    "groupId" TEXT,
    "lastEventAt" TIMESTAMP(3),
    "lastTrackingEventAt" TIMESTAMP(3),
    "replacedByCourierId" TEXT,
    "tipCents" INTEGER,
    "rating" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Shipment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CourierEvent" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "shipmentId" TEXT,
    "courierShipmentId" TEXT,
    "eventName" TEXT NOT NULL,
    "occurredAt" TIMESTAMP(3) NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "payloadJson" TEXT NOT NULL,
    "synthesized" BOOLEAN NOT NULL DEFAULT false,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "appliedAt" TIMESTAMP(3),
    "outcome" TEXT,

    CONSTRAINT "CourierEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShipmentActivity" (
    "id" TEXT NOT NULL,
    "shipmentId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ShipmentActivity_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QuoteMemory" (
    "id" TEXT NOT NULL,
    "shopDomain" TEXT NOT NULL,
    "cartSignature" TEXT NOT NULL,
    "serviceCode" TEXT NOT NULL,
    "priceCents" INTEGER NOT NULL,
    "courierCents" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "QuoteMemory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DataRequest" (
    "id" TEXT NOT NULL,
    "shopDomain" TEXT NOT NULL,
    "customerGid" TEXT,
    "requestId" TEXT,
    "reportJson" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DataRequest_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "PickupLocation" ADD CONSTRAINT "PickupLocation_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Shipment" ADD CONSTRAINT "Shipment_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CourierEvent" ADD CONSTRAINT "CourierEvent_shipmentId_fkey" FOREIGN KEY ("shipmentId") REFERENCES "Shipment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShipmentActivity" ADD CONSTRAINT "ShipmentActivity_shipmentId_fkey" FOREIGN KEY ("shipmentId") REFERENCES "Shipment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

