import { Prisma } from "@prisma/client";
import type { Db } from "~/db/client.server";
import {
  ANSWER_MS_COLUMNS,
  NO_RATE_COLUMNS,
  NO_RATE_REASONS,
  PRICE_SOURCES,
  RATED_COLUMNS,
  addCounts,
  countAnswer,
  emptyCounts,
  shopHourStart,
  type FunnelCounts,
  type FunnelOutcome,
} from "./quote-funnel";

/**
 * Records the quote funnel (quote-funnel.ts) at the moment of answering without costing checkout a
 * database write: an answer adds to counts in this process's memory (a Map update), and `flush`
 * (the server calls it every FUNNEL_FLUSH_INTERVAL_MS and on shutdown) adds them to the hour rows in
 * one statement per FLUSH_CHUNK_ROWS rows: INSERT … ON CONFLICT DO UPDATE SET n = n + excluded.n,
 * so any number of instances add to the same rows without reading them first and none is lost.
 * A failed flush keeps its counts for the next one.
 */

export const FUNNEL_FLUSH_INTERVAL_MS = 10_000;
/** Rows per INSERT (each row binds 29 values; SQLite's limit is 32,766). */
export const FLUSH_CHUNK_ROWS = 200;
/**
 * Most hour rows held between flushes: reached only when the database refuses writes for hours;
 * beyond it the oldest are dropped (counted in `dropped`) rather than let memory grow.
 */
export const MAX_PENDING_ROWS = 50_000;

export type FunnelAnswer = {
  shopDomain: string;
  locationGid: string;
  /** The shop's IANA time zone; null when the shop could not be read (counted by the UTC hour). */
  timeZone: string | null;
  at: Date;
  outcome: FunnelOutcome;
  answerMs: number;
};

type PendingRow = { shopDomain: string; locationGid: string; hourStart: Date; counts: FunnelCounts };

export function createQuoteFunnel({ db }: { db: Db }) {
  let pending = new Map<string, PendingRow>();
  let dropped = 0;

  function rowFor(shopDomain: string, locationGid: string, hourStart: Date, into = pending): PendingRow {
    const key = `${shopDomain}\n${locationGid}\n${hourStart.getTime()}`;
    let row = into.get(key);
    if (!row) {
      row = { shopDomain, locationGid, hourStart, counts: emptyCounts() };
      into.set(key, row);
      while (into.size > MAX_PENDING_ROWS) {
        const oldest = into.keys().next().value!;
        dropped += into.get(oldest)!.counts.requests;
        into.delete(oldest);
      }
    }
    return row;
  }

  return {
    /** Counts one answer. Synchronous and never throws: checkout does not wait on it. */
    record(answer: FunnelAnswer): void {
      const hourStart = shopHourStart(answer.at, answer.timeZone ?? "UTC");
      countAnswer(rowFor(answer.shopDomain, answer.locationGid, hourStart).counts, answer.outcome, answer.answerMs);
    },
    /** Adds the counts held so far to the database; returns the rows written. On failure keeps them and throws. */
    async flush(): Promise<number> {
      if (pending.size === 0) return 0;
      const batch = [...pending.values()];
      pending = new Map();
      let written = 0;
      try {
        while (written < batch.length) {
          const chunk = batch.slice(written, written + FLUSH_CHUNK_ROWS);
          await db.$executeRaw(addRowsSql(chunk));
          written += chunk.length;
        }
      } catch (error) {
        // The chunks written stay written; a failed statement wrote nothing (one statement, one
        // transaction), so the rest are kept for the next flush and nothing is counted twice.
        for (const row of batch.slice(written)) {
          addCounts(rowFor(row.shopDomain, row.locationGid, row.hourStart).counts, row.counts);
        }
        throw error;
      }
      return batch.length;
    },
    /** Answers counted and not yet flushed, and answers dropped over MAX_PENDING_ROWS (for tests and logs). */
    stats(): { pendingRows: number; dropped: number } {
      return { pendingRows: pending.size, dropped };
    },
  };
}

export type QuoteFunnelRecorder = ReturnType<typeof createQuoteFunnel>;

const COUNT_COLUMNS: readonly string[] = [
  "requests",
  ...PRICE_SOURCES.map((source) => RATED_COLUMNS[source]),
  ...NO_RATE_REASONS.map((reason) => NO_RATE_COLUMNS[reason]),
  ...ANSWER_MS_COLUMNS,
];

function countValues(counts: FunnelCounts): number[] {
  return [
    counts.requests,
    ...PRICE_SOURCES.map((source) => counts.rated[source]),
    ...NO_RATE_REASONS.map((reason) => counts.none[reason]),
    ...counts.answerMs,
  ];
}

function addRowsSql(rows: readonly PendingRow[]): Prisma.Sql {
  const columns = ["shopDomain", "locationGid", "hourStart", ...COUNT_COLUMNS].map((c) => `"${c}"`).join(", ");
  const values = rows.map(
    (row) => Prisma.sql`(${Prisma.join([row.shopDomain, row.locationGid, row.hourStart, ...countValues(row.counts)])})`,
  );
  const additions = COUNT_COLUMNS.map((c) => `"${c}" = "QuoteFunnelHour"."${c}" + excluded."${c}"`).join(", ");
  return Prisma.sql`INSERT INTO "QuoteFunnelHour" (${Prisma.raw(columns)}) VALUES ${Prisma.join(values)}
    ON CONFLICT ("shopDomain", "locationGid", "hourStart") DO UPDATE SET ${Prisma.raw(additions)}`;
}
