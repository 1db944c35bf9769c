import { shopDayOf, type ShopDays } from "./period";

/**
 * Insights' delivery figures for one period, from the period's shipments as plain rows. Pure; each
 * figure is defined here once, and the CSV of the deliveries behind a figure uses the same tests
 * (`FIGURE_ROWS`).
 *
 * - A delivery's day is the shop's day of the window the shopper chose (its start), else of its creation.
 * - On time: delivered (the courier's delivered time) inside that window; late: after its end.
 * - A late delivery is blamed on the longest of: the driver assigned after the pickup time (no driver
 *   in time); the driver waiting at the store beyond STORE_WAIT_ALLOWANCE_MS (store not ready); else
 *   the driver after pickup.
 * - Payment to delivery: from the shipment's creation (dispatch follows the order's payment within
 *   seconds) to the delivered time; median and 90th percentile, nearest rank.
 * - Money, over the deliveries the courier carried (delivered or returned): the courier's price, what
 *   shoppers paid for delivery, the no-driver raises and the tips, and the margin per delivery
 *   (paid − price − raises − tips, divided by their number).
 * - Raises: deliveries that had at least one raise, how many of those were delivered after all
 *   ("saved"), the dollars raised, and saved deliveries per dollar.
 * - Returns: collections (return pickups) delivered back to the store, and how many were an exchange's
 *   (a round trip).
 */

export const STORE_WAIT_ALLOWANCE_MS = 10 * 60_000;

export const OUTCOMES = ["delivered", "returned", "canceled", "expired"] as const;
export type Outcome = (typeof OUTCOMES)[number];
export const LATE_BLAMES = ["store_not_ready", "no_driver", "driver_after_pickup"] as const;
export type LateBlame = (typeof LATE_BLAMES)[number];

export interface DeliveryRow {
  id: string;
  orderName: string;
  locationGid: string;
  /** "delivery" or "return_pickup". */
  kind: string;
  state: string;
  createdAt: Date;
  pickupAfter: Date | null;
  deliverStart: Date | null;
  deliverEnd: Date | null;
  driverAssignedAt: Date | null;
  atPickupAt: Date | null;
  pickedUpAt: Date | null;
  deliveredAt: Date | null;
  /** The courier's price, cents. */
  priceCents: number | null;
  shopperPriceCents: number | null;
  tipCents: number | null;
  /** The no-driver raises sent to the courier for it, cents. */
  raiseCents: number;
  /** Set on an exchange's legs (a round trip). */
  batchReferenceId: string | null;
}

export interface DeliveryFigures {
  /** Per day of the period: deliveries by outcome. */
  perDay: { day: string; counts: Record<Outcome, number> }[];
  outcomes: Record<Outcome, number>;
  onTime: { delivered: number; onTime: number; early: number; late: number; unknown: number; share: number | null };
  lateBlame: Record<LateBlame, number>;
  paidToDeliveredMinutes: { median: number | null; p90: number | null; count: number };
  money: {
    deliveries: number;
    courierCents: number;
    shopperPaidCents: number;
    raisesCents: number;
    tipsCents: number;
    marginCents: number;
    marginPerDeliveryCents: number | null;
  };
  raises: { deliveries: number; saved: number; raisedCents: number; savedPerDollar: number | null };
  returns: { collected: number; exchanges: number };
}

/** The day a row counts on. */
export function deliveryDayOf(row: Pick<DeliveryRow, "deliverStart" | "createdAt">, timeZone: string): string {
  return shopDayOf(row.deliverStart ?? row.createdAt, timeZone);
}

export function outcomeOf(row: Pick<DeliveryRow, "state">): Outcome | null {
  return (OUTCOMES as readonly string[]).includes(row.state) ? (row.state as Outcome) : null;
}

const isDelivery = (row: DeliveryRow) => row.kind !== "return_pickup";

export type Punctuality = "on_time" | "early" | "late" | "unknown";

/** Whether a delivered row came inside its window, by the courier's delivered time. */
export function punctualityOf(row: DeliveryRow): Punctuality {
  if (!row.deliveredAt || !row.deliverStart || !row.deliverEnd) return "unknown";
  const at = row.deliveredAt.getTime();
  if (at > row.deliverEnd.getTime()) return "late";
  if (at < row.deliverStart.getTime()) return "early";
  return "on_time";
}

/** Where a late delivery lost its time. */
export function lateBlameOf(row: DeliveryRow): LateBlame {
  const noDriverMs =
    row.driverAssignedAt && row.pickupAfter ? row.driverAssignedAt.getTime() - row.pickupAfter.getTime() : 0;
  const storeMs =
    row.atPickupAt && row.pickedUpAt
      ? row.pickedUpAt.getTime() - row.atPickupAt.getTime() - STORE_WAIT_ALLOWANCE_MS
      : 0;
  if (noDriverMs <= 0 && storeMs <= 0) return "driver_after_pickup";
  return storeMs > noDriverMs ? "store_not_ready" : "no_driver";
}

const isCarried = (row: DeliveryRow) => isDelivery(row) && (row.state === "delivered" || row.state === "returned");

/** The rows behind each figure, for its CSV. */
export const FIGURE_ROWS = {
  outcomes: (row: DeliveryRow) => isDelivery(row),
  on_time: (row: DeliveryRow) => isDelivery(row) && row.state === "delivered",
  late: (row: DeliveryRow) => isDelivery(row) && row.state === "delivered" && punctualityOf(row) === "late",
  paid_to_delivered: (row: DeliveryRow) => isDelivery(row) && row.state === "delivered" && row.deliveredAt !== null,
  money: isCarried,
  raises: (row: DeliveryRow) => isDelivery(row) && row.raiseCents > 0,
  returns: (row: DeliveryRow) => row.kind === "return_pickup" && row.state === "delivered",
} as const;
export type FigureKey = keyof typeof FIGURE_ROWS;
export const FIGURE_KEYS = Object.keys(FIGURE_ROWS) as FigureKey[];

/** Nearest-rank percentile of sorted values (q in 0–1); null for none. */
export function nearestRank(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
}

const zeroOutcomes = (): Record<Outcome, number> => ({ delivered: 0, returned: 0, canceled: 0, expired: 0 });

/** The figures of the rows whose day is one of `days` (others are ignored). */
export function deliveryFigures(rows: readonly DeliveryRow[], days: ShopDays, timeZone: string): DeliveryFigures {
  const byDay = new Map(days.days.map((day) => [day, zeroOutcomes()]));
  const inPeriod = rows.filter((row) => byDay.has(deliveryDayOf(row, timeZone)));
  const outcomes = zeroOutcomes();
  for (const row of inPeriod.filter(FIGURE_ROWS.outcomes)) {
    const outcome = outcomeOf(row);
    if (!outcome) continue;
    outcomes[outcome] += 1;
    byDay.get(deliveryDayOf(row, timeZone))![outcome] += 1;
  }

  const punctuality = { on_time: 0, early: 0, late: 0, unknown: 0 };
  const lateBlame: Record<LateBlame, number> = { store_not_ready: 0, no_driver: 0, driver_after_pickup: 0 };
  for (const row of inPeriod.filter(FIGURE_ROWS.on_time)) {
    const p = punctualityOf(row);
    punctuality[p] += 1;
    if (p === "late") lateBlame[lateBlameOf(row)] += 1;
  }
  const judged = punctuality.on_time + punctuality.early + punctuality.late;

  const minutes = inPeriod
    .filter(FIGURE_ROWS.paid_to_delivered)
    .map((row) => (row.deliveredAt!.getTime() - row.createdAt.getTime()) / 60_000)
    .sort((a, b) => a - b);

  const carried = inPeriod.filter(FIGURE_ROWS.money);
  const sum = (list: readonly DeliveryRow[], cents: (row: DeliveryRow) => number | null) =>
    list.reduce((total, row) => total + (cents(row) ?? 0), 0);
  const courierCents = sum(carried, (r) => r.priceCents);
  const shopperPaidCents = sum(carried, (r) => r.shopperPriceCents);
  const raisesCents = sum(carried, (r) => r.raiseCents);
  const tipsCents = sum(carried, (r) => r.tipCents);
  const marginCents = shopperPaidCents - courierCents - raisesCents - tipsCents;

  const raised = inPeriod.filter(FIGURE_ROWS.raises);
  const raisedCents = sum(raised, (r) => r.raiseCents);
  const saved = raised.filter((row) => row.state === "delivered").length;

  const collected = inPeriod.filter(FIGURE_ROWS.returns);
  return {
    perDay: days.days.map((day) => ({ day, counts: byDay.get(day)! })),
    outcomes,
    onTime: {
      delivered: outcomes.delivered,
      onTime: punctuality.on_time,
      early: punctuality.early,
      late: punctuality.late,
      unknown: punctuality.unknown,
      share: judged === 0 ? null : punctuality.on_time / judged,
    },
    lateBlame,
    paidToDeliveredMinutes: {
      median: nearestRank(minutes, 0.5),
      p90: nearestRank(minutes, 0.9),
      count: minutes.length,
    },
    money: {
      deliveries: carried.length,
      courierCents,
      shopperPaidCents,
      raisesCents,
      tipsCents,
      marginCents,
      marginPerDeliveryCents: carried.length === 0 ? null : Math.round(marginCents / carried.length),
    },
    raises: {
      deliveries: raised.length,
      saved,
      raisedCents,
      savedPerDollar: raisedCents === 0 ? null : saved / (raisedCents / 100),
    },
    returns: {
      collected: collected.length,
      exchanges: collected.filter((row) => row.batchReferenceId !== null).length,
    },
  };
}

/** The rows behind one figure in the period, in day order, for its CSV. */
export function rowsBehind(figure: FigureKey, rows: readonly DeliveryRow[], days: ShopDays, timeZone: string) {
  const inDays = new Set(days.days);
  return rows
    .filter((row) => inDays.has(deliveryDayOf(row, timeZone)) && FIGURE_ROWS[figure](row))
    .sort((a, b) => (a.deliverStart ?? a.createdAt).getTime() - (b.deliverStart ?? b.createdAt).getTime());
}
