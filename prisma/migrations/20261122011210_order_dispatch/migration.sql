-- CreateTable
CREATE TABLE "OrderDispatch" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopDomain" TEXT NOT NULL,
    "orderGid" TEXT NOT NULL,
    "orderName" TEXT,
    "generation" INTEGER NOT NULL DEFAULT 1,
    "outcome" TEXT NOT NULL,
    "reason" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "OrderDispatch_shopDomain_orderGid_generation_key" ON "OrderDispatch"("shopDomain", "orderGid", "generation");

