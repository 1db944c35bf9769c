import { parsePhoneNumberFromString } from "libphonenumber-js";

/**
 * The one wording of times, money, phone numbers, positions and people on the staff pages and in the
 * CSV: in the shop's time zone and locale (en-US by default: the courier delivers in the US, and the
 * server render and the browser's hydration must produce the same text). Pure.
 *
 * - A window: "Today, 7:30–8:30 pm", "Tomorrow, 11 am–1 pm", "Fri, Nov 27, 7:30–8:30 pm" (the year
 *   when it is not this year), "Today, 11 pm – Tomorrow, 1 am" across midnight.
 * - An instant: "Today, 2:30 pm", "Thu, Nov 26, 2:30 pm".
 * - Money with its currency code: "$36.97 USD".
 * - A phone number in its national format: "(555) 170-0034".
 * - A person on the staff: their name, else "A staff member" (never a bare user id).
 * - CSV: ISO 8601 with the shop's offset ("2026-11-27T19:30:00-08:00"), amounts as plain decimals
 *   beside a currency column.
 */

export type ShopClock = { timeZone: string; now: Date; locale?: string };

type Zoned = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const DEFAULT_LOCALE = "en-US";
const NONE = "—";

function zoned(instant: Date, timeZone: string): Zoned {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    }).formatToParts(instant);
  } catch {
    return zoned(instant, "UTC");
  }
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour") % 24,
    minute: get("minute"),
    second: get("second"),
  };
}

const dayNumber = (z: Pick<Zoned, "year" | "month" | "day">) => Date.UTC(z.year, z.month - 1, z.day) / 86_400_000;

function toDate(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Today", "Tomorrow", "Yesterday", else "Fri, Nov 27" (", 2025" when not the current year). */
function dayWords(at: Zoned, clock: ShopClock): string {
  const today = zoned(clock.now, clock.timeZone);
  const delta = dayNumber(at) - dayNumber(today);
  if (delta === 0) return "Today";
  if (delta === 1) return "Tomorrow";
  if (delta === -1) return "Yesterday";
  const date = new Date(Date.UTC(at.year, at.month - 1, at.day, 12));
  return new Intl.DateTimeFormat(clock.locale ?? DEFAULT_LOCALE, {
    timeZone: "UTC",
    weekday: "short",
    month: "short",
    day: "numeric",
    ...(at.year === today.year ? {} : { year: "numeric" }),
  }).format(date);
}

const meridiem = (hour: number) => (hour < 12 ? "am" : "pm");

/** "7:30", "8" (the hour alone on the hour), on a 12-hour clock. */
function clockDigits(at: Pick<Zoned, "hour" | "minute">): string {
  const twelve = at.hour % 12 === 0 ? 12 : at.hour % 12;
  return at.minute === 0 ? String(twelve) : `${twelve}:${String(at.minute).padStart(2, "0")}`;
}

/** "7:30 pm". */
export function formatTimeOfDay(value: Date | string | null, clock: Pick<ShopClock, "timeZone">): string {
  const date = toDate(value);
  if (!date) return NONE;
  const at = zoned(date, clock.timeZone);
  return `${clockDigits(at)} ${meridiem(at.hour)}`;
}

/** "Today, 2:30 pm", "Thu, Nov 26, 2:30 pm"; "—" for none. */
export function formatInstant(value: Date | string | null, clock: ShopClock): string {
  const date = toDate(value);
  if (!date) return NONE;
  const at = zoned(date, clock.timeZone);
  return `${dayWords(at, clock)}, ${clockDigits(at)} ${meridiem(at.hour)}`;
}

/** A delivery window: "Today, 7:30–8:30 pm", "Fri, Nov 27, 11 am–1 pm", "Today, 11 pm – Tomorrow, 1 am". */
export function formatWindow(start: Date | string | null, end: Date | string | null, clock: ShopClock): string {
  const from = toDate(start);
  const to = toDate(end);
  if (!from) return NONE;
  if (!to) return formatInstant(from, clock);
  const a = zoned(from, clock.timeZone);
  const b = zoned(to, clock.timeZone);
  const endsAtMidnight = b.hour === 0 && b.minute === 0 && dayNumber(b) - dayNumber(a) === 1;
  if (dayNumber(a) !== dayNumber(b) && !endsAtMidnight) {
    return `${formatInstant(from, clock)} – ${formatInstant(to, clock)}`;
  }
  const endText = endsAtMidnight ? "midnight" : `${clockDigits(b)} ${meridiem(b.hour)}`;
  const startText =
    !endsAtMidnight && meridiem(a.hour) === meridiem(b.hour) ? clockDigits(a) : `${clockDigits(a)} ${meridiem(a.hour)}`;
  return `${dayWords(a, clock)}, ${startText}–${endText}`;
}

/** "$36.97 USD": an amount always says whose money it is. "—" for none. */
export function formatMoneyWithCode(cents: number | null, currency: string, locale = DEFAULT_LOCALE): string {
  if (cents === null) return NONE;
  const code = currency.toUpperCase();
  try {
    const amount = new Intl.NumberFormat(locale, {
      style: "currency",
      currency: code,
      currencyDisplay: "narrowSymbol",
    }).format(cents / 100);
    return `${amount} ${code}`;
  } catch {
    return `${(cents / 100).toFixed(2)} ${code}`;
  }
}

/** A phone number in its national format ("(555) 170-0034"), a foreign one internationally; as given when not a number. */
export function formatPhone(raw: string | null, country: "US" = "US"): string {
  if (!raw || raw.trim() === "") return NONE;
  const number = parsePhoneNumberFromString(raw, country);
  if (!number) return raw.trim();
  return number.country === country || (!number.country && number.countryCallingCode === "1")
    ? number.formatNational()
    : number.formatInternational();
}

/** The phone number as a tel: link target (E.164), or null when it is not a number. */
export function phoneHref(raw: string | null, country: "US" = "US"): string | null {
  if (!raw) return null;
  const number = parsePhoneNumberFromString(raw, country);
  return number ? number.getURI() : null;
}

/**
 * A driver's last position as staff read it: never coordinates, the time it was seen and a map link
 * ("Seen Today, 7:42 pm"); null (hidden) without a position.
 */
export function formatPosition(
  position: { latitude: number; longitude: number; at: string | null } | null,
  clock: ShopClock,
): { words: string; mapUrl: string } | null {
  if (!position || !Number.isFinite(position.latitude) || !Number.isFinite(position.longitude)) return null;
  const { latitude, longitude } = position;
  return {
    words: position.at ? `Seen ${formatInstant(position.at, clock)}` : "Last known position",
    mapUrl: `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=15/${latitude}/${longitude}`,
  };
}

/** Who on the staff did something: their name, else "A staff member" (a Shopify user id means nothing to staff). */
export function staffName(name: string | null | undefined, options: { inSentence?: boolean } = {}): string {
  const trimmed = name?.trim();
  if (trimmed) return trimmed;
  return options.inSentence ? "a staff member" : "A staff member";
}

/** "2026-11-27T19:30:00-08:00": an instant for a spreadsheet, with the shop's offset; "" for none. */
export function csvDateTime(value: Date | string | null, timeZone: string): string {
  const date = toDate(value);
  if (!date) return "";
  const at = zoned(date, timeZone);
  const offset = Math.round(
    (Date.UTC(at.year, at.month - 1, at.day, at.hour, at.minute, at.second) - date.getTime()) / 60_000,
  );
  const two = (n: number) => String(Math.abs(n)).padStart(2, "0");
  const sign = offset < 0 ? "-" : "+";
  return (
    `${at.year}-${two(at.month)}-${two(at.day)}T${two(at.hour)}:${two(at.minute)}:${two(at.second)}` +
    `${sign}${two(Math.trunc(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`
  );
}

/** "36.97": an amount for a spreadsheet (its currency in a column of its own); "" for none. */
export function csvAmount(cents: number | null): string {
  return cents === null ? "" : (cents / 100).toFixed(2);
}
