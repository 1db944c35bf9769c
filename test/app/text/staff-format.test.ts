import { describe, expect, it } from "vitest";
import {
  csvAmount,
  csvDateTime,
  formatInstant,
  formatMoneyWithCode,
  formatPhone,
  formatPosition,
  formatTimeOfDay,
  formatWindow,
  phoneHref,
  staffName,
} from "~/text/staff-format";

const LA = "America/Los_Angeles";
// Friday, Nov 27, 2026, 10:00 in Los Angeles.
const clock = { timeZone: LA, now: new Date("2026-11-27T18:00:00Z") };
/** A Los Angeles wall time in November 2026 (PST, UTC−8). */
const la = (local: string) => new Date(`${local}-08:00`);

describe("the staff pages' wording", () => {
  it.each([
    ["today, one half of the day", la("2026-11-27T19:30"), la("2026-11-27T20:30"), "Today, 7:30–8:30 pm"],
    ["today, across noon", la("2026-11-27T11:00"), la("2026-11-27T13:00"), "Today, 11 am–1 pm"],
    ["tomorrow", la("2026-11-28T09:00"), la("2026-11-28T12:00"), "Tomorrow, 9 am–12 pm"],
    ["yesterday", la("2026-11-26T19:25"), la("2026-11-26T22:15"), "Yesterday, 7:25–10:15 pm"],
    ["another day this year, with its date", la("2026-12-04T14:00"), la("2026-12-04T16:00"), "Fri, Dec 4, 2–4 pm"],
    ["another year, with the year", la("2025-11-27T14:00"), la("2025-11-27T16:00"), "Thu, Nov 27, 2025, 2–4 pm"],
    ["ending at midnight", la("2026-11-27T22:00"), la("2026-11-28T00:00"), "Today, 10 pm–midnight"],
    ["across midnight", la("2026-11-27T23:00"), la("2026-11-28T01:00"), "Today, 11 pm – Tomorrow, 1 am"],
  ])("a window %s", (_case, start, end, words) => {
    expect(formatWindow(start, end, clock)).toBe(words);
    expect(formatWindow(start.toISOString(), end.toISOString(), clock)).toBe(words);
  });

  it("a window is in the shop's zone, not the server's or UTC", () => {
    const start = new Date("2026-11-28T03:30:00Z");
    expect(formatWindow(start, new Date("2026-11-28T04:30:00Z"), clock)).toBe("Today, 7:30–8:30 pm");
    // 03:30 UTC is 10:30 pm the evening before in New York, whose "today" is also Nov 27.
    expect(formatWindow(start, new Date("2026-11-28T04:30:00Z"), { ...clock, timeZone: "America/New_York" })).toBe(
      "Today, 10:30–11:30 pm",
    );
  });

  it("a missing time is a dash, a missing end is the start alone", () => {
    expect(formatWindow(null, null, clock)).toBe("—");
    expect(formatWindow(la("2026-11-27T19:30"), null, clock)).toBe("Today, 7:30 pm");
    expect(formatInstant("not a date", clock)).toBe("—");
    expect(formatTimeOfDay(la("2026-11-27T12:00"), clock)).toBe("12 pm");
  });

  it("an instant with its day", () => {
    expect(formatInstant(la("2026-11-26T14:30"), clock)).toBe("Yesterday, 2:30 pm");
    expect(formatInstant(la("2026-11-24T14:30"), clock)).toBe("Tue, Nov 24, 2:30 pm");
    expect(formatInstant(la("2026-11-27T00:05"), clock)).toBe("Today, 12:05 am");
  });

  it.each([
    [3697, "USD", "$36.97 USD"],
    [0, "USD", "$0.00 USD"],
    [123456, "CAD", "$1,234.56 CAD"],
    [999, "EUR", "€9.99 EUR"],
    [null, "USD", "—"],
  ])("money %j %s says its currency: %s", (cents, currency, words) => {
    expect(formatMoneyWithCode(cents, currency)).toBe(words);
  });

  it.each([
    ["5551700034", "(555) 170-0034"],
    ["+1 415 555 0132", "(415) 555-0132"],
    ["415.555.0132", "(415) 555-0132"],
    ["+44 20 7946 0958", "+44 20 7946 0958"],
    ["call the store", "call the store"],
    ["", "—"],
    [null, "—"],
  ])("phone %j reads %j", (raw, words) => {
    expect(formatPhone(raw)).toBe(words);
  });

  it("a phone link is E.164", () => {
    expect(phoneHref("5551700034")).toBe("tel:+15551700034");
    expect(phoneHref("call the store")).toBeNull();
  });

  it("a position is never coordinates: the time it was seen and a map link, or hidden", () => {
    const seen = formatPosition({ latitude: 36.55, longitude: -120, at: la("2026-11-27T19:42").toISOString() }, clock);
    expect(seen?.words).toBe("Seen Today, 7:42 pm");
    expect(seen?.words).not.toMatch(/\d+\.\d+/);
    expect(seen?.mapUrl).toBe("https://www.openstreetmap.org/?mlat=36.55&mlon=-120#map=15/36.55/-120");
    expect(formatPosition(null, clock)).toBeNull();
    expect(formatPosition({ latitude: Number.NaN, longitude: 1, at: null }, clock)).toBeNull();
  });

  it("a staff member by name, else without their user id", () => {
    expect(staffName("Maria Lopez")).toBe("Maria Lopez");
    expect(staffName("  ")).toBe("A staff member");
    expect(staffName(null)).toBe("A staff member");
    expect(staffName(null, { inSentence: true })).toBe("a staff member");
    expect(staffName("Maria Lopez", { inSentence: true })).toBe("Maria Lopez");
  });
});

describe("the CSV's wording", () => {
  it("writes instants as ISO 8601 with the shop's offset, winter and summer", () => {
    expect(csvDateTime(la("2026-11-27T19:30"), LA)).toBe("2026-11-27T19:30:00-08:00");
    expect(csvDateTime(new Date("2026-07-01T16:00:00Z"), LA)).toBe("2026-07-01T09:00:00-07:00");
    expect(csvDateTime(new Date("2026-07-01T16:00:00Z"), "Asia/Kolkata")).toBe("2026-07-01T21:30:00+05:30");
    expect(csvDateTime(new Date("2026-07-01T16:00:00.750Z"), "UTC")).toBe("2026-07-01T16:00:00+00:00");
    expect(csvDateTime(null, LA)).toBe("");
  });

  it("writes amounts as plain decimals", () => {
    expect(csvAmount(3697)).toBe("36.97");
    expect(csvAmount(5)).toBe("0.05");
    expect(csvAmount(null)).toBe("");
  });
});
