import { describe, expect, it } from "vitest";
import { windowTitle } from "~/dispatch/window-title";

const now = new Date("2026-11-22T15:00:00Z"); // 10:00 in New York

describe("delivery window titles", () => {
  it.each([
    ["2026-11-22T19:00:00Z", "2026-11-22T21:00:00Z", "America/New_York", "Today, 2:00–4:00 PM"],
    ["2026-11-22T16:00:00Z", "2026-11-22T19:00:00Z", "America/New_York", "Today, 11:00 AM–2:00 PM"],
    ["2026-11-23T14:00:00Z", "2026-11-23T16:00:00Z", "America/New_York", "Tomorrow, 9:00–11:00 AM"],
    ["2026-11-25T14:00:00Z", "2026-11-25T16:00:00Z", "America/New_York", "Wednesday, Nov 25, 9:00–11:00 AM"],
    ["2026-11-23T04:30:00Z", "2026-11-23T06:00:00Z", "America/Los_Angeles", "Today, 8:30–10:00 PM"],
  ])("%s–%s in %s → %s", (start, end, zone, title) => {
    expect(windowTitle(new Date(start), new Date(end), now, zone)).toBe(title);
  });
});
