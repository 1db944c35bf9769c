-- CreateTable
CREATE TABLE "StaffAction" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "shipmentId" TEXT,
    "orderGid" TEXT,
    "action" TEXT NOT NULL,
    "detail" TEXT NOT NULL,
    "staffUserId" TEXT,
    "staffName" TEXT,
    "createdAt" DATETIME NOT NULL,
    CONSTRAINT "StaffAction_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "StaffAction_shopId_shipmentId_createdAt_idx" ON "StaffAction"("shopId", "shipmentId", "createdAt");

-- CreateIndex
CREATE INDEX "StaffAction_shopId_orderGid_createdAt_idx" ON "StaffAction"("shopId", "orderGid", "createdAt");

