import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { parseSqlRows } from "~/db/sql-row";

/**
 * The once-per-`action_run_id` record of a Shopify Flow action run, with its state: "running" while
 * the app acts, "done" once the run succeeded or the courier acted. A resend that finds a running
 * run is told to come back (a 503 with Retry-After, which Flow retries); "done before" is said only
 * of a done run. A run that failed before the courier acted leaves no row, so Flow's retry acts.
 */

export const FLOW_RUN_STATES = { running: "running", done: "done" } as const;

/**
 * A running record older than this belongs to a process that died mid-run (a run's every courier
 * call ends within a minute: the staff budget is 8 s, the courier client's timeouts and retries
 * far less than this), so a resend takes it over rather than waiting for ever.
 */
export const FLOW_RUN_STALE_MS = 10 * 60_000;

export type FlowRunKey = { shopDomain: string; actionRunId: string };
export type FlowRunClaim = { kind: "claimed" } | { kind: "running" } | { kind: "done" };

const claimedRow = z.object({ id: z.string() });

/** Starts the run: claimed (this request acts), or the state another request left it in. */
export async function claimFlowRun(
  db: Db,
  run: FlowRunKey & { handle: string; orderGid: string },
  now: Date,
): Promise<FlowRunClaim> {
  // One raw statement: a concurrent resend inserts nothing and reads the first request's row.
  const rows = await db.$queryRaw`
    INSERT INTO "FlowActionRun" ("id", "shopDomain", "actionRunId", "handle", "orderGid", "state", "startedAt")
    VALUES (${randomUUID()}, ${run.shopDomain}, ${run.actionRunId}, ${run.handle}, ${run.orderGid},
      ${FLOW_RUN_STATES.running}, ${now})
    ON CONFLICT ("shopDomain", "actionRunId") DO NOTHING
    RETURNING "id"`;
  if (parseSqlRows(claimedRow, rows, "FlowActionRun").length === 1) return { kind: "claimed" };
  const where = { shopDomain_actionRunId: { shopDomain: run.shopDomain, actionRunId: run.actionRunId } };
  const existing = await db.flowActionRun.findUnique({ where, select: { state: true } });
  if (!existing) return claimFlowRun(db, run, now); // deleted by its failed run in between: act now
  if (existing.state === FLOW_RUN_STATES.done) return { kind: "done" };
  // Taken over only when stale, by a conditional update that one resend alone wins.
  const takenOver = await db.flowActionRun.updateMany({
    where: {
      shopDomain: run.shopDomain,
      actionRunId: run.actionRunId,
      state: FLOW_RUN_STATES.running,
      startedAt: { lt: new Date(now.getTime() - FLOW_RUN_STALE_MS) },
    },
    data: { startedAt: now },
  });
  return takenOver.count === 1 ? { kind: "claimed" } : { kind: "running" };
}

export async function finishFlowRun(db: Db, run: FlowRunKey, now: Date): Promise<void> {
  await db.flowActionRun.updateMany({
    where: { shopDomain: run.shopDomain, actionRunId: run.actionRunId },
    data: { state: FLOW_RUN_STATES.done, finishedAt: now },
  });
}

/** A run that failed before the courier acted: its row goes, so Flow's retry is acted on. */
export async function forgetFlowRun(db: Db, run: FlowRunKey): Promise<void> {
  await db.flowActionRun.deleteMany({
    where: { shopDomain: run.shopDomain, actionRunId: run.actionRunId, state: FLOW_RUN_STATES.running },
  });
}
