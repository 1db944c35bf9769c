-- CreateTable
CREATE TABLE "CourierRateSlot" (
    "tokenKey" TEXT NOT NULL,
    "slot" INTEGER NOT NULL,
    "lane" TEXT,
    "grantedAt" DATETIME NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("tokenKey", "slot")
);

