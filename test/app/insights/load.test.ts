import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { groupRows, type DeliveryGroup, type MinutesCount } from "~/insights/delivery-figures";
import { loadDeliveryGroups, loadDeliveryRows } from "~/insights/load.server";
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
