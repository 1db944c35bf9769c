/** Days and windows in the shopper's words and the shop's time zone (the tracking page and its collection words). */
import { windowTitle } from "~/dispatch/public";
import { shopperText, type ShopperText } from "~/text/shopper/shopper-text";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day of an instant in a time zone, to compare days. */
function calendarDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/** "today", "yesterday" or "on Tuesday, Nov 24", in the shop's time zone and the shopper's language. */
export function windowDay(at: Date, now: Date, timeZone: string, text: ShopperText = shopperText()): string {
  if (calendarDay(at, timeZone) === calendarDay(now, timeZone)) return text.t("page.day.today");
  if (calendarDay(at, timeZone) === calendarDay(new Date(now.getTime() - DAY_MS), timeZone))
    return text.t("page.day.yesterday");
  return text.t("page.day.on", { date: text.date(at, timeZone) });
}

export function timeOfDay(at: Date, timeZone: string, text: ShopperText = shopperText()): string {
  return text.time(at, timeZone);
}

/**
 * A delivery window in the shopper's words: "Today, 2:00–4:00 PM" in English (the staff's words,
 * dispatch's windowTitle), else the day and `Intl`'s times in the shopper's language.
 */
export function shopperWindow(start: Date, end: Date, now: Date, timeZone: string, text: ShopperText): string {
  if (text.language === "en") return windowTitle(start, end, now, timeZone);
  const day =
    calendarDay(start, timeZone) === calendarDay(now, timeZone)
      ? text.t("page.windowDay.today")
      : calendarDay(start, timeZone) === calendarDay(new Date(now.getTime() + DAY_MS), timeZone)
        ? text.t("page.windowDay.tomorrow")
        : text.date(start, timeZone);
  return `${day}, ${text.time(start, timeZone)}–${text.time(end, timeZone)}`;
}
