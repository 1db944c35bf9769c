-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN "delayedEventAt" DATETIME;

