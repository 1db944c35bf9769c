-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN     "delayedEventAt" TIMESTAMP(3);

