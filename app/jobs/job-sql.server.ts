/**
 * The job queue's raw SQL, all of it, written once for both databases (quoted identifiers,
 * parameters typed by the adapters, every date written by the app), with every returned row parsed.
 *
 * Raw because these statements run on the webhooks' and the worker's hot paths: a model query's
 * compilation cost more than the statement, and Prisma runs every model `updateMany` in a
 * transaction of its own (README, Decisions 2026-11-24 and 2026-11-25).
 *
 * Every state change is one conditional UPDATE whose WHERE repeats what was read (id, state,
 * version) and is accepted only when it changed exactly one row; `version` grows with every claim,
 * which fences a worker whose lease ended and whose job was taken over.
 *
 * The claim rule (which job is eligible, and in what order) is written once, in `eligibleJob` and
 * `CLAIM_ORDER`, and both databases' claims are one statement built on it. They differ only in how
 * the picked row is held: PostgreSQL, where many workers in several instances claim at once, locks
 * it with `FOR UPDATE SKIP LOCKED`, so concurrent claimers take different jobs without waiting on
 * each other (under READ COMMITTED a row another claimer changed meanwhile is re-checked against
 * the WHERE once its lock is free); SQLite has one writer at a time, so its UPDATE's subquery and
 * update are one atomic step.
 */
import { randomUUID } from "node:crypto";
import { sqlRows, sqlExecute } from "~/db/direct-sql.server";
import { Prisma, type Job as JobRow } from "@prisma/client";
import { z } from "zod";
import type { DatabaseProvider } from "~/db/provider";
import { parseSqlRows } from "~/db/sql-row";
import type { newJobRow } from "./job";
import { parseJobRows } from "./job-row";
import type { Store } from "./queue-context.server";

/** A row to insert: the validated input plus what the queue decides (id, creation time). */
export type JobInsert = ReturnType<typeof newJobRow> & { createdAt: Date; updatedAt: Date };

/**
 * Which jobs a claim may take: `kinds` undefined means any kind, `excluded` empty means no kind left
 * out; none of the shops in `excludedShops`; with `idleShopsOnly`, only jobs of shops that have no job
 * running (in any instance), the fair pass that lets a quiet shop go before a busy one.
 */
export type KindFilter = {
  kinds: readonly string[] | undefined;
  excluded: readonly string[];
  excludedShops?: readonly string[];
  idleShopsOnly?: boolean;
};

/** What a conditional update changes. */
export type JobChange =
  | { to: "done"; at: Date }
  | { to: "dead"; lastError: string; at: Date }
  | { to: "queued"; lastError: string; runAt: Date }
  | { to: "leased"; lockedUntil: Date };

function insertSql(rows: readonly JobInsert[]): Prisma.Sql {
  const values = rows.map(
    (row) => Prisma.sql`(${randomUUID()}, ${row.shopDomain}, ${row.kind}, ${row.payloadJson}, ${row.uniqueKey},
      ${row.orderingKey}, ${row.runAt}, ${row.maxAttempts}, ${row.createdAt}, ${row.updatedAt})`,
  );
  return Prisma.sql`
    INSERT INTO "Job" ("id", "shopDomain", "kind", "payloadJson", "uniqueKey", "orderingKey", "runAt", "maxAttempts", "createdAt", "updatedAt")
    VALUES ${Prisma.join(values)}`;
}

/**
 * Inserts one job and returns its row, or null when its uniqueKey is taken: a taken key inserts
 * nothing rather than failing, since on PostgreSQL a failed statement aborts the caller's transaction.
 */
export async function insertJobUnlessKeyTaken(store: Store, row: JobInsert): Promise<JobRow | null> {
  const rows = parseJobRows(await sqlRows(store, Prisma.sql`${insertSql([row])} ON CONFLICT DO NOTHING RETURNING *`));
  return rows[0] ?? null;
}

/** Inserts jobs (without uniqueKeys) in one statement; returns how many. */
export async function insertJobs(store: Store, rows: readonly JobInsert[]): Promise<number> {
  return rows.length === 0 ? 0 : sqlExecute(store, insertSql(rows));
}

const orderingKeyRow = z.object({ orderingKey: z.string() });

/**
 * Touches the queued jobs of `kind` with these ordering keys and returns the keys it found. One
 * statement reads and writes: a job it returns was queued at that moment and now holds `tx`'s write
 * (SQLite: the file's; PostgreSQL: the row's) until it commits, so it cannot be claimed before.
 */
export async function holdQueuedJobs(
  tx: Store,
  kind: string,
  orderingKeys: readonly string[],
  now: Date,
): Promise<Set<string>> {
  const rows = await sqlRows(
    tx,
    Prisma.sql`
    UPDATE "Job" SET "updatedAt" = ${now}
    WHERE "state" = 'queued' AND "kind" = ${kind} AND "orderingKey" IN (${Prisma.join([...orderingKeys])})
    RETURNING "orderingKey"`,
  );
  return new Set(parseSqlRows(orderingKeyRow, rows, "Job ordering key").map((row) => row.orderingKey));
}

function setClause(change: JobChange): Prisma.Sql {
  switch (change.to) {
    case "done":
      return Prisma.sql`"state" = 'done', "finishedAt" = ${change.at}, "lockedBy" = NULL, "lockedUntil" = NULL`;
    case "dead":
      return Prisma.sql`"state" = 'dead', "lastError" = ${change.lastError}, "finishedAt" = ${change.at}, "lockedBy" = NULL, "lockedUntil" = NULL`;
    case "queued":
      return Prisma.sql`"state" = 'queued', "lastError" = ${change.lastError}, "runAt" = ${change.runAt}, "lockedBy" = NULL, "lockedUntil" = NULL`;
    case "leased":
      return Prisma.sql`"lockedUntil" = ${change.lockedUntil}`;
  }
}

/**
 * One conditional change of a running job under the claim `version`, `updatedAt` stamped as Prisma
 * would; returns the rows changed (1, or 0 when the claim no longer holds).
 */
export function changeClaimedJob(
  store: Store,
  claim: { id: string; version: number },
  change: JobChange,
  now: Date,
): Promise<number> {
  return sqlExecute(
    store,
    Prisma.sql`
    UPDATE "Job" SET ${setClause(change)}, "updatedAt" = ${now}
    WHERE "id" = ${claim.id} AND "state" = 'running' AND "version" = ${claim.version}`,
  );
}

/**
 * The claim rule, for the candidate row `c`: due (queued with runAt <= now; a running job whose lease
 * ended is queued again by the sweep, sweepAbandonedJobs), of an allowed kind and shop, and not held
 * back by its orderingKey (another job with the key running under a live lease, or older and
 * unfinished; dead jobs hold nothing back).
 */
function eligibleJob(
  now: Date,
  { kinds, excluded, excludedShops = [], idleShopsOnly = false }: KindFilter,
): Prisma.Sql {
  const kindFilter = kinds ? Prisma.sql`AND c."kind" IN (${Prisma.join([...kinds])})` : Prisma.empty;
  const excludedFilter =
    excluded.length > 0 ? Prisma.sql`AND c."kind" NOT IN (${Prisma.join([...excluded])})` : Prisma.empty;
  const shopFilter =
    excludedShops.length > 0
      ? Prisma.sql`AND c."shopDomain" NOT IN (${Prisma.join([...excludedShops])})`
      : Prisma.empty;
  // Uncorrelated: read once per statement, from the few running rows (index on state).
  const idleFilter = idleShopsOnly
    ? Prisma.sql`AND c."shopDomain" NOT IN (SELECT r."shopDomain" FROM "Job" AS r WHERE r."state" = 'running')`
    : Prisma.empty;
  return Prisma.sql`c."state" = 'queued' AND c."runAt" <= ${now}
    ${kindFilter}
    ${excludedFilter}
    ${shopFilter}
    ${idleFilter}
    AND (c."orderingKey" IS NULL OR NOT EXISTS (
      SELECT 1 FROM "Job" AS o
      WHERE o."orderingKey" = c."orderingKey" AND o."id" <> c."id"
        AND ((o."state" = 'running' AND o."lockedUntil" >= ${now})
          OR (o."state" IN ('queued', 'running')
            AND (o."createdAt" < c."createdAt" OR (o."createdAt" = c."createdAt" AND o."id" < c."id"))))))`;
}

/**
 * Due time, then creation order (among jobs sharing an orderingKey the elder always comes first: the
 * rule above holds the younger back). Served by the index on ("state", "runAt", "createdAt", "id"):
 * the claim reads the due range in this order and stops at the first eligible row, however many jobs
 * are queued, and never reads the jobs scheduled for later (one no-driver look per shipment).
 */
const CLAIM_ORDER = Prisma.sql`ORDER BY c."runAt", c."createdAt", c."id"`;

/** Takes the first eligible job and leases it to `workerId` until `lockedUntil`, in one statement; its row, or null. */
export async function claimEligibleJob(
  store: Store,
  provider: DatabaseProvider,
  claim: { now: Date; lockedUntil: Date; workerId: string; filter: KindFilter },
): Promise<JobRow | null> {
  const { now, lockedUntil, workerId, filter } = claim;
  const lease = Prisma.sql`"state" = 'running', "lockedBy" = ${workerId}, "lockedUntil" = ${lockedUntil},
    "attempts" = "attempts" + 1, "version" = "version" + 1, "updatedAt" = ${now}`;
  // Named for SQLite's planner, which has no statistics (with another index it sorted every due job).
  const candidates =
    provider === "sqlite"
      ? Prisma.sql`"Job" AS c INDEXED BY "Job_state_runAt_createdAt_id_idx"`
      : Prisma.sql`"Job" AS c`;
  const pick = Prisma.sql`SELECT c."id" FROM ${candidates} WHERE ${eligibleJob(now, filter)} ${CLAIM_ORDER} LIMIT 1`;
  const statement =
    provider === "postgresql"
      ? Prisma.sql`UPDATE "Job" AS j SET ${lease}
          FROM (${pick} FOR UPDATE OF c SKIP LOCKED) AS picked
          WHERE j."id" = picked."id" RETURNING j.*`
      : Prisma.sql`UPDATE "Job" SET ${lease} WHERE "id" = (${pick}) RETURNING *`;
  return parseJobRows(await sqlRows(store, statement))[0] ?? null;
}

/** Most rows one sweep statement changes (the rest by the next sweep). */
export const SWEEP_BATCH = 100;

/**
 * Jobs whose worker stopped (lease ended): buried when that was their last attempt (crashing workers
 * is a failure too), else queued again in their creation-order place, due now. The old worker is
 * fenced by the state: its complete/fail/extendLease require "running" and its version. Run on a
 * timer by the worker, not per claim. On PostgreSQL the rows are taken with SKIP LOCKED, so two
 * instances sweeping at once neither wait for nor deadlock on each other.
 */
export async function sweepAbandonedJobs(
  store: Store,
  provider: DatabaseProvider,
  now: Date,
  lastAttemptError: string,
): Promise<{ buried: number; requeued: number }> {
  const abandoned = (lastAttempt: boolean) => {
    const attempts = lastAttempt ? Prisma.sql`"attempts" >= "maxAttempts"` : Prisma.sql`"attempts" < "maxAttempts"`;
    const lock = provider === "postgresql" ? Prisma.sql`FOR UPDATE SKIP LOCKED` : Prisma.empty;
    return Prisma.sql`"state" = 'running' AND "lockedUntil" < ${now} AND ${attempts} AND "id" IN (
      SELECT "id" FROM "Job" WHERE "state" = 'running' AND "lockedUntil" < ${now} AND ${attempts} LIMIT ${SWEEP_BATCH} ${lock})`;
  };
  const buried = await sqlExecute(
    store,
    Prisma.sql`
    UPDATE "Job" SET "state" = 'dead', "lastError" = ${lastAttemptError}, "finishedAt" = ${now},
      "lockedBy" = NULL, "lockedUntil" = NULL, "updatedAt" = ${now}
    WHERE ${abandoned(true)}`,
  );
  const requeued = await sqlExecute(
    store,
    Prisma.sql`
    UPDATE "Job" SET "state" = 'queued', "runAt" = ${now}, "lockedBy" = NULL, "lockedUntil" = NULL, "updatedAt" = ${now}
    WHERE ${abandoned(false)}`,
  );
  return { buried, requeued };
}
