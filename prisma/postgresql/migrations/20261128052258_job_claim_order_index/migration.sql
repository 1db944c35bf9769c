-- CreateIndex
CREATE INDEX "Job_state_createdAt_id_idx" ON "Job"("state", "createdAt", "id");

