-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN     "trackingTokenSealed" TEXT;

