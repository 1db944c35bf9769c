-- CreateTable
CREATE TABLE "OrderDispatch" (
    "id" TEXT NOT NULL,
    "shopDomain" TEXT NOT NULL,
    "orderGid" TEXT NOT NULL,
    "orderName" TEXT,
    "generation" INTEGER NOT NULL DEFAULT 1,
    "outcome" TEXT NOT NULL,
    "reason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OrderDispatch_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "OrderDispatch_shopDomain_orderGid_generation_key" ON "OrderDispatch"("shopDomain", "orderGid", "generation");

