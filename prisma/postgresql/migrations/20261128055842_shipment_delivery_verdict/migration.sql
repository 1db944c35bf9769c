-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN     "deliveryVerdict" TEXT,
ADD COLUMN     "paidToDeliveredMinutes" INTEGER;

