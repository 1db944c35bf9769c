-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN     "quotePriceSource" TEXT;

-- AlterTable
ALTER TABLE "QuoteMemory" ADD COLUMN     "priceSource" TEXT NOT NULL DEFAULT 'live',
ALTER COLUMN "courierCents" DROP NOT NULL;

