-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN "shopperPriceCents" INTEGER;

