-- CreateTable
CREATE TABLE "QuoteFunnelHour" (
    "shopDomain" TEXT NOT NULL,
    "locationGid" TEXT NOT NULL,
    "hourStart" DATETIME NOT NULL,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "ratedLive" INTEGER NOT NULL DEFAULT 0,
    "ratedCache" INTEGER NOT NULL DEFAULT 0,
    "ratedMemory" INTEGER NOT NULL DEFAULT 0,
    "ratedModel" INTEGER NOT NULL DEFAULT 0,
    "ratedFallback" INTEGER NOT NULL DEFAULT 0,
    "noneOutOfArea" INTEGER NOT NULL DEFAULT 0,
    "noneClosed" INTEGER NOT NULL DEFAULT 0,
    "noneSlotFull" INTEGER NOT NULL DEFAULT 0,
    "noneCourier" INTEGER NOT NULL DEFAULT 0,
    "noneAddress" INTEGER NOT NULL DEFAULT 0,
    "noneCart" INTEGER NOT NULL DEFAULT 0,
    "noneSetup" INTEGER NOT NULL DEFAULT 0,
    "noneOther" INTEGER NOT NULL DEFAULT 0,
    "msUpTo10" INTEGER NOT NULL DEFAULT 0,
    "msUpTo25" INTEGER NOT NULL DEFAULT 0,
    "msUpTo50" INTEGER NOT NULL DEFAULT 0,
    "msUpTo100" INTEGER NOT NULL DEFAULT 0,
    "msUpTo250" INTEGER NOT NULL DEFAULT 0,
    "msUpTo500" INTEGER NOT NULL DEFAULT 0,
    "msUpTo1000" INTEGER NOT NULL DEFAULT 0,
    "msUpTo2000" INTEGER NOT NULL DEFAULT 0,
    "msUpTo3000" INTEGER NOT NULL DEFAULT 0,
    "msUpTo5000" INTEGER NOT NULL DEFAULT 0,
    "msUpTo10000" INTEGER NOT NULL DEFAULT 0,
    "msOver10000" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("shopDomain", "locationGid", "hourStart")
);

-- CreateIndex
CREATE INDEX "QuoteFunnelHour_shopDomain_hourStart_idx" ON "QuoteFunnelHour"("shopDomain", "hourStart");

