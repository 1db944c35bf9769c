import { describe, expect, it } from "vitest";
import { deliveryFigures, rowsBehind, type DeliveryRow } from "~/insights/delivery-figures";
import { periodOf } from "~/insights/period";

/**
 * Insights' delivery figures against a table computed by hand. The shop is in Los Angeles and the
 * period's 7 days (Oct 28 – Nov 3, 2026) hold the fall-back day Nov 1, 25 hours long: a delivery at
 * 23:30 PST on Nov 1 (07:30 UTC on Nov 2) counts on Nov 1.
 */

const LA = "America/Los_Angeles";
const t = (iso: string) => new Date(iso);

function row(id: string, overrides: Partial<DeliveryRow>): DeliveryRow {
  return {
    id,
    orderName: `#${id}`,
    locationGid: "gid://shopify/Location/1",
    kind: "delivery",
    state: "delivered",
    createdAt: t("2026-11-01T06:00:00Z"),
    pickupAfter: null,
    deliverStart: null,
    deliverEnd: null,
    driverAssignedAt: null,
    atPickupAt: null,
    pickedUpAt: null,
    deliveredAt: null,
    priceCents: null,
    shopperPriceCents: null,
    tipCents: null,
    raiseCents: 0,
    batchReferenceId: null,
    ...overrides,
  };
}

const ROWS: DeliveryRow[] = [
  // On time: Nov 1 00:30–03:30 PDT, delivered 01:00 PDT; paid to delivered 120 min.
  row("A", {
    createdAt: t("2026-11-01T06:00:00Z"),
    pickupAfter: t("2026-11-01T07:00:00Z"),
    deliverStart: t("2026-11-01T07:30:00Z"),
    deliverEnd: t("2026-11-01T10:30:00Z"),
    driverAssignedAt: t("2026-11-01T06:50:00Z"),
    atPickupAt: t("2026-11-01T07:05:00Z"),
    pickedUpAt: t("2026-11-01T07:08:00Z"),
    deliveredAt: t("2026-11-01T08:00:00Z"),
    priceCents: 1000,
    shopperPriceCents: 1500,
  }),
  // Nov 1 23:30 PST (Nov 2 UTC): late by 20 min; the driver waited 30 min at the store → store not ready. 290 min.
  row("B", {
    createdAt: t("2026-11-02T05:00:00Z"),
    pickupAfter: t("2026-11-02T06:30:00Z"),
    deliverStart: t("2026-11-02T07:30:00Z"),
    deliverEnd: t("2026-11-02T09:30:00Z"),
    driverAssignedAt: t("2026-11-02T06:00:00Z"),
    atPickupAt: t("2026-11-02T06:40:00Z"),
    pickedUpAt: t("2026-11-02T07:10:00Z"),
    deliveredAt: t("2026-11-02T09:50:00Z"),
    priceCents: 1200,
    shopperPriceCents: 1500,
    tipCents: 200,
  }),
  // Nov 2 00:30 PST: driver assigned an hour after the pickup time → no driver. 180 min. A raise of $3.
  row("C", {
    createdAt: t("2026-11-02T08:00:00Z"),
    pickupAfter: t("2026-11-02T08:30:00Z"),
    deliverStart: t("2026-11-02T08:30:00Z"),
    deliverEnd: t("2026-11-02T10:30:00Z"),
    driverAssignedAt: t("2026-11-02T09:30:00Z"),
    atPickupAt: t("2026-11-02T09:45:00Z"),
    pickedUpAt: t("2026-11-02T09:50:00Z"),
    deliveredAt: t("2026-11-02T11:00:00Z"),
    priceCents: 1100,
    shopperPriceCents: 1000,
    raiseCents: 300,
  }),
  row("D", {
    state: "expired",
    createdAt: t("2026-10-30T15:00:00Z"),
    deliverStart: t("2026-10-30T17:00:00Z"),
    raiseCents: 500,
  }),
  row("E", { state: "canceled", deliverStart: t("2026-10-29T17:00:00Z") }),
  row("F", { state: "returned", deliverStart: t("2026-10-29T18:00:00Z"), priceCents: 900, shopperPriceCents: 1500 }),
  // Oct 27 23:59 PDT: the previous period.
  row("G", {
    deliverStart: t("2026-10-28T06:59:00Z"),
    deliveredAt: t("2026-10-28T07:30:00Z"),
    createdAt: t("2026-10-28T06:00:00Z"),
  }),
  row("H", { kind: "return_pickup", deliverStart: t("2026-10-31T18:00:00Z"), batchReferenceId: "rt-1" }),
  row("I", { kind: "return_pickup", deliverStart: t("2026-10-31T19:00:00Z") }),
  // Nov 3: picked up on time, late at the door → driver after pickup. 210 min. A raise of $2, delivered.
  row("J", {
    createdAt: t("2026-11-03T16:00:00Z"),
    pickupAfter: t("2026-11-03T17:00:00Z"),
    deliverStart: t("2026-11-03T17:00:00Z"),
    deliverEnd: t("2026-11-03T19:00:00Z"),
    driverAssignedAt: t("2026-11-03T16:30:00Z"),
    atPickupAt: t("2026-11-03T17:00:00Z"),
    pickedUpAt: t("2026-11-03T17:05:00Z"),
    deliveredAt: t("2026-11-03T19:30:00Z"),
    priceCents: 1000,
    shopperPriceCents: 1000,
    raiseCents: 200,
  }),
  // No window (staff's dispatch): counted on its creation day (Nov 3), punctuality unknown. 60 min.
  row("K", { createdAt: t("2026-11-03T20:00:00Z"), deliveredAt: t("2026-11-03T21:00:00Z") }),
  row("L", { state: "scheduled", deliverStart: t("2026-11-03T22:00:00Z") }),
];

const period = periodOf(t("2026-11-03T23:00:00Z"), LA, 7);

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
  const figures = deliveryFigures(ROWS, period.current, LA);

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
    const before = deliveryFigures(ROWS, period.previous, LA);
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
