import { deliveryVerdictOf, lateBlameOf, paidToDeliveredMinutesOf, type LateBlame } from "~/shipments/delivery-verdict";
import { shopDayOf, type ShopDays } from "./period";

/**
 * Insights' delivery figures for one period. Pure. The database counts the period's shipments in
 * groups (day, kind, state, verdict, exchange, raised: load.server.ts), and `groupRows` is the same
 * grouping of plain rows, the definition the SQL is tested against; the CSV of the deliveries behind
 * a figure uses the same tests on rows (`FIGURE_ROWS`).
 *
 * - A delivery's day is the shop's day of the window the shopper chose (its start), else of its creation.
 * - On time, late and why: the verdict fixed at delivery (app/shipments/delivery-verdict.ts).
 * - Payment to delivery: median and 90th percentile, nearest rank, of the whole minutes.
 * - Money, over the deliveries the courier carried (delivered or returned): the courier's price, what
 *   shoppers paid for delivery, the no-driver raises and the tips, and the margin per delivery
 *   (paid − price − raises − tips, divided by their number).
 * - Raises: deliveries that had at least one raise, how many of those were delivered after all
 *   ("saved"), the dollars raised, and saved deliveries per dollar.
 * - Returns: collections (return pickups) delivered back to the store, and how many were an exchange's
 *   (a round trip).
 */

export { lateBlameOf };
export const OUTCOMES = ["delivered", "returned", "canceled", "expired"] as const;
export type Outcome = (typeof OUTCOMES)[number];
export const LATE_BLAMES = [
  "store_not_ready",
  "no_driver",
  "driver_after_pickup",
] as const satisfies readonly LateBlame[];

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
  deliveryVerdict: string | null;
  paidToDeliveredMinutes: number | null;
  /** The courier's price, cents. */
  priceCents: number | null;
  shopperPriceCents: number | null;
  tipCents: number | null;
  /** The no-driver raises sent to the courier for it, cents. */
  raiseCents: number;
  /** Set on an exchange's legs (a round trip). */
  batchReferenceId: string | null;
}

/** The shipments of one day with the same kind, state, verdict, exchange and raise, counted and summed. */
export interface DeliveryGroup {
  day: string;
  kind: string;
  state: string;
  verdict: string | null;
  exchange: boolean;
  raised: boolean;
  count: number;
  courierCents: number;
  shopperPaidCents: number;
  tipsCents: number;
  raisesCents: number;
}

/** How many delivered deliveries took this many minutes from payment. */
export interface MinutesCount {
  minutes: number;
  count: number;
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

const isDelivery = (row: { kind: string }) => row.kind !== "return_pickup";
const isCarried = (row: { kind: string; state: string }) =>
  isDelivery(row) && (row.state === "delivered" || row.state === "returned");

/** The rows behind each figure, for its CSV. */
export const FIGURE_ROWS = {
  outcomes: (row: DeliveryRow) => isDelivery(row),
  on_time: (row: DeliveryRow) => isDelivery(row) && row.state === "delivered",
  late: (row: DeliveryRow) =>
    isDelivery(row) && row.state === "delivered" && (row.deliveryVerdict ?? "").startsWith("late:"),
  paid_to_delivered: (row: DeliveryRow) =>
    isDelivery(row) && row.state === "delivered" && row.paidToDeliveredMinutes !== null,
  money: (row: DeliveryRow) => isCarried(row),
  raises: (row: DeliveryRow) => isDelivery(row) && row.raiseCents > 0,
  returns: (row: DeliveryRow) => row.kind === "return_pickup" && row.state === "delivered",
} as const;
export type FigureKey = keyof typeof FIGURE_ROWS;
export const FIGURE_KEYS = Object.keys(FIGURE_ROWS) as FigureKey[];

/** The verdict and minutes a row gets at delivery, as the tracking flow stores them (for rows made by hand). */
export function withVerdict(row: Omit<DeliveryRow, "deliveryVerdict" | "paidToDeliveredMinutes">): DeliveryRow {
  return { ...row, deliveryVerdict: deliveryVerdictOf(row), paidToDeliveredMinutes: paidToDeliveredMinutesOf(row) };
}

/** The grouping the database does (load.server.ts), of plain rows: the definition it is tested against. */
export function groupRows(
  rows: readonly DeliveryRow[],
  days: ShopDays,
  timeZone: string,
): { groups: DeliveryGroup[]; minutes: MinutesCount[] } {
  const inDays = new Set(days.days);
  const groups = new Map<string, DeliveryGroup>();
  const minutes = new Map<number, number>();
  for (const row of rows) {
    const day = deliveryDayOf(row, timeZone);
    if (!inDays.has(day)) continue;
    const exchange = row.batchReferenceId !== null;
    const raised = row.raiseCents > 0;
    const key = JSON.stringify([day, row.kind, row.state, row.deliveryVerdict, exchange, raised]);
    const group = groups.get(key) ?? {
      day,
      kind: row.kind,
      state: row.state,
      verdict: row.deliveryVerdict,
      exchange,
      raised,
      count: 0,
      courierCents: 0,
      shopperPaidCents: 0,
      tipsCents: 0,
      raisesCents: 0,
    };
    group.count += 1;
    group.courierCents += row.priceCents ?? 0;
    group.shopperPaidCents += row.shopperPriceCents ?? 0;
    group.tipsCents += row.tipCents ?? 0;
    group.raisesCents += row.raiseCents;
    groups.set(key, group);
    if (FIGURE_ROWS.paid_to_delivered(row))
      minutes.set(row.paidToDeliveredMinutes!, (minutes.get(row.paidToDeliveredMinutes!) ?? 0) + 1);
  }
  return { groups: [...groups.values()], minutes: [...minutes].map(([m, count]) => ({ minutes: m, count })) };
}

/** Nearest-rank percentile (q in 0–1) of counted values; null for none. */
export function nearestRank(counted: readonly MinutesCount[], q: number): number | null {
  const sorted = [...counted].sort((a, b) => a.minutes - b.minutes);
  const total = sorted.reduce((sum, c) => sum + c.count, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (const c of sorted) {
    seen += c.count;
    if (seen >= rank) return c.minutes;
  }
  return null;
}

const zeroOutcomes = (): Record<Outcome, number> => ({ delivered: 0, returned: 0, canceled: 0, expired: 0 });

/** The figures of the groups whose day is one of `days` (others are ignored), and the period's minutes. */
export function deliveryFigures(
  groups: readonly DeliveryGroup[],
  minutes: readonly MinutesCount[],
  days: ShopDays,
): DeliveryFigures {
  const byDay = new Map(days.days.map((day) => [day, zeroOutcomes()]));
  const inPeriod = groups.filter((group) => byDay.has(group.day));
  const outcomes = zeroOutcomes();
  const punctuality = { on_time: 0, early: 0, late: 0, unknown: 0 };
  const lateBlame: Record<LateBlame, number> = { store_not_ready: 0, no_driver: 0, driver_after_pickup: 0 };
  const money = { deliveries: 0, courierCents: 0, shopperPaidCents: 0, raisesCents: 0, tipsCents: 0 };
  const raises = { deliveries: 0, saved: 0, raisedCents: 0 };
  const returns = { collected: 0, exchanges: 0 };
  for (const group of inPeriod) {
    if (!isDelivery(group)) {
      if (group.state === "delivered") {
        returns.collected += group.count;
        if (group.exchange) returns.exchanges += group.count;
      }
      continue;
    }
    if ((OUTCOMES as readonly string[]).includes(group.state)) {
      outcomes[group.state as Outcome] += group.count;
      byDay.get(group.day)![group.state as Outcome] += group.count;
    }
    if (group.state === "delivered") {
      const verdict = group.verdict ?? "";
      if (verdict === "on_time") punctuality.on_time += group.count;
      else if (verdict === "early") punctuality.early += group.count;
      else if (verdict.startsWith("late:") && (LATE_BLAMES as readonly string[]).includes(verdict.slice(5))) {
        punctuality.late += group.count;
        lateBlame[verdict.slice(5) as LateBlame] += group.count;
      } else punctuality.unknown += group.count;
    }
    if (isCarried(group)) {
      money.deliveries += group.count;
      money.courierCents += group.courierCents;
      money.shopperPaidCents += group.shopperPaidCents;
      money.raisesCents += group.raisesCents;
      money.tipsCents += group.tipsCents;
    }
    if (group.raised) {
      raises.deliveries += group.count;
      raises.raisedCents += group.raisesCents;
      if (group.state === "delivered") raises.saved += group.count;
    }
  }
  const judged = punctuality.on_time + punctuality.early + punctuality.late;
  const marginCents = money.shopperPaidCents - money.courierCents - money.raisesCents - money.tipsCents;
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
      count: minutes.reduce((sum, c) => sum + c.count, 0),
    },
    money: {
      ...money,
      marginCents,
      marginPerDeliveryCents: money.deliveries === 0 ? null : Math.round(marginCents / money.deliveries),
    },
    raises: { ...raises, savedPerDollar: raises.raisedCents === 0 ? null : raises.saved / (raises.raisedCents / 100) },
    returns,
  };
}

/** The rows behind one figure in the period, in day order, for its CSV. */
export function rowsBehind(figure: FigureKey, rows: readonly DeliveryRow[], days: ShopDays, timeZone: string) {
  const inDays = new Set(days.days);
  return rows
    .filter((row) => inDays.has(deliveryDayOf(row, timeZone)) && FIGURE_ROWS[figure](row))
    .sort((a, b) => (a.deliverStart ?? a.createdAt).getTime() - (b.deliverStart ?? b.createdAt).getTime());
}
