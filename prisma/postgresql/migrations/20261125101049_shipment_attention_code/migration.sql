-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN     "attentionCode" TEXT;

