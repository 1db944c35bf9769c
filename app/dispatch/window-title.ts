/** A delivery window as staff read it in the shop's time zone: "Today, 2:00–4:00 PM". */
export function windowTitle(start: Date, end: Date, now: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  const dayOf = (d: Date) => day.format(d);
  const tomorrow = new Date(now.getTime() + 24 * 60 * 60 * 1000);
  const label =
    dayOf(start) === dayOf(now)
      ? "Today"
      : dayOf(start) === dayOf(tomorrow)
        ? "Tomorrow"
        : new Intl.DateTimeFormat("en-US", { timeZone, weekday: "long", month: "short", day: "numeric" }).format(start);
  const time = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" });
  const [from, to] = [time.format(start), time.format(end)];
  const sameHalf = from.slice(-2) === to.slice(-2);
  return `${label}, ${sameHalf ? from.slice(0, -3) : from}–${to}`;
}
