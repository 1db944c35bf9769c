import { withVerdict, type DeliveryRow } from "~/insights/delivery-figures";

/**
 * Hand-made deliveries for Insights' tests: a shop in Los Angeles, the 7 days Oct 28 – Nov 3, 2026
 * holding the fall-back day Nov 1 (25 hours). Each row's verdict is the one the tracking flow
 * stores at delivery (withVerdict).
 */

export const LA = "America/Los_Angeles";
const t = (iso: string) => new Date(iso);

function row(
  id: string,
  overrides: Partial<Omit<DeliveryRow, "deliveryVerdict" | "paidToDeliveredMinutes">>,
): DeliveryRow {
  return withVerdict({
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
  });
}

export const ROWS: DeliveryRow[] = [
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
