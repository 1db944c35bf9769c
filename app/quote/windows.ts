import type { DeliveryWindow } from "~/settings/shop-settings";
import { WINDOW_ID_MAX_LENGTH, WINDOW_ID_PATTERN } from "~/settings/shop-settings";
import { addDays, compareDates, type CalendarDate, parseClockTime, zonedDate, zonedTimeOnDate } from "./time-zone";

/**
 * When each delivery window is offered and what pickup time and delivery span it means, in the
 * shop's time zone. Pure: `now` is passed in.
 */

export interface TimeSpan {
  start: Date;
  end: Date;
}

export interface OpenWindow {
  windowId: string;
  serviceCode: string;
  /** Courier pickup_after; equal to deliverBetween.start, as the courier recommends. */
  pickupAfter: Date;
  deliverBetween: TimeSpan;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Pickup times are rounded up to this step so that carts quoted minutes apart share a quote. */
export const PICKUP_ROUNDING_MINUTES = 5;
/** The courier needs pickup_after in the future; "immediate" is now plus one minute. */
export const MIN_PICKUP_DELAY_MINUTES = 1;
/** Shortest catch-up span when a "today by" window is dispatched after its deadline. */
export const CATCH_UP_MIN_MINUTES = 60;

const SERVICE_CODE_PREFIX = "SAMEDAY_";

/** Shopify requires a service_code that never changes between requests: it names the window only. */
export function serviceCodeForWindow(windowId: string): string {
  return `${SERVICE_CODE_PREFIX}${windowId.toUpperCase()}`;
}

/** The window id inside one of our service codes, or null for any other code (e.g. "Shipping"). */
export function windowIdFromServiceCode(code: string | null | undefined): string | null {
  if (!code?.startsWith(SERVICE_CODE_PREFIX)) return null;
  const upper = code.slice(SERVICE_CODE_PREFIX.length);
  if (upper !== upper.toUpperCase()) return null;
  const id = upper.toLowerCase();
  return id.length <= WINDOW_ID_MAX_LENGTH && WINDOW_ID_PATTERN.test(id) ? id : null;
}

/**
 * Earliest pickup: now + lead time (at least one minute), rounded up to the next 5-minute boundary.
 * Every zone offset is a multiple of 5 minutes, so the boundary is a round local time too.
 */
export function pickupAfterFor(now: Date, leadTimeMinutes: number): Date {
  const step = PICKUP_ROUNDING_MINUTES * MINUTE_MS;
  const lead = Math.max(leadTimeMinutes, MIN_PICKUP_DELAY_MINUTES) * MINUTE_MS;
  return new Date(Math.ceil((now.getTime() + lead) / step) * step);
}

export interface OpenWindowsInput {
  now: Date;
  /** The shop's IANA zone, e.g. "America/New_York". */
  timeZone: string;
  leadTimeMinutes: number;
  windows: readonly DeliveryWindow[];
}

/**
 * The windows to offer at checkout at `now`, in the merchant's order:
 * - within_hours: from the pickup time for N hours.
 * - today_by: while the shop-local time is before the cutoff, from the pickup time until today's
 *   deadline; not offered when pickup would not come before the deadline.
 * - tomorrow: tomorrow's shop-local start to end (tomorrow is the calendar day after today, so at
 *   00:30 it is the day after the one that just began); starts no earlier than the pickup time.
 */
export function openWindows({ now, timeZone, leadTimeMinutes, windows }: OpenWindowsInput): OpenWindow[] {
  const pickupAfter = pickupAfterFor(now, leadTimeMinutes);
  const today = zonedDate(now, timeZone);
  const open: OpenWindow[] = [];
  for (const window of windows) {
    if (!window.enabled) continue;
    const span = offeredSpan(window, { now, timeZone, pickupAfter, today });
    if (span) open.push(toOpenWindow(window.id, span));
  }
  return open;
}

interface Moment {
  now: Date;
  timeZone: string;
  pickupAfter: Date;
  today: CalendarDate;
}

function offeredSpan(window: DeliveryWindow, { now, timeZone, pickupAfter, today }: Moment): TimeSpan | null {
  switch (window.kind) {
    case "within_hours":
      return withinHours(pickupAfter, window.hours * HOUR_MS);
    case "today_by": {
      const cutoff = zonedTimeOnDate(today, window.orderCutoff, timeZone);
      if (now.getTime() >= cutoff.getTime()) return null;
      return spanIfPositive(pickupAfter, zonedTimeOnDate(today, window.deliverBy, timeZone));
    }
    case "tomorrow": {
      const tomorrow = addDays(today, 1);
      return dailySpan(tomorrow, window.startTime, window.endTime, timeZone, pickupAfter);
    }
  }
}

export interface WindowForDispatchInput extends OpenWindowsInput {
  /** The shipping line's code, when the order has one (may be a generic "Shipping"). */
  serviceCode: string | null;
  defaultWindowId: string;
  /** When the shopper placed the order (defaults to now): a "tomorrow" window means the day after it. */
  orderedAt?: Date;
}

export interface DispatchWindow extends OpenWindow {
  /** Whether the shopper's chosen window was found, or the shop's default (or first) window was used. */
  chosenBy: "service_code" | "default_window";
  /** True when the window had already passed and was moved to a later time. */
  movedForward: boolean;
}

/**
 * The window a paid order is dispatched in: the one whose service_code the shopper chose (enabled or
 * not, since the shopper paid for it), else the shop's default window, else the first window; null only
 * when the shop has no windows. Evaluated at dispatch time `now` and moved forward if already past:
 * - within_hours: from the pickup time for N hours (never past).
 * - today_by: the deadline today if pickup still comes before it (the order cutoff is not applied: it
 *   limits checkout, and the order was placed before it). Past the deadline, the order is delivered as
 *   soon as possible: from the pickup time, for the window's cutoff-to-deadline length (at least one
 *   hour); movedForward.
 * - tomorrow: the start-end span on the day after the order date; when that day's end is not reachable
 *   any more, the first later day whose end is (today's, if still reachable), starting no earlier than
 *   the pickup time; movedForward when a later day was used.
 * As at checkout, pickupAfter equals the delivery start.
 */
export function windowForDispatch(input: WindowForDispatchInput): DispatchWindow | null {
  const { now, timeZone, leadTimeMinutes, windows, serviceCode, defaultWindowId } = input;
  const chosenId = windowIdFromServiceCode(serviceCode);
  const chosen = chosenId === null ? undefined : windows.find((window) => window.id === chosenId);
  const window =
    chosen ??
    windows.find((candidate) => candidate.id === defaultWindowId) ??
    windows.find((candidate) => candidate.enabled) ??
    windows[0];
  if (!window) return null;

  const pickupAfter = pickupAfterFor(now, leadTimeMinutes);
  const today = zonedDate(now, timeZone);
  const chosenBy = chosen ? "service_code" : "default_window";

  switch (window.kind) {
    case "within_hours":
      return {
        ...toOpenWindow(window.id, withinHours(pickupAfter, window.hours * HOUR_MS)),
        chosenBy,
        movedForward: false,
      };
    case "today_by": {
      const deadline = zonedTimeOnDate(today, window.deliverBy, timeZone);
      const span = spanIfPositive(pickupAfter, deadline);
      if (span) return { ...toOpenWindow(window.id, span), chosenBy, movedForward: false };
      const catchUp = Math.max(minutesBetween(window.orderCutoff, window.deliverBy), CATCH_UP_MIN_MINUTES) * MINUTE_MS;
      return { ...toOpenWindow(window.id, withinHours(pickupAfter, catchUp)), chosenBy, movedForward: true };
    }
    case "tomorrow": {
      const intendedDay = addDays(zonedDate(input.orderedAt ?? now, timeZone), 1);
      let day = compareDates(intendedDay, today) < 0 ? today : intendedDay;
      // Two later days always suffice: a day's span is at most 24 h and pickup is at most a day away.
      for (let attempt = 0; attempt < 3; attempt++, day = addDays(day, 1)) {
        const span = dailySpan(day, window.startTime, window.endTime, timeZone, pickupAfter);
        if (span) {
          const movedForward = compareDates(day, intendedDay) !== 0;
          return { ...toOpenWindow(window.id, span), chosenBy, movedForward };
        }
      }
      const lastResort = withinHours(pickupAfter, minutesBetween(window.startTime, window.endTime) * MINUTE_MS);
      return { ...toOpenWindow(window.id, lastResort), chosenBy, movedForward: true };
    }
  }
}

function dailySpan(day: CalendarDate, startTime: string, endTime: string, timeZone: string, pickupAfter: Date) {
  const start = zonedTimeOnDate(day, startTime, timeZone);
  const end = zonedTimeOnDate(day, endTime, timeZone);
  return spanIfPositive(start.getTime() < pickupAfter.getTime() ? pickupAfter : start, end);
}

function withinHours(start: Date, lengthMs: number): TimeSpan {
  return { start, end: new Date(start.getTime() + lengthMs) };
}

function spanIfPositive(start: Date, end: Date): TimeSpan | null {
  return start.getTime() < end.getTime() ? { start, end } : null;
}

function minutesBetween(from: string, to: string): number {
  const a = parseClockTime(from);
  const b = parseClockTime(to);
  return b.hour * 60 + b.minute - (a.hour * 60 + a.minute);
}

function toOpenWindow(windowId: string, span: TimeSpan): OpenWindow {
  return {
    windowId,
    serviceCode: serviceCodeForWindow(windowId),
    pickupAfter: span.start,
    deliverBetween: span,
  };
}
