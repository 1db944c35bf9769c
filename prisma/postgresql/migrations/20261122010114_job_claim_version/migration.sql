-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "Job_state_lockedUntil_idx" ON "Job"("state", "lockedUntil");

