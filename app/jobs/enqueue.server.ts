/** Adding jobs: one with a uniqueKey (idempotent), many without, and jobs that join a queued twin. */
import { JobInputError } from "./errors";
import { newJobRow, toQueuedJob, type EnqueueInput, type QueuedJob } from "./job";
import { holdQueuedJobs, insertJobUnlessKeyTaken, insertJobs, type JobInsert } from "./job-sql.server";
import type { QueueContext, Tx } from "./queue-context.server";

export function createEnqueue(context: QueueContext) {
  const { clock, inStore } = context;

  // createdAt orders jobs that share an orderingKey; keep it strictly increasing within this
  // process so two jobs enqueued in the same millisecond still run in the order they were enqueued.
  let lastCreatedAt = 0;
  function toInsert(input: EnqueueInput, now: Date): JobInsert {
    lastCreatedAt = Math.max(now.getTime(), lastCreatedAt + 1);
    return { ...newJobRow(input, now), createdAt: new Date(lastCreatedAt), updatedAt: now };
  }

  async function enqueue(input: EnqueueInput, tx?: Tx): Promise<QueuedJob> {
    const row = toInsert(input, clock());
    const stored = await inStore(tx, async (store) => {
      const inserted = await insertJobUnlessKeyTaken(store, row);
      if (inserted) return inserted;
      // By the key as stored (trimmed by newJobRow): two inputs differing in trailing blanks share one job.
      const holder = row.uniqueKey ? await store.job.findUnique({ where: { uniqueKey: row.uniqueKey } }) : null;
      if (!holder) throw new Error(`A "${input.kind}" job was neither inserted nor found by its uniqueKey.`);
      return holder;
    });
    return toQueuedJob(stored);
  }

  async function enqueueMany(inputs: readonly EnqueueInput[], tx?: Tx): Promise<number> {
    if (inputs.length === 0) return 0;
    if (inputs.some((input) => input.uniqueKey)) {
      throw new JobInputError(
        "Jobs with a uniqueKey are enqueued one at a time (enqueue), which returns the existing job.",
      );
    }
    const now = clock();
    const rows = inputs.map((input) => toInsert(input, now));
    return inStore(tx, (store) => insertJobs(store, rows));
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
      const heldKeys = await holdQueuedJobs(tx, kind, [...ofKind.keys()], now);
      for (const [key, input] of ofKind) {
        if (heldKeys.has(key)) joined += 1;
        else toAdd.push(input);
      }
    }
    const added = await enqueueMany(toAdd, tx);
    return { added, joined };
  }

  return { enqueue, enqueueMany, enqueueUnlessQueued };
}
