/** Dead jobs for staff: the list (without payloads) and putting one back in the queue. */
import type { QueueContext } from "./queue-context.server";

export const DEFAULT_DEAD_LIST_LIMIT = 50;
export const MAX_DEAD_LIST_LIMIT = 200;

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

export function createDeadJobs(context: QueueContext) {
  const { db, clock, retryBusy } = context;

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

  return { retryDead, listDead };
}
