import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { groupRows, type DeliveryGroup, type MinutesCount } from "~/insights/delivery-figures";
import { funnelFigures } from "~/insights/funnel-figures";
import { loadDeliveryGroups, loadDeliveryRows, loadFunnelDays, loadFunnelHours } from "~/insights/load.server";
import { periodOf } from "~/insights/period";
import { LA, ROWS } from "./delivery-rows";

/**
 * The database's grouping of the shipments (load.server.ts) is the definition's (groupRows) on the
 * hand-made rows, stored as the app stores them: the fall-back day's 25 hours, the previous period,
 * a delivery without a window counted on its creation day, raises summed, one location or all.
 */

const db = createDb(process.env.DATABASE_URL!);
const period = periodOf(new Date("2026-11-03T23:00:00Z"), LA, 7);
let shopId: string;

beforeAll(async () => {
  const shop = await db.shop.create({ data: { domain: "insights.myshopify.com", timezone: LA } });
  shopId = shop.id;
  for (const [i, row] of ROWS.entries()) {
    const { raiseCents, ...fields } = row;
    await db.shipment.create({
      data: {
        ...fields,
        shopId,
        orderGid: `gid://shopify/Order/${i}`,
        fulfillmentOrderGid: `gid://shopify/FulfillmentOrder/${i}`,
        idempotencyKey: `insights-${i}`,
        locationGid: i % 2 === 0 ? fields.locationGid : "gid://shopify/Location/2",
      },
    });
    // A raise in two parts, and a refused one (never sent) that counts for nothing.
    if (raiseCents > 0) {
      const at = row.deliverStart ?? row.createdAt;
      for (const [n, cents, sent] of [
        [1, raiseCents - 100, true],
        [2, 100, true],
        [3, 500, false],
      ] as const)
        await db.noDriverRaise.create({
          data: {
            shopId,
            shipmentId: row.id,
            courierShipmentId: `c-${row.id}`,
            checkAt: new Date(at.getTime() - n * 60_000),
            amountCents: cents,
            extraCompensationCents: cents,
            raisedAt: new Date(at.getTime() - n * 60_000),
            sentAt: sent ? at : null,
          },
        });
    }
  }
});
afterAll(() => db.$disconnect());

const sorted = (groups: readonly DeliveryGroup[]) =>
  [...groups].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
const sortedMinutes = (minutes: readonly MinutesCount[]) => [...minutes].sort((a, b) => a.minutes - b.minutes);

describe("the database's grouping", () => {
  it.each([
    ["all locations", null],
    ["one location", "gid://shopify/Location/1"],
  ])("equals the definition's, %s", async (_label, locationGid) => {
    const loaded = await loadDeliveryGroups(db, {
      shopId,
      periods: [period.previous, period.current],
      timeZone: LA,
      locationGid,
    });
    const rows = ROWS.filter((_, i) => locationGid === null || i % 2 === 0);
    for (const days of [period.previous, period.current]) {
      const expected = groupRows(rows, days, LA);
      const inDays = loaded.groups.filter((g) => days.days.includes(g.day));
      expect(sorted(inDays)).toEqual(sorted(expected.groups));
      expect(sortedMinutes(loaded.minutes.get(days.days[0]!)!)).toEqual(sortedMinutes(expected.minutes));
    }
  });

  it("reads the period's rows for a CSV, raises summed", async () => {
    const rows = await loadDeliveryRows(db, {
      shopId,
      start: period.current.start,
      end: period.current.end,
      locationGid: null,
    });
    const expected = ROWS.filter((row) => row.id !== "G");
    expect(rows.map((r) => r.id).sort()).toEqual(expected.map((r) => r.id).sort());
    expect(rows.find((r) => r.id === "C")).toMatchObject({ raiseCents: 300, deliveryVerdict: "late:no_driver" });
  });
});

describe("the funnel per shop day in the database", () => {
  it("sums each day's hours as funnelFigures does, the fall-back day's 25 hours in one day", async () => {
    const hours = [
      ["2026-10-27T18:00:00Z", 50, 0], // Oct 27: the previous period
      ["2026-11-01T08:00:00Z", 9, 0], // Nov 1 01:00 PDT
      ["2026-11-01T09:00:00Z", 10, 1], // Nov 1 01:00 PST
      ["2026-11-02T07:00:00Z", 1, 0], // Nov 1 23:00 PST
      ["2026-11-02T08:00:00Z", 4, 2], // Nov 2 00:00 PST
    ] as const;
    for (const [at, live, slow] of hours)
      await db.quoteFunnelHour.create({
        data: {
          shopDomain: "insights.myshopify.com",
          locationGid: "gid://shopify/Location/1",
          hourStart: new Date(at),
          requests: live + slow,
          ratedLive: live,
          noneCourier: slow,
          msUpTo500: live,
          msOver10000: slow,
        },
      });
    const query = { shopDomain: "insights.myshopify.com", timeZone: LA, locationGid: null };
    const days = await loadFunnelDays(db, { ...query, periods: [period.previous, period.current] });
    const hourRows = await loadFunnelHours(db, { ...query, start: period.previous.start, end: period.current.end });
    expect(hourRows).toHaveLength(5);
    for (const p of [period.previous, period.current])
      expect(funnelFigures(days, p, LA)).toEqual(funnelFigures(hourRows, p, LA));
    const nov1 = funnelFigures(days, period.current, LA).perDay.find((d) => d.day === "2026-11-01")!;
    expect([nov1.counts.requests, nov1.rated, nov1.p95Ms]).toEqual([21, 20, 500]);
  });
});
