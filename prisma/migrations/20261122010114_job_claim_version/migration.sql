-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Job" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopDomain" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "payloadJson" TEXT NOT NULL,
    "uniqueKey" TEXT,
    "orderingKey" TEXT,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "runAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "maxAttempts" INTEGER NOT NULL DEFAULT 8,
    "version" INTEGER NOT NULL DEFAULT 0,
    "lockedBy" TEXT,
    "lockedUntil" DATETIME,
    "lastError" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "finishedAt" DATETIME
);
INSERT INTO "new_Job" ("attempts", "createdAt", "finishedAt", "id", "kind", "lastError", "lockedBy", "lockedUntil", "maxAttempts", "orderingKey", "payloadJson", "runAt", "shopDomain", "state", "uniqueKey", "updatedAt") SELECT "attempts", "createdAt", "finishedAt", "id", "kind", "lastError", "lockedBy", "lockedUntil", "maxAttempts", "orderingKey", "payloadJson", "runAt", "shopDomain", "state", "uniqueKey", "updatedAt" FROM "Job";
DROP TABLE "Job";
ALTER TABLE "new_Job" RENAME TO "Job";
CREATE UNIQUE INDEX "Job_uniqueKey_key" ON "Job"("uniqueKey");
CREATE INDEX "Job_state_runAt_idx" ON "Job"("state", "runAt");
CREATE INDEX "Job_state_lockedUntil_idx" ON "Job"("state", "lockedUntil");
CREATE INDEX "Job_orderingKey_state_idx" ON "Job"("orderingKey", "state");
CREATE INDEX "Job_shopDomain_state_idx" ON "Job"("shopDomain", "state");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

