-- AlterTable
ALTER TABLE "CourierRateSlot" ADD COLUMN "heldUntil" DATETIME;

