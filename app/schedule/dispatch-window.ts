import type { DeliveryWindow } from "~/settings/shop-settings";
import { isOpenDay, OPEN_SEARCH_DAYS, type TimeSpan, wallTime } from "./opening-hours";
import { deliveryInSpan, earliestPickup, type PlannedDelivery } from "./pickup";
import { parseServiceCode } from "./service-code";
import { addDays, type CalendarDate, compareDates, parseClockTime, zonedDate } from "./time-zone";
import {
  dailyDelivery,
  type Moment,
  momentOf,
  offeredSlots,
  type OpenWindow,
  type OpenWindowsInput,
  slotSpan,
  untilDeadline,
  windowOf,
  withinHours,
  withinHoursOfOrder,
} from "./windows";

/**
 * The window a paid order is dispatched in: the one its service_code names (enabled or not, since the
 * shopper paid for it), for the day or slot the code names; else the shop's default window, else the
 * first. Kept as chosen while it can still be served; moved to the next time the location can serve
 * only when it has passed, and then `moved` says from what, for the shipment's timeline. Pure.
 */

/** Shortest catch-up span when a "today by" window is dispatched after its deadline. */
export const CATCH_UP_MIN_MINUTES = 60;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

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
  /** True when the chosen window had already passed and was moved to a later time. */
  movedForward: boolean;
  /** When moved: the delivery span the shopper chose (null when it cannot be named, e.g. within hours). */
  movedFrom: TimeSpan | null;
}

/** Null only when the shop has no windows, or its locations do not open within OPEN_SEARCH_DAYS. */
export function windowForDispatch(input: WindowForDispatchInput): DispatchWindow | null {
  const { windows, serviceCode, defaultWindowId } = input;
  const code = parseServiceCode(serviceCode);
  const chosen = code === null ? undefined : windows.find((window) => window.id === code.windowId);
  const window =
    chosen ??
    windows.find((candidate) => candidate.id === defaultWindowId) ??
    windows.find((candidate) => candidate.enabled) ??
    windows[0];
  if (!window) return null;
  const moment = momentOf(input);
  if (!moment.earliest) return null;
  const day = chosen ? (code?.date ?? null) : null;
  const slotStart = chosen ? (code?.start ?? null) : null;
  const planned = plan(window, moment, { day, slotStart, orderedAt: input.orderedAt ?? input.now });
  if (!planned) return null;
  return { ...planned, chosenBy: chosen ? "service_code" : "default_window" };
}

type Planned = Omit<DispatchWindow, "chosenBy">;
type Choice = { day: CalendarDate | null; slotStart: string | null; orderedAt: Date };

function plan(window: DeliveryWindow, moment: Moment, choice: Choice): Planned | null {
  const earliest = moment.earliest!;
  const { today, timeZone } = moment;
  const kept = (delivery: PlannedDelivery, day: CalendarDate | null = choice.day): Planned => ({
    ...windowOf(window.id, day, delivery, null, choice.slotStart),
    movedForward: false,
    movedFrom: null,
  });
  const moved = (delivery: PlannedDelivery, from: TimeSpan | null): Planned => ({
    ...windowOf(window.id, null, delivery),
    movedForward: true,
    movedFrom: from,
  });
  switch (window.kind) {
    case "within_hours": {
      const laterDay = choice.day !== null && isLater(choice.day, today);
      const pickup = laterDay ? pickupOn(moment, choice.day!) : earliest;
      if (!pickup) return null;
      // Offered for today: by the order's time + N hours, as the rate said (rate-wording.ts).
      const length = window.hours * HOUR_MS;
      return kept(laterDay ? withinHours(pickup, length) : withinHoursOfOrder(choice.orderedAt, pickup, length));
    }
    case "today_by": {
      const day = choice.day ?? today;
      const deadline = wallTime(day, window.deliverBy, timeZone);
      const pickup = isLater(day, today) ? pickupOn(moment, day) : earliest;
      const delivery = pickup ? untilDeadline(pickup, deadline) : null;
      if (delivery) return kept(delivery);
      const length = Math.max(minutesBetween(window.orderCutoff, window.deliverBy), CATCH_UP_MIN_MINUTES) * MINUTE_MS;
      const promised = { start: wallTime(day, window.orderCutoff, timeZone), end: deadline };
      return moved(withinHours(earliest, length), promised);
    }
    case "tomorrow": {
      const intended = choice.day ?? addDays(zonedDate(choice.orderedAt, timeZone), 1);
      let day = compareDates(intended, today) < 0 ? today : intended;
      for (let attempt = 0; attempt < OPEN_SEARCH_DAYS; attempt++, day = addDays(day, 1)) {
        if (!isOpenDay(moment.hours, day, timeZone)) continue;
        const delivery = dailyDelivery(moment, day, window.startTime, window.endTime);
        if (!delivery) continue;
        if (compareDates(day, intended) === 0) return kept(delivery);
        const promised = {
          start: wallTime(intended, window.startTime, timeZone),
          end: wallTime(intended, window.endTime, timeZone),
        };
        return moved(delivery, promised);
      }
      return moved(withinHours(earliest, minutesBetween(window.startTime, window.endTime) * MINUTE_MS), null);
    }
    case "slots": {
      if (choice.day && choice.slotStart) {
        const span = slotSpan(window, choice.day, choice.slotStart, timeZone);
        const delivery = deliveryInSpan(moment, earliest, span);
        if (delivery) return kept(delivery);
        const next = offeredSlots(window, moment, { limit: 1 })[0];
        const promised = span;
        if (next) return { ...next, label: null, movedForward: true, movedFrom: promised };
        return moved(withinHours(earliest, window.slotMinutes * MINUTE_MS), promised);
      }
      const next = offeredSlots(window, moment, { limit: 1 })[0];
      if (next) return { ...next, label: null, movedForward: false, movedFrom: null };
      return kept(withinHours(earliest, window.slotMinutes * MINUTE_MS), null);
    }
  }
}

/** The earliest pickup on a later day `day` (from its opening, after preparation). */
function pickupOn(moment: Moment, day: CalendarDate): Date | null {
  return earliestPickup(moment, wallTime(day, "00:00", moment.timeZone));
}

function isLater(day: CalendarDate, today: CalendarDate): boolean {
  return compareDates(day, today) > 0;
}

function minutesBetween(from: string, to: string): number {
  const a = parseClockTime(from);
  const b = parseClockTime(to);
  return b.hour * 60 + b.minute - (a.hour * 60 + a.minute);
}
