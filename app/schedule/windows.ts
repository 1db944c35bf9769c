import type { DeliveryWindow, SlotsWindow } from "~/settings/shop-settings";
import { dayLabel, spanLabel } from "./labels";
import { ALWAYS_OPEN, type LocationHours, nextOpenDay, openSpanAt, type TimeSpan, wallTime } from "./opening-hours";
import { deliveryInSpan, earliestPickup, type PlannedDelivery, roundDownToPickupStep } from "./pickup";
import { serviceCodeFor } from "./service-code";
import { addDays, type CalendarDate, compareDates, parseClockTime, zonedDate } from "./time-zone";

/**
 * The delivery windows a shopper can choose at an instant, in the shop's time zone, from the
 * merchant's windows and the pickup location's hours. Pure: `now` and the hours are passed in.
 */

export interface OpenWindow {
  windowId: string;
  /** Stable for this choice: the window, and the day or slot when it is not simply "now" (service-code.ts). */
  serviceCode: string;
  /** The rate's name when it is not the window's own: a slot ("Today 2–4 pm") or a later day. */
  label: string | null;
  /** Courier pickup_after: inside opening hours, after preparation, never after the delivery starts. */
  pickupAfter: Date;
  deliverBetween: TimeSpan;
}

export interface ScheduleInput {
  now: Date;
  /** The shop's IANA zone, e.g. "America/New_York". */
  timeZone: string;
  leadTimeMinutes: number;
  /** The pickup location's hours (several locations: intersectHours); none set: always open. */
  hours?: LocationHours;
}

export interface OpenWindowsInput extends ScheduleInput {
  windows: readonly DeliveryWindow[];
  /**
   * Offers to leave out (a slot with no place left, capacity.ts): applied before a slots window's
   * maxRates, so a full slot makes room for the next one rather than shortening the list.
   */
  isFull?: (offer: OpenWindow) => boolean;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Everything a window's offer depends on at one instant. */
export interface Moment {
  now: Date;
  timeZone: string;
  hours: LocationHours;
  leadTimeMinutes: number;
  today: CalendarDate;
  /** The earliest pickup for an order placed now; null when the location does not open soon enough. */
  earliest: Date | null;
}

export function momentOf(input: ScheduleInput): Moment {
  const hours = input.hours ?? ALWAYS_OPEN;
  const moment = { ...input, hours, today: zonedDate(input.now, input.timeZone), earliest: null };
  return { ...moment, earliest: earliestPickup(moment) };
}

/**
 * The windows to offer at checkout at `now`, in the merchant's order:
 * - within_hours: while the location is open and the pickup comes before it closes, from the pickup
 *   for N hours;
 * - today_by: before the order cutoff, from the pickup until today's deadline, when pickup comes first;
 * - tomorrow: the first open day after today, from its start (or the pickup) to its end;
 * - slots: the soonest slots of the next open days, each its own window, at most maxRates.
 * When none of them can be offered now (today is over, or the location is closed), the within-hours
 * and today-by windows are offered for the next open day instead of nothing.
 */
export function openWindows(input: OpenWindowsInput): OpenWindow[] {
  const isFull = input.isFull;
  const keep = isFull ? (offer: OpenWindow) => !isFull(offer) : () => true;
  const moment = momentOf(input);
  if (!moment.earliest) return [];
  const enabled = input.windows.filter((window) => window.enabled);
  const offered = enabled.flatMap((window) => offerNow(window, moment, keep));
  if (offered.length > 0 || !todayIsOver(moment)) return offered;
  const day = nextOpenDay(moment.hours, addDays(moment.today, 1), moment.timeZone);
  return day ? enabled.flatMap((window) => offerOnLaterDay(window, moment, day).filter(keep)) : [];
}

/** Closed now, or no pickup possible before tomorrow: nothing more can happen today. */
function todayIsOver({ now, timeZone, hours, today, earliest }: Moment): boolean {
  if (!openSpanAt(hours, now, timeZone) || !earliest) return true;
  return compareDates(zonedDate(earliest, timeZone), today) > 0;
}

function offerNow(window: DeliveryWindow, moment: Moment, keep: (offer: OpenWindow) => boolean): OpenWindow[] {
  if (window.kind === "slots") return offeredSlots(window, moment, { keep, limit: window.maxRates });
  return offerOnce(window, moment).filter(keep);
}

function offerOnce(window: Exclude<DeliveryWindow, SlotsWindow>, moment: Moment): OpenWindow[] {
  const { now, timeZone, hours, today } = moment;
  const earliest = moment.earliest!;
  switch (window.kind) {
    case "within_hours": {
      const open = openSpanAt(hours, now, timeZone);
      if (!open || earliest.getTime() >= open.end.getTime()) return [];
      return [windowOf(window.id, null, withinHoursOfOrder(now, earliest, window.hours * HOUR_MS))];
    }
    case "today_by": {
      if (now.getTime() >= wallTime(today, window.orderCutoff, timeZone).getTime()) return [];
      const delivery = untilDeadline(earliest, wallTime(today, window.deliverBy, timeZone));
      return delivery ? [windowOf(window.id, null, delivery)] : [];
    }
    case "tomorrow": {
      const day = nextOpenDay(hours, addDays(today, 1), timeZone);
      const delivery = day ? dailyDelivery(moment, day, window.startTime, window.endTime) : null;
      if (!day || !delivery) return [];
      const later = isLaterThanTomorrow(day, today);
      return [windowOf(window.id, later ? day : null, delivery, later ? laterDayLabel(window, day, today) : null)];
    }
  }
}

/** A window offered for a later open day `day`, ordered now (no cutoff: that limits ordering for today). */
function offerOnLaterDay(window: DeliveryWindow, moment: Moment, day: CalendarDate): OpenWindow[] {
  const pickup = earliestPickup(moment, wallTime(day, "00:00", moment.timeZone));
  if (!pickup) return [];
  const label = laterDayLabel(window, day, moment.today);
  switch (window.kind) {
    case "within_hours":
      return [windowOf(window.id, day, withinHours(pickup, window.hours * HOUR_MS), label)];
    case "today_by": {
      const delivery = untilDeadline(pickup, wallTime(day, window.deliverBy, moment.timeZone));
      return delivery ? [windowOf(window.id, day, delivery, label)] : [];
    }
    // Tomorrow windows and slots already look ahead to the next open days.
    case "tomorrow":
    case "slots":
      return [];
  }
}

/** A slot is still offered while at least this share of it remains after its pickup. */
export const SLOT_SHARE_LEFT_TO_OFFER = 0.5;

/**
 * The slots of the window on its next `daysAhead` open days that can still be served, soonest first:
 * those `keep` accepts, at most `limit` (found lazily: each slot costs time-zone conversions, and
 * a repeating pattern has dozens).
 */
export function offeredSlots(
  window: SlotsWindow,
  moment: Moment,
  { keep = () => true, limit = Infinity }: { keep?: (offer: OpenWindow) => boolean; limit?: number } = {},
): OpenWindow[] {
  const { timeZone, today } = moment;
  const earliest = moment.earliest;
  if (!earliest) return [];
  const offered: OpenWindow[] = [];
  for (const day of slotDays(window, moment)) {
    for (const start of slotStartTimes(window)) {
      if (offered.length >= limit) return offered;
      const span = slotSpan(window, day, start, timeZone);
      const delivery = deliveryInSpan(moment, earliest, span);
      const left = delivery ? delivery.deliverBetween.end.getTime() - delivery.deliverBetween.start.getTime() : 0;
      if (!delivery || left < window.slotMinutes * MINUTE_MS * SLOT_SHARE_LEFT_TO_OFFER) continue;
      const offer = windowOf(window.id, day, delivery, null, start);
      if (!keep(offer)) continue;
      // Days ascending, start times sorted within a day: already the soonest first.
      offered.push({ ...offer, label: spanLabel(span.start, span.end, today, timeZone) });
    }
  }
  return offered;
}

/** The window's next `daysAhead` open days from today, in order. */
export function slotDays(window: Pick<SlotsWindow, "daysAhead">, moment: Pick<Moment, "hours" | "timeZone" | "today">) {
  const days: CalendarDate[] = [];
  let day: CalendarDate | null = moment.today;
  for (let openDays = 0; openDays < window.daysAhead; openDays++) {
    day = day ? nextOpenDay(moment.hours, day, moment.timeZone) : null;
    if (!day) break;
    days.push(day);
    day = addDays(day, 1);
  }
  return days;
}

/** The slot starting at `start` on `day`: as long as the merchant set, in real minutes (across a clock change too). */
export function slotSpan(window: SlotsWindow, day: CalendarDate, start: string, timeZone: string): TimeSpan {
  const from = wallTime(day, start, timeZone);
  return { start: from, end: new Date(from.getTime() + window.slotMinutes * MINUTE_MS) };
}

/** The listed start times and the pattern's, "HH:MM", sorted and without repeats. */
export function slotStartTimes(window: Pick<SlotsWindow, "startTimes" | "repeat">): string[] {
  const times = new Set(window.startTimes);
  if (window.repeat) {
    const first = minutesOfDay(window.repeat.from);
    const last = minutesOfDay(window.repeat.until);
    for (let minute = first; minute <= last; minute += window.repeat.everyMinutes) times.add(clockText(minute));
  }
  return [...times].sort();
}

export function dailyDelivery(moment: Moment, day: CalendarDate, start: string, end: string): PlannedDelivery | null {
  if (!moment.earliest) return null;
  const span = { start: wallTime(day, start, moment.timeZone), end: wallTime(day, end, moment.timeZone) };
  return deliveryInSpan(moment, moment.earliest, span);
}

export function withinHours(pickup: Date, lengthMs: number): PlannedDelivery {
  return { pickupAfter: pickup, deliverBetween: { start: pickup, end: new Date(pickup.getTime() + lengthMs) } };
}

/** The least delivery span a within-hours window leaves after its pickup, however long preparation takes. */
export const WITHIN_HOURS_MIN_DELIVERY_MINUTES = 60;

/**
 * "Within N hours" of an order placed at `orderedAt`: delivered by orderedAt + N hours (rounded down to
 * the pickup step, so carts quoted minutes apart share a quote), counted from the order as the shopper
 * reads it; when preparation and lead time leave less than
 * WITHIN_HOURS_MIN_DELIVERY_MINUTES after the pickup, the end moves to that (and the rate's name says the
 * longer count, rate-wording.ts).
 */
export function withinHoursOfOrder(orderedAt: Date, pickup: Date, lengthMs: number): PlannedDelivery {
  const promised = roundDownToPickupStep(new Date(orderedAt.getTime() + lengthMs)).getTime();
  const end = Math.max(promised, pickup.getTime() + WITHIN_HOURS_MIN_DELIVERY_MINUTES * MINUTE_MS);
  return { pickupAfter: pickup, deliverBetween: { start: pickup, end: new Date(end) } };
}

export function untilDeadline(pickup: Date, deadline: Date): PlannedDelivery | null {
  return pickup.getTime() < deadline.getTime()
    ? { pickupAfter: pickup, deliverBetween: { start: pickup, end: deadline } }
    : null;
}

export function windowOf(
  windowId: string,
  day: CalendarDate | null,
  delivery: PlannedDelivery,
  label: string | null = null,
  slotStart: string | null = null,
): OpenWindow {
  return { windowId, serviceCode: serviceCodeFor(windowId, day, slotStart), label, ...delivery };
}

function laterDayLabel(window: DeliveryWindow, day: CalendarDate, today: CalendarDate): string {
  return `${window.serviceName} (${dayLabel(day, today)})`;
}

function isLaterThanTomorrow(day: CalendarDate, today: CalendarDate): boolean {
  const tomorrow = addDays(today, 1);
  return day.year !== tomorrow.year || day.month !== tomorrow.month || day.day !== tomorrow.day;
}

function minutesOfDay(hhmm: string): number {
  const { hour, minute } = parseClockTime(hhmm);
  return hour * 60 + minute;
}

function clockText(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}
