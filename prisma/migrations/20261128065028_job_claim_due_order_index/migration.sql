-- DropIndex
DROP INDEX "Job_state_createdAt_id_idx";

-- DropIndex
DROP INDEX "Job_state_runAt_idx";

-- CreateIndex
CREATE INDEX "Job_state_runAt_createdAt_id_idx" ON "Job"("state", "runAt", "createdAt", "id");

