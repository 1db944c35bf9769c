/** The queue's counts for monitoring and staff: by state, the due backlog and its age. */
import type { Prisma } from "@prisma/client";
import { providerOfDb } from "~/db/client.server";
import type { JobState } from "./job";
import type { QueueContext } from "./queue-context.server";

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

export function createQueueStats(context: QueueContext) {
  const { db, clock, retryBusy } = context;

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

  return { stats };
}
