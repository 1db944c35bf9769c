import { describe, expect, it } from "vitest";
import { deliveryFigures, groupRows, rowsBehind } from "~/insights/delivery-figures";
import type { ShopDays } from "~/insights/period";
import { LA, ROWS } from "./delivery-rows";
import { periodOf } from "~/insights/period";

/**
 * Insights' delivery figures against a table computed by hand. The shop is in Los Angeles and the
 * period's 7 days (Oct 28 – Nov 3, 2026) hold the fall-back day Nov 1, 25 hours long: a delivery at
 * 23:30 PST on Nov 1 (07:30 UTC on Nov 2) counts on Nov 1.
 */

const period = periodOf(new Date("2026-11-03T23:00:00Z"), LA, 7);
const figuresOf = (days: ShopDays) => {
  const { groups, minutes } = groupRows(ROWS, days, LA);
  return deliveryFigures(groups, minutes, days);
};

describe("the period", () => {
  it("is the shop's last 7 days, the fall-back day 25 hours long, and the 7 before", () => {
    expect(period.current.days).toEqual([
      "2026-10-28",
      "2026-10-29",
      "2026-10-30",
      "2026-10-31",
      "2026-11-01",
      "2026-11-02",
      "2026-11-03",
    ]);
    expect(period.current.start.toISOString()).toBe("2026-10-28T07:00:00.000Z");
    expect(period.current.end.toISOString()).toBe("2026-11-04T08:00:00.000Z");
    expect(period.previous.start.toISOString()).toBe("2026-10-21T07:00:00.000Z");
    expect(period.previous.end.toISOString()).toBe("2026-10-28T07:00:00.000Z");
  });
});

describe("delivery figures", () => {
  const figures = figuresOf(period.current);

  it("counts outcomes per shop day", () => {
    expect(figures.outcomes).toEqual({ delivered: 5, returned: 1, canceled: 1, expired: 1 });
    const zero = { delivered: 0, returned: 0, canceled: 0, expired: 0 };
    expect(figures.perDay).toEqual([
      { day: "2026-10-28", counts: zero },
      { day: "2026-10-29", counts: { ...zero, returned: 1, canceled: 1 } },
      { day: "2026-10-30", counts: { ...zero, expired: 1 } },
      { day: "2026-10-31", counts: zero },
      { day: "2026-11-01", counts: { ...zero, delivered: 2 } },
      { day: "2026-11-02", counts: { ...zero, delivered: 1 } },
      { day: "2026-11-03", counts: { ...zero, delivered: 2 } },
    ]);
  });

  it("judges on time by the courier's delivered time, and blames each late delivery", () => {
    expect(figures.onTime).toEqual({ delivered: 5, onTime: 1, early: 0, late: 3, unknown: 1, share: 0.25 });
    expect(figures.lateBlame).toEqual({ store_not_ready: 1, no_driver: 1, driver_after_pickup: 1 });
  });

  it("payment to delivery: median and 90th percentile by nearest rank", () => {
    // 60, 120, 180, 210, 290 minutes.
    expect(figures.paidToDeliveredMinutes).toEqual({ median: 180, p90: 290, count: 5 });
  });

  it("money over the deliveries the courier carried", () => {
    expect(figures.money).toEqual({
      deliveries: 6,
      courierCents: 5200,
      shopperPaidCents: 6500,
      raisesCents: 500,
      tipsCents: 200,
      marginCents: 600,
      marginPerDeliveryCents: 100,
    });
  });

  it("what the raises bought, and the returns collected", () => {
    expect(figures.raises).toEqual({ deliveries: 3, saved: 2, raisedCents: 1000, savedPerDollar: 0.2 });
    expect(figures.returns).toEqual({ collected: 2, exchanges: 1 });
  });

  it("the previous period holds only its own days", () => {
    const before = figuresOf(period.previous);
    expect(before.outcomes).toEqual({ delivered: 1, returned: 0, canceled: 0, expired: 0 });
    expect(before.onTime.share).toBeNull();
    expect(before.money.marginPerDeliveryCents).toBe(0);
  });

  it("lists the deliveries behind a figure, in day order", () => {
    expect(rowsBehind("late", ROWS, period.current, LA).map((r) => r.id)).toEqual(["B", "C", "J"]);
    expect(rowsBehind("money", ROWS, period.current, LA).map((r) => r.id)).toEqual(["F", "A", "B", "C", "J", "K"]);
    expect(rowsBehind("returns", ROWS, period.current, LA).map((r) => r.id)).toEqual(["H", "I"]);
  });
});
