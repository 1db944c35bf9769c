import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createDb, type Db } from "~/db/client.server";
import { createQuoteFunnel, type FunnelAnswer } from "~/quote/quote-funnel.server";

/** The quote funnel's counts in memory, added to the hour rows by flush, on the test database. */

const db = createDb(process.env.DATABASE_URL!);
const other = createDb(process.env.DATABASE_URL!);
afterAll(async () => {
  await db.$disconnect();
  await other.$disconnect();
});
beforeEach(async () => {
  await db.quoteFunnelHour.deleteMany();
});

const SHOP = "candles.myshopify.com";
const LOCATION = "gid://shopify/Location/1";
const LA = "America/Los_Angeles";

function answer(overrides: Partial<FunnelAnswer> = {}): FunnelAnswer {
  return {
    shopDomain: SHOP,
    locationGid: LOCATION,
    timeZone: LA,
    at: new Date("2026-07-01T21:47:13Z"),
    outcome: { rated: "live" },
    answerMs: 300,
    ...overrides,
  };
}

describe("recording the quote funnel", () => {
  it("writes nothing until flushed, then one row per shop, location and shop hour", async () => {
    const funnel = createQuoteFunnel({ db });
    funnel.record(answer());
    funnel.record(answer({ outcome: { rated: "cache" }, answerMs: 2 }));
    funnel.record(answer({ at: new Date("2026-07-01T22:05:00Z"), outcome: { none: "closed" }, answerMs: 4 }));
    funnel.record(answer({ locationGid: "", outcome: { none: "setup" }, answerMs: 3 }));
    expect(await db.quoteFunnelHour.count()).toBe(0);
    expect(funnel.stats()).toEqual({ pendingRows: 3, dropped: 0 });

    expect(await funnel.flush()).toBe(3);
    expect(funnel.stats().pendingRows).toBe(0);
    const rows = await db.quoteFunnelHour.findMany({ orderBy: [{ hourStart: "asc" }, { locationGid: "asc" }] });
    expect(
      rows.map((r) => [
        r.locationGid,
        r.hourStart.toISOString(),
        r.requests,
        r.ratedLive,
        r.ratedCache,
        r.noneClosed,
        r.noneSetup,
        r.msUpTo10,
        r.msUpTo500,
      ]),
    ).toEqual([
      ["", "2026-07-01T21:00:00.000Z", 1, 0, 0, 0, 1, 1, 0],
      [LOCATION, "2026-07-01T21:00:00.000Z", 2, 1, 1, 0, 0, 1, 1],
      [LOCATION, "2026-07-01T22:00:00.000Z", 1, 0, 0, 1, 0, 1, 0],
    ]);
    // Prisma's own filter on the rows raw SQL wrote: the stored instants compare as dates.
    expect(await db.quoteFunnelHour.count({ where: { hourStart: { gte: new Date("2026-07-01T21:30:00Z") } } })).toBe(1);
  });

  it("adds to the rows already there, from any number of instances flushing at once", async () => {
    const first = createQuoteFunnel({ db });
    const second = createQuoteFunnel({ db: other });
    for (let i = 0; i < 5; i++) first.record(answer());
    for (let i = 0; i < 7; i++) second.record(answer({ outcome: { none: "slot_full" }, answerMs: 4000 }));
    await Promise.all([first.flush(), second.flush()]);
    first.record(answer());
    await first.flush();
    const [row] = await db.quoteFunnelHour.findMany();
    expect(row).toMatchObject({ requests: 13, ratedLive: 6, noneSlotFull: 7, msUpTo500: 6, msUpTo5000: 7 });
  });

  it("counts a shop that could not be read by the UTC hour", async () => {
    const funnel = createQuoteFunnel({ db });
    funnel.record(
      answer({ timeZone: null, locationGid: "", at: new Date("2026-07-01T10:10:00Z"), outcome: { none: "other" } }),
    );
    await funnel.flush();
    expect((await db.quoteFunnelHour.findFirstOrThrow()).hourStart.toISOString()).toBe("2026-07-01T10:00:00.000Z");
  });

  it("keeps the counts of a failed flush for the next one, counting nothing twice", async () => {
    let failNext = true;
    const flaky = new Proxy(db, {
      get(target, property, receiver) {
        if (property === "$executeRaw") {
          return (...args: Parameters<Db["$executeRaw"]>) => {
            if (failNext) {
              failNext = false;
              return Promise.reject(new Error("database is locked"));
            }
            return target.$executeRaw(...args);
          };
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const funnel = createQuoteFunnel({ db: flaky });
    funnel.record(answer());
    await expect(funnel.flush()).rejects.toThrow("database is locked");
    funnel.record(answer({ outcome: { none: "courier" } }));
    expect(funnel.stats().pendingRows).toBe(1);
    await funnel.flush();
    expect(await db.quoteFunnelHour.findFirstOrThrow()).toMatchObject({ requests: 2, ratedLive: 1, noneCourier: 1 });
  });

  it("writes many rows in chunks", async () => {
    const funnel = createQuoteFunnel({ db });
    const start = new Date("2026-01-01T00:00:00Z").getTime();
    for (let hour = 0; hour < 450; hour++) funnel.record(answer({ at: new Date(start + hour * 3_600_000) }));
    expect(await funnel.flush()).toBe(450);
    expect(await db.quoteFunnelHour.aggregate({ _sum: { requests: true } })).toEqual({ _sum: { requests: 450 } });
  });
});
