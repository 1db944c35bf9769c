import type { Db } from "~/db/client.server";
import { createGroupCommit } from "~/db/group-commit.server";
import type { PriceSource } from "./quote-funnel";

/**
 * Quote memory: each rate shown at checkout, kept a day per shop, cart signature and service code,
 * with the source of its price (live, cache, memory, model, fallback), so dispatch can compare the
 * courier's price at quote time with the price of the shipment it creates, and record on the
 * shipment where the shopper's price came from. A fallback rate has no courier price (null).
 *
 * A cart quoted again with the same prices is not rewritten for QUOTE_MEMORY_REWRITE_MS (checkout
 * asks for rates on every address or cart change), which keeps busy checkouts off the database, and
 * the writes of concurrent answers share one transaction (group commit).
 */

export const QUOTE_MEMORY_TTL_MS = 24 * 60 * 60_000;
export const QUOTE_MEMORY_REWRITE_MS = 60 * 60_000;
/** Most recent writes remembered in this process to skip identical rewrites. */
export const MAX_REMEMBERED_WRITES = 20_000;
/** Carts whose quotes are written in one transaction at most. */
export const MAX_QUOTES_PER_COMMIT = 100;

type QuoteUpsert = Parameters<Db["quoteMemory"]["upsert"]>[0];

export type RememberedQuote = {
  serviceCode: string;
  priceCents: number;
  courierCents: number | null;
  priceSource: PriceSource;
};

export function createQuoteMemory({ db, clock }: { db: Db; clock: () => Date }) {
  const recentWrites = new Map<
    string,
    { priceCents: number; courierCents: number | null; priceSource: string; at: number }
  >();
  // A rush writes a quote per answer: many carts' rows in one transaction (one commit) rather than one each.
  const commits = createGroupCommit<QuoteUpsert[], void>({
    maxBatch: MAX_QUOTES_PER_COMMIT,
    write: async (carts) => {
      await db.$transaction(carts.flat().map((upsert) => db.quoteMemory.upsert(upsert)));
      return carts.map(() => undefined);
    },
  });

  const writing = new Set<Promise<unknown>>();

  return {
    /** Resolves when every write begun so far has ended (checkout does not wait for them all). */
    async settled(): Promise<void> {
      await Promise.allSettled([...writing]);
    },

    async remember(shopDomain: string, cartSignature: string, quotes: readonly RememberedQuote[]): Promise<number> {
      const now = clock();
      const changed = quotes.filter((quote) => {
        const last = recentWrites.get(`${shopDomain}|${cartSignature}|${quote.serviceCode}`);
        return (
          !last ||
          last.priceCents !== quote.priceCents ||
          last.courierCents !== quote.courierCents ||
          // The cache repeats a live price: the same quote, not rewritten for it.
          (last.priceSource !== quote.priceSource && quote.priceSource !== "cache") ||
          now.getTime() - last.at >= QUOTE_MEMORY_REWRITE_MS
        );
      });
      if (changed.length === 0) return 0;
      const expiresAt = new Date(now.getTime() + QUOTE_MEMORY_TTL_MS);
      const write = commits.submit(
        changed.map((quote) => ({
          where: {
            shopDomain_cartSignature_serviceCode: { shopDomain, cartSignature, serviceCode: quote.serviceCode },
          },
          create: { shopDomain, cartSignature, ...quote, expiresAt, createdAt: now },
          // createdAt moves too: dispatch reads the most recent quote first.
          update: {
            priceCents: quote.priceCents,
            courierCents: quote.courierCents,
            priceSource: quote.priceSource,
            expiresAt,
            createdAt: now,
          },
        })),
      );
      writing.add(write);
      try {
        await write;
      } finally {
        writing.delete(write);
      }
      for (const quote of changed) {
        const key = `${shopDomain}|${cartSignature}|${quote.serviceCode}`;
        recentWrites.delete(key);
        recentWrites.set(key, {
          priceCents: quote.priceCents,
          courierCents: quote.courierCents,
          priceSource: quote.priceSource,
          at: now.getTime(),
        });
      }
      while (recentWrites.size > MAX_REMEMBERED_WRITES) recentWrites.delete(recentWrites.keys().next().value!);
      return changed.length;
    },
  };
}

export type QuoteMemory = ReturnType<typeof createQuoteMemory>;

/** Quotes past their day are of no use to dispatch: removed by the server's periodic upkeep. */
export async function pruneExpiredQuotes(db: Db, now: Date): Promise<number> {
  const { count } = await db.quoteMemory.deleteMany({ where: { expiresAt: { lt: now } } });
  return count;
}
