-- AlterTable
ALTER TABLE "Shop" ADD COLUMN "carrierServiceRefusal" TEXT;
ALTER TABLE "Shop" ADD COLUMN "carrierServiceRefusedAt" DATETIME;
ALTER TABLE "Shop" ADD COLUMN "firstLocalDeliveryOrderAt" DATETIME;
ALTER TABLE "Shop" ADD COLUMN "firstLocalDeliveryOrderName" TEXT;

