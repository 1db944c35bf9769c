-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "locales" TEXT;

