/**
 * The durable job queue: the only module that reads or writes the `Job` table for running work.
 *
 * Every state change is one conditional UPDATE whose WHERE repeats what was read (id, state,
 * version and, for a claim, an absent or ended lease) and is accepted only when it changed exactly
 * one row. Both databases evaluate such an UPDATE atomically against the current row (PostgreSQL
 * re-checks the WHERE after waiting for a concurrent writer's row lock), so of two workers racing for
 * a job one gets count 1 and the other count 0. `version` grows with every claim, which fences a
 * worker whose lease ended and whose job was taken over: its complete/fail/extendLease match nothing.
 *
 * Claims differ by database. SQLite (one writer at a time) reads a few candidates and claims the
 * first it wins with the conditional update. PostgreSQL, where many workers in several instances
 * claim at once, takes the oldest claimable job in ONE statement (`claimSql`): `FOR UPDATE SKIP
 * LOCKED` picks a row no other claimer holds, so concurrent workers get different jobs without
 * waiting on each other or all racing for the same candidates; the same eligibility rules
 * (due, ended lease, ordering key) are in its WHERE.
 *
 * Delivery is at least once: a worker that dies mid-job leaves the job to be claimed again after
 * the lease. Handlers make their effect exactly once by writing their result in the transaction
 * that completes the job (`complete(job, tx)`) and by idempotent calls to outside systems.
 *
 * Time comes from the injected clock only (never the database's), so all instances must keep
 * their clocks in sync (NTP); the lease should be much longer than any expected skew.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { setTimeout as delay } from "node:timers/promises";
import { Prisma, type Job as JobRow } from "@prisma/client";
import { providerOfDb, type Db } from "~/db/client.server";
import { withBusyRetry, type Sleep } from "~/db/busy-retry";
import {
  JobInputError,
  LeaseLostError,
  failureMessage,
  failureOptionsOf,
  permanentFailure,
  type FailureOptions,
} from "./errors";
import {
  MAX_LAST_ERROR_LENGTH,
  newJobRow,
  parsePayload,
  toQueuedJob,
  type EnqueueInput,
  type JobState,
  type QueuedJob,
} from "./job";
import { DEFAULT_BACKOFF, assertBackoffPolicy, planFailure, type BackoffPolicy, type Random } from "./retry-policy";

/** Due jobs read per claim round, tried oldest first; a claimer that loses a race moves on to the next. */
export const CLAIM_CANDIDATES = 16;
/** Rounds per claimNext call before it reports nothing claimable (the worker polls again later). */
export const CLAIM_ROUNDS = 8;
export const DEFAULT_DEAD_LIST_LIMIT = 50;
export const MAX_DEAD_LIST_LIMIT = 200;

export const LEASE_ENDED_ON_LAST_ATTEMPT =
  "The worker running this job stopped before finishing it (its lease ended) on the last allowed attempt.";
export const UNREADABLE_PAYLOAD = "The job's stored payload is not valid JSON; it cannot be run.";

/** Prisma's interactive-transaction client, as passed to `db.$transaction(async (tx) => ...)`. */
export type Tx = Prisma.TransactionClient;

export interface JobQueueOptions {
  db: Db;
  clock: () => Date;
  /** Written to lockedBy: which process holds a job (see newWorkerId). */
  workerId: string;
  /** How long a claim lasts without extendLease; a dead worker's jobs are picked up again after it. */
  leaseMs: number;
  /** [0, 1): jitter of the backoff and of the pauses after a busy database. */
  random: Random;
  backoff?: BackoffPolicy;
  /** Pauses between retries of a statement the database reported busy (SQLite); default: a real timer. */
  sleep?: Sleep;
}

export interface ClaimOptions {
  /** Only jobs of these kinds (default: any kind). */
  kinds?: readonly string[];
  /** No job of these kinds. */
  excludeKinds?: readonly string[];
}

/** Which kinds a claim may take: `kinds` undefined means any, `excluded` empty means none left out. */
type KindFilter = { kinds: string[] | undefined; excluded: string[] };

export type FailureOutcome = { state: "queued"; runAt: Date; lastError: string } | { state: "dead"; lastError: string };

export interface DeadJob {
  id: string;
  shopDomain: string;
  kind: string;
  uniqueKey: string | null;
  orderingKey: string | null;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

export interface QueueStats {
  queued: number;
  /** Queued jobs whose runAt has come: the backlog. */
  due: number;
  running: number;
  done: number;
  dead: number;
  /** runAt of the oldest due job: how far behind the workers are. */
  oldestDueAt: Date | null;
}

export interface JobQueue {
  readonly workerId: string;
  readonly leaseMs: number;
  /**
   * Adds a job; with `tx`, it commits or rolls back with the caller's transaction. Idempotent on
   * uniqueKey: if a job with that key exists in any state, that job is returned unchanged and
   * nothing is added. A done job is therefore never run again for its key (exactly-once dispatch;
   * a deliberate re-run needs a new key, e.g. a new dispatch generation), and a dead job stays dead
   * until staff call retryDead.
   */
  enqueue(input: EnqueueInput, tx?: Tx): Promise<QueuedJob>;
  /**
   * Adds jobs that have no uniqueKey in one statement (with `tx`, in the caller's transaction).
   * Returns how many were added.
   */
  enqueueMany(inputs: readonly EnqueueInput[], tx?: Tx): Promise<number>;
  /**
   * For jobs that read their work when they run (a shipment's stored events): adds a job per
   * (kind, orderingKey) unless one is still queued, not yet claimed, which will then do the new work
   * too. The queued jobs counted on are written in `tx`, so none of them can be claimed (and start
   * reading) before the caller's work commits. Inputs need an orderingKey and no uniqueKey; their
   * payload must follow from the two.
   */
  enqueueUnlessQueued(inputs: readonly EnqueueInput[], tx: Tx): Promise<{ added: number; joined: number }>;
  /**
   * Atomically takes one due job (queued with runAt <= now, or running with an ended lease) and
   * leases it to this worker, or null. A job waits while another job with its orderingKey is
   * running under a live lease, or is older and not finished (queued, even if waiting for a retry,
   * or running); dead jobs do not hold their key back.
   */
  claimNext(options?: ClaimOptions): Promise<QueuedJob | null>;
  /** Marks the job done, inside `tx` when given. Throws LeaseLostError if another claim took it over; repeating it is harmless. */
  complete(job: QueuedJob, tx?: Tx): Promise<void>;
  /** Schedules a retry (backoff, or the error's/option's Retry-After) or makes the job dead (last attempt, or permanent). */
  fail(job: QueuedJob, error: unknown, options?: FailureOptions): Promise<FailureOutcome>;
  /** Renews the lease; null if the job was already completed under this claim; LeaseLostError if taken over. */
  extendLease(job: QueuedJob): Promise<Date | null>;
  /** Puts a dead job back in the queue with its attempts reset; false if it is not dead (or not the shop's). */
  retryDead(jobId: string, scope?: { shopDomain?: string }): Promise<boolean>;
  /** A shop's dead jobs, most recent first, without payloads (for staff). */
  listDead(filter: { shopDomain: string; limit?: number }): Promise<DeadJob[]>;
  stats(filter?: { shopDomain?: string }): Promise<QueueStats>;
}

/** A lockedBy value that tells staff which machine and process held a job. */
export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db, clock, workerId, leaseMs, random } = options;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const sleep: Sleep = options.sleep ?? ((ms, signal) => delay(ms, undefined, { signal }));
  if (!workerId) throw new RangeError("A job queue needs a workerId.");
  if (!(Number.isFinite(leaseMs) && leaseMs > 0)) throw new RangeError("leaseMs must be a positive number.");
  assertBackoffPolicy(backoff);

  const retryBusy = <T>(operation: () => Promise<T>) => withBusyRetry(operation, sleep, random);
  // Inside a caller's transaction a busy error must reach the caller, who retries the whole transaction.
  const run = <T>(tx: Tx | undefined, operation: (store: Tx | Db) => Promise<T>) =>
    tx ? operation(tx) : retryBusy(() => operation(db));

  // createdAt orders jobs that share an orderingKey; keep it strictly increasing within this
  // process so two jobs enqueued in the same millisecond still run in the order they were enqueued.
  let lastCreatedAt = 0;
  function nextCreatedAt(now: Date): Date {
    lastCreatedAt = Math.max(now.getTime(), lastCreatedAt + 1);
    return new Date(lastCreatedAt);
  }

  /**
   * The INSERT for new job rows. Raw SQL: enqueueing runs on the webhooks' hot path, where the query
   * compiler's work for a model create cost more than the insert itself. Every date is written (the
   * columns' SQL defaults would store another format than Prisma's on SQLite).
   */
  function insertJobs(inputs: readonly EnqueueInput[], now: Date): Prisma.Sql {
    const values = inputs.map((input) => {
      const row = newJobRow(input, now);
      return Prisma.sql`(${randomUUID()}, ${row.shopDomain}, ${row.kind}, ${row.payloadJson}, ${row.uniqueKey}, ${row.orderingKey},
        ${row.runAt}, ${row.maxAttempts}, ${nextCreatedAt(now)}, ${now})`;
    });
    return Prisma.sql`
      INSERT INTO "Job" ("id", "shopDomain", "kind", "payloadJson", "uniqueKey", "orderingKey", "runAt", "maxAttempts", "createdAt", "updatedAt")
      VALUES ${Prisma.join(values)}`;
  }

  async function enqueue(input: EnqueueInput, tx?: Tx): Promise<QueuedJob> {
    const now = clock();
    // A taken uniqueKey inserts nothing rather than failing: on PostgreSQL a failed statement would
    // abort the caller's transaction.
    const insert = Prisma.sql`${insertJobs([input], now)} ON CONFLICT DO NOTHING RETURNING *`;
    const existing = async (store: Tx | Db) => {
      const [inserted] = await store.$queryRaw<JobRow[]>(insert);
      if (inserted) return inserted;
      const holder = input.uniqueKey ? await store.job.findUnique({ where: { uniqueKey: input.uniqueKey } }) : null;
      if (!holder) throw new Error(`A "${input.kind}" job was neither inserted nor found by its uniqueKey.`);
      return holder;
    };
    return toQueuedJob(await run(tx, existing));
  }

  async function enqueueMany(inputs: readonly EnqueueInput[], tx?: Tx): Promise<number> {
    if (inputs.length === 0) return 0;
    if (inputs.some((input) => input.uniqueKey)) {
      throw new JobInputError(
        "Jobs with a uniqueKey are enqueued one at a time (enqueue), which returns the existing job.",
      );
    }
    const insert = insertJobs(inputs, clock());
    return run(tx, (store) => store.$executeRaw(insert));
  }

  async function enqueueUnlessQueued(
    inputs: readonly EnqueueInput[],
    tx: Tx,
  ): Promise<{ added: number; joined: number }> {
    const now = clock();
    const byKind = new Map<string, Map<string, EnqueueInput>>();
    for (const input of inputs) {
      if (!input.orderingKey) throw new JobInputError("enqueueUnlessQueued needs an orderingKey on every job.");
      const ofKind = byKind.get(input.kind) ?? new Map<string, EnqueueInput>();
      if (!ofKind.has(input.orderingKey)) ofKind.set(input.orderingKey, input);
      byKind.set(input.kind, ofKind);
    }
    let joined = 0;
    const toAdd: EnqueueInput[] = [];
    for (const [kind, ofKind] of byKind) {
      // One statement reads and writes: a job it returns was queued at that moment and now holds
      // this transaction's write (SQLite: the file's; PostgreSQL: the row's) until it commits.
      const held = await tx.$queryRaw<{ orderingKey: string }[]>(Prisma.sql`
        UPDATE "Job" SET "updatedAt" = ${now}
        WHERE "state" = 'queued' AND "kind" = ${kind} AND "orderingKey" IN (${Prisma.join([...ofKind.keys()])})
        RETURNING "orderingKey"`);
      const heldKeys = new Set(held.map((row) => row.orderingKey));
      for (const [key, input] of ofKind) {
        if (heldKeys.has(key)) joined += 1;
        else toAdd.push(input);
      }
    }
    const added = await enqueueMany(toAdd, tx);
    return { added, joined };
  }

  async function claimNext(claimOptions: ClaimOptions = {}): Promise<QueuedJob | null> {
    const filter: KindFilter = {
      kinds: claimOptions.kinds ? [...claimOptions.kinds] : undefined,
      excluded: [...(claimOptions.excludeKinds ?? [])],
    };
    if (filter.kinds && filter.kinds.length === 0) return null;
    return providerOfDb(db) === "postgresql" ? claimSkippingLocked(filter) : claimByCandidates(filter);
  }

  function kindWhere({ kinds, excluded }: KindFilter): Prisma.JobWhereInput[] {
    return [
      ...(kinds ? [{ kind: { in: kinds } }] : []),
      ...(excluded.length > 0 ? [{ kind: { notIn: excluded } }] : []),
    ];
  }

  /** PostgreSQL: bury what died on its last attempt, then claim the oldest claimable job nobody holds, in one statement. */
  async function claimSkippingLocked(filter: KindFilter): Promise<QueuedJob | null> {
    const now = clock();
    // One row per statement (as on SQLite): a multi-row UPDATE racing another worker's could deadlock.
    const abandoned = await retryBusy(() =>
      db.job.findMany({
        where: {
          state: "running",
          lockedUntil: { lt: now },
          attempts: { gte: db.job.fields.maxAttempts },
          AND: kindWhere(filter),
        },
        take: CLAIM_CANDIDATES,
      }),
    );
    for (const row of abandoned) await buryAbandoned(row, now);
    const rows = await retryBusy(() =>
      db.$queryRaw<JobRow[]>(claimSql({ now, lockedUntil: new Date(now.getTime() + leaseMs), workerId, ...filter })),
    );
    const row = rows[0];
    return row ? acceptClaim(toQueuedJob(row), row.payloadJson) : null;
  }

  async function claimByCandidates(filter: KindFilter): Promise<QueuedJob | null> {
    const tried = new Set<string>();
    const blockedKeys = new Set<string>();
    for (let round = 0; round < CLAIM_ROUNDS; round++) {
      const now = clock();
      const candidates = await retryBusy(() =>
        db.job.findMany({
          where: {
            AND: [
              claimableWhere(now),
              ...kindWhere(filter),
              ...(tried.size > 0 ? [{ id: { notIn: [...tried] } }] : []),
              // `NOT IN` is never true for NULL, hence the explicit null branch.
              ...(blockedKeys.size > 0
                ? [{ OR: [{ orderingKey: null }, { orderingKey: { notIn: [...blockedKeys] } }] }]
                : []),
            ],
          },
          // Creation order: among jobs sharing an orderingKey, the oldest due one is always read
          // before newer ones, so a blocked newer job never hides its claimable elder.
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          take: CLAIM_CANDIDATES,
        }),
      );
      if (candidates.length === 0) return null;
      for (const row of candidates) {
        tried.add(row.id);
        // Candidates come oldest first, so once a key is blocked its later candidates are too.
        if (row.orderingKey !== null && (blockedKeys.has(row.orderingKey) || (await isBlocked(row, now)))) {
          blockedKeys.add(row.orderingKey);
          continue;
        }
        if (row.state === "running" && row.attempts >= row.maxAttempts) {
          await buryAbandoned(row, now);
          continue;
        }
        const claimed = await claimRow(row, now);
        if (claimed) return claimed;
      }
    }
    return null;
  }

  function claimableWhere(now: Date): Prisma.JobWhereInput {
    return {
      OR: [
        { state: "queued", runAt: { lte: now } },
        { state: "running", lockedUntil: { lt: now } },
      ],
    };
  }

  /** Whether another job with the same orderingKey must finish first (older and unfinished, or running now). */
  async function isBlocked(row: JobRow, now: Date): Promise<boolean> {
    const blocker = await retryBusy(() =>
      db.job.findFirst({
        where: {
          orderingKey: row.orderingKey,
          id: { not: row.id },
          OR: [
            { state: "running", lockedUntil: { gte: now } },
            {
              state: { in: ["queued", "running"] },
              OR: [{ createdAt: { lt: row.createdAt } }, { createdAt: row.createdAt, id: { lt: row.id } }],
            },
          ],
        },
        select: { id: true },
      }),
    );
    return blocker !== null;
  }

  async function claimRow(row: JobRow, now: Date): Promise<QueuedJob | null> {
    const lockedUntil = new Date(now.getTime() + leaseMs);
    const count = await retryBusy(() =>
      db.$executeRaw(
        updateJobSql(
          { id: row.id, state: row.state, version: row.version, leaseEndedBy: now },
          Prisma.sql`"state" = 'running', "lockedBy" = ${workerId}, "lockedUntil" = ${lockedUntil}, "attempts" = "attempts" + 1, "version" = "version" + 1`,
          now,
        ),
      ),
    );
    if (count !== 1) return null;
    return acceptClaim(
      toQueuedJob({
        ...row,
        state: "running",
        lockedBy: workerId,
        lockedUntil,
        attempts: row.attempts + 1,
        version: row.version + 1,
      }),
      row.payloadJson,
    );
  }

  /** A claimed job whose payload cannot be read is dead at once rather than handed to a handler. */
  async function acceptClaim(job: QueuedJob, payloadJson: string): Promise<QueuedJob | null> {
    if (!parsePayload(payloadJson).ok) {
      await fail(job, permanentFailure(UNREADABLE_PAYLOAD));
      return null;
    }
    return job;
  }

  /** A job whose worker died on its last attempt is not run again: crashing workers is a failure too. */
  async function buryAbandoned(row: JobRow, now: Date): Promise<void> {
    await retryBusy(() =>
      db.job.updateMany({
        where: { id: row.id, state: "running", version: row.version, lockedUntil: { lt: now } },
        data: {
          state: "dead",
          lastError: LEASE_ENDED_ON_LAST_ATTEMPT,
          finishedAt: now,
          lockedBy: null,
          lockedUntil: null,
        },
      }),
    );
  }

  async function complete(job: QueuedJob, tx?: Tx): Promise<void> {
    const now = clock();
    const count = await run(tx, (store) =>
      store.$executeRaw(
        updateJobSql(
          { id: job.id, state: "running", version: job.version },
          Prisma.sql`"state" = 'done', "finishedAt" = ${now}, "lockedBy" = NULL, "lockedUntil" = NULL`,
          now,
        ),
      ),
    );
    if (count === 1) return;
    // Completing twice under the same claim (the handler inside its transaction, then the worker) is fine.
    if (await finishedUnderClaim(tx ?? db, job, "done")) return;
    throw new LeaseLostError(job.id);
  }

  async function fail(job: QueuedJob, error: unknown, failureOptions: FailureOptions = {}): Promise<FailureOutcome> {
    const now = clock();
    const instructions = { ...failureOptionsOf(error), ...failureOptions };
    const plan = planFailure(
      { attempts: job.attempts, maxAttempts: job.maxAttempts, ...instructions },
      backoff,
      random,
    );
    const lastError = failureMessage(error, MAX_LAST_ERROR_LENGTH);
    const outcome: FailureOutcome =
      plan.state === "dead"
        ? { state: "dead", lastError }
        : { state: "queued", runAt: new Date(now.getTime() + plan.delayMs), lastError };
    const count = await retryBusy(() =>
      db.$executeRaw(
        updateJobSql(
          { id: job.id, state: "running", version: job.version },
          outcome.state === "dead"
            ? Prisma.sql`"state" = 'dead', "lastError" = ${lastError}, "finishedAt" = ${now}, "lockedBy" = NULL, "lockedUntil" = NULL`
            : Prisma.sql`"state" = 'queued', "lastError" = ${lastError}, "runAt" = ${outcome.runAt}, "lockedBy" = NULL, "lockedUntil" = NULL`,
          now,
        ),
      ),
    );
    if (count !== 1) throw new LeaseLostError(job.id);
    return outcome;
  }

  async function extendLease(job: QueuedJob): Promise<Date | null> {
    const lockedUntil = new Date(clock().getTime() + leaseMs);
    const count = await retryBusy(() =>
      db.$executeRaw(
        updateJobSql(
          { id: job.id, state: "running", version: job.version },
          Prisma.sql`"lockedUntil" = ${lockedUntil}`,
          clock(),
        ),
      ),
    );
    if (count === 1) return lockedUntil;
    // The handler completed it inside its own transaction: nothing left to hold.
    if (await finishedUnderClaim(db, job, "done")) return null;
    throw new LeaseLostError(job.id);
  }

  async function finishedUnderClaim(store: Tx | Db, job: QueuedJob, state: JobState): Promise<boolean> {
    const current = await (store === db ? retryBusy(() => read()) : read());
    return current !== null && current.state === state && current.version === job.version;
    function read() {
      return store.job.findUnique({ where: { id: job.id }, select: { state: true, version: true } });
    }
  }

  async function retryDead(jobId: string, scope: { shopDomain?: string } = {}): Promise<boolean> {
    const now = clock();
    const { count } = await retryBusy(() =>
      db.job.updateMany({
        where: {
          id: jobId,
          state: "dead",
          ...(scope.shopDomain === undefined ? {} : { shopDomain: scope.shopDomain }),
        },
        // lastError stays: staff see why it died until it succeeds or fails anew.
        data: {
          state: "queued",
          attempts: 0,
          runAt: now,
          finishedAt: null,
          lockedBy: null,
          lockedUntil: null,
          version: { increment: 1 },
        },
      }),
    );
    return count === 1;
  }

  async function listDead(filter: { shopDomain: string; limit?: number }): Promise<DeadJob[]> {
    const take = Math.min(Math.max(1, Math.floor(filter.limit ?? DEFAULT_DEAD_LIST_LIMIT)), MAX_DEAD_LIST_LIMIT);
    return retryBusy(() =>
      db.job.findMany({
        where: { shopDomain: filter.shopDomain, state: "dead" },
        orderBy: [{ finishedAt: "desc" }, { id: "desc" }],
        take,
        // No payload: it may hold customer data and staff need the kind and the error.
        select: {
          id: true,
          shopDomain: true,
          kind: true,
          uniqueKey: true,
          orderingKey: true,
          attempts: true,
          maxAttempts: true,
          lastError: true,
          createdAt: true,
          finishedAt: true,
        },
      }),
    );
  }

  async function stats(filter: { shopDomain?: string } = {}): Promise<QueueStats> {
    const now = clock();
    const shop = filter.shopDomain === undefined ? {} : { shopDomain: filter.shopDomain };
    // One snapshot for the three reads, or a job finishing between them (and enqueueing its follow-up)
    // could be seen neither running nor due. SQLite transactions are serializable; PostgreSQL's default
    // (read committed) takes a snapshot per statement, hence repeatable read there.
    // (The SQLite client's types know only "Serializable"; both clients share the runtime that reads it.)
    const snapshot =
      providerOfDb(db) === "postgresql"
        ? { isolationLevel: "RepeatableRead" as Prisma.TransactionIsolationLevel }
        : undefined;
    const [byState, due, oldestDue] = await retryBusy(() =>
      db.$transaction(
        [
          db.job.groupBy({ by: ["state"], where: shop, _count: { _all: true }, orderBy: { state: "asc" } }),
          db.job.count({ where: { ...shop, state: "queued", runAt: { lte: now } } }),
          db.job.findFirst({
            where: { ...shop, state: "queued", runAt: { lte: now } },
            orderBy: { runAt: "asc" },
            select: { runAt: true },
          }),
        ],
        snapshot,
      ),
    );
    const count = (state: JobState) => byState.find((group) => group.state === state)?._count._all ?? 0;
    return {
      queued: count("queued"),
      due,
      running: count("running"),
      done: count("done"),
      dead: count("dead"),
      oldestDueAt: oldestDue?.runAt ?? null,
    };
  }

  return {
    workerId,
    leaseMs,
    enqueue,
    enqueueMany,
    enqueueUnlessQueued,
    claimNext,
    complete,
    fail,
    extendLease,
    retryDead,
    listDead,
    stats,
  };
}

/**
 * One conditional change of a job: `set` applied where the row still has the id, state and version
 * read (and, for a claim, no lease or one ended by `leaseEndedBy`), `updatedAt` stamped as Prisma
 * would. Raw SQL because Prisma runs every model `updateMany` in a transaction of its own (on SQLite a
 * newly opened connection each time): in bench:dispatch the queue's claims and completions were two
 * thirds of the app's transactions and a large share of its CPU while webhooks waited.
 */
function updateJobSql(
  match: { id: string; state: string; version: number; leaseEndedBy?: Date },
  set: Prisma.Sql,
  now: Date,
): Prisma.Sql {
  const lease = match.leaseEndedBy
    ? Prisma.sql`AND ("lockedUntil" IS NULL OR "lockedUntil" < ${match.leaseEndedBy})`
    : Prisma.empty;
  return Prisma.sql`
    UPDATE "Job" SET ${set}, "updatedAt" = ${now}
    WHERE "id" = ${match.id} AND "state" = ${match.state} AND "version" = ${match.version} ${lease}`;
}

/**
 * PostgreSQL's claim: the oldest job that is due (queued with runAt <= now, or running with an ended
 * lease and attempts left) and not held back by its orderingKey (another job with the key running
 * under a live lease, or older and unfinished), locked with SKIP LOCKED so concurrent claimers skip
 * it, then leased to the worker. Under READ COMMITTED a row another claimer changed meanwhile is
 * re-checked against the WHERE once its lock is free, and skipped if it no longer qualifies.
 */
export function claimSql(input: {
  now: Date;
  lockedUntil: Date;
  workerId: string;
  kinds?: readonly string[];
  excluded?: readonly string[];
}): Prisma.Sql {
  const { now, lockedUntil, workerId, kinds, excluded } = input;
  const kindFilter = kinds ? Prisma.sql`AND c."kind" = ANY(${[...kinds]}::text[])` : Prisma.empty;
  const excludedFilter = excluded?.length
    ? Prisma.sql`AND NOT (c."kind" = ANY(${[...excluded]}::text[]))`
    : Prisma.empty;
  return Prisma.sql`
    UPDATE "Job" AS j
    SET "state" = 'running', "lockedBy" = ${workerId}, "lockedUntil" = ${lockedUntil},
        "attempts" = j."attempts" + 1, "version" = j."version" + 1, "updatedAt" = ${now}
    FROM (
      SELECT c."id" FROM "Job" AS c
      WHERE ((c."state" = 'queued' AND c."runAt" <= ${now})
          OR (c."state" = 'running' AND c."lockedUntil" < ${now} AND c."attempts" < c."maxAttempts"))
        ${kindFilter}
        ${excludedFilter}
        AND (c."orderingKey" IS NULL OR NOT EXISTS (
          SELECT 1 FROM "Job" AS o
          WHERE o."orderingKey" = c."orderingKey" AND o."id" <> c."id"
            AND ((o."state" = 'running' AND o."lockedUntil" >= ${now})
              OR (o."state" IN ('queued', 'running')
                AND (o."createdAt" < c."createdAt" OR (o."createdAt" = c."createdAt" AND o."id" < c."id"))))))
      ORDER BY c."createdAt", c."id"
      LIMIT 1
      FOR UPDATE OF c SKIP LOCKED
    ) AS picked
    WHERE j."id" = picked."id"
    RETURNING j.*`;
}
