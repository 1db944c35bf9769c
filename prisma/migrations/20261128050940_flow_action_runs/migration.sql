-- CreateTable
CREATE TABLE "FlowActionRun" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopDomain" TEXT NOT NULL,
    "actionRunId" TEXT NOT NULL,
    "handle" TEXT NOT NULL,
    "orderGid" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'running',
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME
);

-- CreateIndex
CREATE UNIQUE INDEX "FlowActionRun_shopDomain_actionRunId_key" ON "FlowActionRun"("shopDomain", "actionRunId");

