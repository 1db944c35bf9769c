import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { pruneExpiredQuotes } from "~/quote/quote-memory.server";

const db = createDb(process.env.DATABASE_URL!);

describe("quote memory upkeep", () => {
  it("removes quotes past their day and keeps the others", async () => {
    const now = new Date("2026-11-22T12:00:00Z");
    const row = (sig: string, expiresAt: Date) => ({
      shopDomain: "a.myshopify.com",
      cartSignature: sig,
      serviceCode: "SAMEDAY_X",
      priceCents: 999,
      courierCents: 800,
      expiresAt,
    });
    await db.quoteMemory.createMany({
      data: [row("old", new Date("2026-11-22T11:59:59Z")), row("fresh", new Date("2026-11-23T11:00:00Z"))],
    });
    expect(await pruneExpiredQuotes(db, now)).toBe(1);
    expect((await db.quoteMemory.findMany()).map((q) => q.cartSignature)).toEqual(["fresh"]);
  });
});
