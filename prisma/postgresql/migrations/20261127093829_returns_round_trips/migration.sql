-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN     "batchReferenceId" TEXT,
ADD COLUMN     "batchSequence" INTEGER,
ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'delivery',
ADD COLUMN     "returnGid" TEXT,
ADD COLUMN     "reverseDeliveriesJson" TEXT;

-- CreateIndex
CREATE INDEX "Shipment_shopId_returnGid_idx" ON "Shipment"("shopId", "returnGid");

-- CreateIndex
CREATE INDEX "Shipment_shopId_batchReferenceId_idx" ON "Shipment"("shopId", "batchReferenceId");

