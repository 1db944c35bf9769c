import { instantLabel } from "./labels";
import { closedEntryOn, firstOpenAtOrAfter, openSpanAt, OPEN_SEARCH_DAYS, weekdayOf, wallTime } from "./opening-hours";
import { momentOf, openWindows, type Moment, type OpenWindow, type OpenWindowsInput } from "./windows";

/**
 * What a shopper would be offered at one instant, and when nothing, why: the settings page's preview.
 * Pure: the same window computation checkout uses (windows.ts), with full slots taken out by a
 * predicate the caller gives (capacity counts live outside this module).
 */

const WEEKDAY_PLURALS = ["Sundays", "Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays"];

export type NoWindowReason =
  "no_window_enabled" | "slot_full" | "closed_date" | "closed_day" | "closed_now" | "cutoff_passed" | "too_late";

export interface NoWindowsExplanation {
  reason: NoWindowReason;
  /** For staff, in English: what stops every window, with the times that matter. */
  message: string;
}

export interface SchedulePreviewInput extends OpenWindowsInput {
  /** Whether an offered window (a slot on its day) has no place left; none is full when not given. */
  isFull?: (window: OpenWindow) => boolean;
}

export interface SchedulePreview {
  /** What checkout offers, in the merchant's order (before prices). */
  offered: OpenWindow[];
  /** Windows the hours allow but capacity took out. */
  full: OpenWindow[];
  /** Why nothing is offered; null when something is. */
  whyNone: NoWindowsExplanation | null;
}

export function previewSchedule(input: SchedulePreviewInput): SchedulePreview {
  // Checkout's answer: openWindows leaves full slots out before a slots window's maxRates, so a later
  // slot takes a full one's place; `full` lists those the hours alone would have offered.
  const offered = openWindows(input);
  const { isFull, ...hoursOnly } = input;
  const full = isFull ? openWindows(hoursOnly).filter((window) => isFull(window)) : [];
  return { offered, full, whyNone: offered.length > 0 ? null : whyNoWindows(hoursOnly, full) };
}

/** Why `openWindows` offers nothing at `input.now` (given the windows capacity took out). */
export function whyNoWindows(input: OpenWindowsInput, full: readonly OpenWindow[] = []): NoWindowsExplanation {
  const enabled = input.windows.filter((window) => window.enabled);
  if (enabled.length === 0) {
    return { reason: "no_window_enabled", message: "No delivery window is switched on." };
  }
  if (full.length > 0) {
    const names = full.map((window) => window.label ?? window.windowId).join(", ");
    return { reason: "slot_full", message: `Every window that could be offered is full: ${names}.` };
  }
  const moment = momentOf(input);
  const { now, timeZone, hours, today } = moment;
  const open = openSpanAt(hours, now, timeZone);
  if (!open || !moment.earliest) return closedExplanation(moment);

  const passed = enabled.flatMap((window) =>
    window.kind === "today_by" && now.getTime() >= wallTime(today, window.orderCutoff, timeZone).getTime()
      ? [`${window.serviceName} (cutoff ${instantLabel(wallTime(today, window.orderCutoff, timeZone), timeZone)})`]
      : [],
  );
  if (passed.length > 0) {
    return { reason: "cutoff_passed", message: `The order cutoff has passed: ${passed.join(", ")}.` };
  }
  return {
    reason: "too_late",
    message:
      `The earliest pickup (${instantLabel(moment.earliest, timeZone)}, after preparation and lead time) ` +
      `leaves no window before the location closes at ${instantLabel(open.end, timeZone)}.`,
  };
}

function closedExplanation({ now, timeZone, hours, today }: Moment): NoWindowsExplanation {
  const opens = firstOpenAtOrAfter(hours, now, timeZone);
  const next = opens
    ? `It opens ${instantLabel(opens, timeZone)}, and no window can be offered for then.`
    : `It does not open in the next ${OPEN_SEARCH_DAYS} days.`;
  const closed = closedEntryOn(hours, today);
  if (closed) {
    const reason = closed.reason ? ` (${closed.reason})` : "";
    const range = closed.from === closed.to ? `on ${closed.from}` : `from ${closed.from} to ${closed.to}`;
    return { reason: "closed_date", message: `The location is closed ${range}${reason}. ${next}` };
  }
  const weekday = weekdayOf(today);
  if ((hours.weekly[weekday] ?? []).length === 0) {
    return { reason: "closed_day", message: `The location is closed on ${WEEKDAY_PLURALS[weekday]}. ${next}` };
  }
  return { reason: "closed_now", message: `The location is closed at this time. ${next}` };
}
