-- CreateTable
CREATE TABLE "FlowActionRun" (
    "id" TEXT NOT NULL,
    "shopDomain" TEXT NOT NULL,
    "actionRunId" TEXT NOT NULL,
    "handle" TEXT NOT NULL,
    "orderGid" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'running',
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "FlowActionRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "FlowActionRun_shopDomain_actionRunId_key" ON "FlowActionRun"("shopDomain", "actionRunId");

