-- CreateTable
CREATE TABLE "CourierRateSlot" (
    "tokenKey" TEXT NOT NULL,
    "slot" INTEGER NOT NULL,
    "lane" TEXT,
    "grantedAt" TIMESTAMP(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "CourierRateSlot_pkey" PRIMARY KEY ("tokenKey","slot")
);

