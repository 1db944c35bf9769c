-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN "deliveryVerdict" TEXT;
ALTER TABLE "Shipment" ADD COLUMN "paidToDeliveredMinutes" INTEGER;

