-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN "shopperRating" INTEGER;

