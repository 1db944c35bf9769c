-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "carrierServiceRefusal" TEXT,
ADD COLUMN     "carrierServiceRefusedAt" TIMESTAMP(3),
ADD COLUMN     "firstLocalDeliveryOrderAt" TIMESTAMP(3),
ADD COLUMN     "firstLocalDeliveryOrderName" TEXT;

