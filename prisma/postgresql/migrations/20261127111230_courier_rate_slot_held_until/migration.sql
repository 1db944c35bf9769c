-- AlterTable
ALTER TABLE "CourierRateSlot" ADD COLUMN     "heldUntil" TIMESTAMP(3);

