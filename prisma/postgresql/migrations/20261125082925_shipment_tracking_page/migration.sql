-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "name" TEXT;

-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN     "trackingTokenHash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Shipment_trackingTokenHash_key" ON "Shipment"("trackingTokenHash");

