import { dayLabel, spanLabel } from "./labels";
import { type TimeSpan, wallTime } from "./opening-hours";
import { parseServiceCode, serviceCodeFor } from "./service-code";
import { type CalendarDate, zonedDate } from "./time-zone";
import { momentOf, openWindows, type OpenWindowsInput, slotDays, slotStartTimes } from "./windows";

/**
 * How many deliveries a pickup location takes in one slot. Pure: the counts of places taken are
 * passed in (app/schedule/slot-reservations.server.ts keeps them).
 *
 * A capacity slot is one location's chosen window on one shop-local day: for a scheduled slot, that
 * slot ("SAMEDAY_SLOTS_20261129T1000"); for any other window, the window on the day its delivery
 * starts ("SAMEDAY_WITHIN-3-HOURS_20261126"), however the pickup moves within the day. Its key is
 * the location and that dated service code, so checkout (which counts the places of the slots it
 * would offer) and dispatch (which takes a place in the slot it books) name the same slot.
 */

/** What a window offer or a dispatch booking says about its slot (an OpenWindow or DispatchWindow fits). */
export interface SlotChoice {
  windowId: string;
  serviceCode: string;
  deliverBetween: TimeSpan;
}

export interface CapacitySlot {
  /** Stable: `<location gid>|<dated service code>`. */
  key: string;
  locationGid: string;
  windowId: string;
  day: CalendarDate;
  /** A scheduled slot's start "HH:MM"; null for other windows. */
  slotStart: string | null;
  /** The slot's span: a scheduled slot's whole span, else the booked delivery span. */
  span: TimeSpan;
}

/** The slot a window offer or booking falls in, at a location, in the shop's time zone. */
export function capacitySlotOf(locationGid: string, choice: SlotChoice, timeZone: string): CapacitySlot {
  const { day, slotStart } = slotDayOf(choice, timeZone);
  const span =
    slotStart === null
      ? choice.deliverBetween
      : { start: wallTime(day, slotStart, timeZone), end: choice.deliverBetween.end };
  return {
    key: slotKeyOf(locationGid, choice.windowId, day, slotStart),
    locationGid,
    windowId: choice.windowId,
    day,
    slotStart,
    span,
  };
}

/** Only the key of capacitySlotOf (no slot span to convert: checkout asks it of every offer). */
export function capacitySlotKeyOf(locationGid: string, choice: SlotChoice, timeZone: string): string {
  const { day, slotStart } = slotDayOf(choice, timeZone);
  return slotKeyOf(locationGid, choice.windowId, day, slotStart);
}

function slotDayOf(choice: SlotChoice, timeZone: string): { day: CalendarDate; slotStart: string | null } {
  const code = parseServiceCode(choice.serviceCode);
  const own = code?.windowId === choice.windowId ? code : null;
  return { day: own?.date ?? zonedDate(choice.deliverBetween.start, timeZone), slotStart: own?.start ?? null };
}

/**
 * The keys of every slot at `locationGid` that checkout could offer at `now`, before any is left out
 * as full: each slot of a slots window's next open days (past ones too: cheaper to count than to
 * convert their times), and the slot of each other window's offer. Checkout counts their places in
 * one query.
 */
export function candidateSlotKeys(locationGid: string, input: OpenWindowsInput): string[] {
  const moment = momentOf(input);
  if (!moment.earliest) return [];
  const enabled = input.windows.filter((window) => window.enabled);
  const keys = new Set<string>();
  for (const window of enabled) {
    if (window.kind !== "slots") continue;
    for (const day of slotDays(window, moment))
      for (const start of slotStartTimes(window)) keys.add(slotKeyOf(locationGid, window.id, day, start));
  }
  const others = enabled.filter((window) => window.kind !== "slots");
  if (others.length > 0) {
    for (const offer of openWindows({ ...input, windows: others, isFull: undefined }))
      keys.add(capacitySlotKeyOf(locationGid, offer, input.timeZone));
  }
  return [...keys];
}

export function slotKeyOf(locationGid: string, windowId: string, day: CalendarDate, slotStart: string | null): string {
  return `${locationGid}|${serviceCodeFor(windowId, day, slotStart)}`;
}

/**
 * How staff read a slot: a scheduled slot by its span ("Sat, Nov 29, 10 am–12 pm"), any other window
 * by its name and day ("Within 3 hours, Thu, Nov 26").
 */
export function slotWords(slot: CapacitySlot, windowName: string, timeZone: string): string {
  return slot.slotStart === null
    ? `${windowName}, ${dayLabel(slot.day, null)}`
    : spanLabel(slot.span.start, slot.span.end, null, timeZone);
}

/** The staff line on a shipment booked past its slot's capacity. */
export function overCapacityWords(words: string): string {
  return `Booked over capacity: ${words}`;
}

/** A location's capacity per slot, from the shop's hours settings; null (no entry, or none set): no limit. */
export function slotCapacityOf(
  openingHours: readonly { locationGid: string; slotCapacity?: number | null }[],
  locationGid: string,
): number | null {
  return openingHours.find((entry) => entry.locationGid === locationGid)?.slotCapacity ?? null;
}

/** Whether a slot with `taken` places in use can take no more (a capacity of 0 takes none). */
export function isSlotFull(capacity: number | null, taken: number): boolean {
  return capacity !== null && taken >= capacity;
}

/**
 * A test for offers at `locationGid` (openWindows' isFull): whether the offer's slot has no place
 * left, given the places in use per slot key (a key it lacks has none).
 */
export function fullSlotTest(input: {
  locationGid: string;
  capacity: number | null;
  taken: ReadonlyMap<string, number>;
  timeZone: string;
}): (offer: SlotChoice) => boolean {
  const { locationGid, capacity, taken, timeZone } = input;
  return (offer) => isSlotFull(capacity, taken.get(capacitySlotKeyOf(locationGid, offer, timeZone)) ?? 0);
}

/**
 * Whether a booking that found place number `freePlace` free (the lowest unused number) and `active`
 * reservations in its slot holds a place within capacity. No limit: always. A place number above the
 * capacity, or a slot already holding as many bookings as places (some booked over capacity, then a
 * place released), is over capacity.
 */
export function withinCapacity(capacity: number | null, freePlace: number, active: number): boolean {
  return capacity === null || (freePlace <= capacity && active < capacity);
}
