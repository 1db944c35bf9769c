-- CreateTable
CREATE TABLE "StaffAction" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "shipmentId" TEXT,
    "orderGid" TEXT,
    "action" TEXT NOT NULL,
    "detail" TEXT NOT NULL,
    "staffUserId" TEXT,
    "staffName" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "StaffAction_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "StaffAction_shopId_shipmentId_createdAt_idx" ON "StaffAction"("shopId", "shipmentId", "createdAt");

-- CreateIndex
CREATE INDEX "StaffAction_shopId_orderGid_createdAt_idx" ON "StaffAction"("shopId", "orderGid", "createdAt");

-- AddForeignKey
ALTER TABLE "StaffAction" ADD CONSTRAINT "StaffAction_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

