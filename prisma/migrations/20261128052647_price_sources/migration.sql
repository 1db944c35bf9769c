-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN "quotePriceSource" TEXT;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_QuoteMemory" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopDomain" TEXT NOT NULL,
    "cartSignature" TEXT NOT NULL,
    "serviceCode" TEXT NOT NULL,
    "priceCents" INTEGER NOT NULL,
    "courierCents" INTEGER,
    "priceSource" TEXT NOT NULL DEFAULT 'live',
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_QuoteMemory" ("cartSignature", "courierCents", "createdAt", "expiresAt", "id", "priceCents", "serviceCode", "shopDomain") SELECT "cartSignature", "courierCents", "createdAt", "expiresAt", "id", "priceCents", "serviceCode", "shopDomain" FROM "QuoteMemory";
DROP TABLE "QuoteMemory";
ALTER TABLE "new_QuoteMemory" RENAME TO "QuoteMemory";
CREATE INDEX "QuoteMemory_expiresAt_idx" ON "QuoteMemory"("expiresAt");
CREATE UNIQUE INDEX "QuoteMemory_shopDomain_cartSignature_serviceCode_key" ON "QuoteMemory"("shopDomain", "cartSignature", "serviceCode");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

