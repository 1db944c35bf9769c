import { WINDOW_ID_MAX_LENGTH, WINDOW_ID_PATTERN } from "~/settings/shop-settings";
import type { CalendarDate } from "./time-zone";

/**
 * The rate's service_code: Shopify requires one that never changes between requests for the same
 * choice, and dispatch reads the shopper's choice back from it. It names the window, and the day
 * (a window offered for a later open day) or the day and start (a scheduled slot):
 * SAMEDAY_WITHIN-3-HOURS, SAMEDAY_WITHIN-3-HOURS_20261126, SAMEDAY_SLOTS_20261129T1000.
 * Window ids are lowercase words joined by hyphens, so "_" only ever separates the parts.
 */

const SERVICE_CODE_PREFIX = "SAMEDAY_";
const SUFFIX_PATTERN = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2}))?$/;

export interface ServiceCodeParts {
  windowId: string;
  /** The shop-local day the window was offered for; null: the day it is dispatched (or, for "tomorrow", the next). */
  date: CalendarDate | null;
  /** A slot's shop-local start "HH:MM"; null for other windows. */
  start: string | null;
}

const pad = (value: number) => String(value).padStart(2, "0");

export function serviceCodeFor(
  windowId: string,
  date: CalendarDate | null = null,
  start: string | null = null,
): string {
  const base = `${SERVICE_CODE_PREFIX}${windowId.toUpperCase()}`;
  if (!date) return base;
  const day = `${date.year}${pad(date.month)}${pad(date.day)}`;
  return start ? `${base}_${day}T${start.replace(":", "")}` : `${base}_${day}`;
}

/** The parts of one of our service codes, or null for any other code (e.g. "Shipping"). */
export function parseServiceCode(code: string | null | undefined): ServiceCodeParts | null {
  if (!code?.startsWith(SERVICE_CODE_PREFIX)) return null;
  const [upper, suffix, ...rest] = code.slice(SERVICE_CODE_PREFIX.length).split("_");
  if (upper === undefined || rest.length > 0 || upper !== upper.toUpperCase()) return null;
  const windowId = upper.toLowerCase();
  if (windowId.length > WINDOW_ID_MAX_LENGTH || !WINDOW_ID_PATTERN.test(windowId)) return null;
  if (suffix === undefined) return { windowId, date: null, start: null };
  const match = SUFFIX_PATTERN.exec(suffix);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const valid = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDate() === date.day && date.month <= 12;
  if (!valid) return null;
  const start = match[4] === undefined ? null : `${match[4]}:${match[5]}`;
  if (start && (Number(match[4]) > 23 || Number(match[5]) > 59)) return null;
  return { windowId, date, start };
}

/** The window id inside one of our service codes, or null for any other code. */
export function windowIdFromServiceCode(code: string | null | undefined): string | null {
  return parseServiceCode(code)?.windowId ?? null;
}
