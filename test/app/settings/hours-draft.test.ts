import { describe, expect, it } from "vitest";
import {
  copyDayToAll,
  copyHoursFrom,
  hoursEntries,
  hoursErrorKey,
  newHoursDraft,
  nextSpan,
  withHoursOf,
} from "~/settings/hours-draft";
import { draftFromSettings, draftToEntries } from "~/settings/settings-draft";
import { DEFAULT_SHOP_SETTINGS, validateSettingsInput, type ShopSettings } from "~/settings/shop-settings";

const GID = "gid://shopify/Location/1";
const OTHER = "gid://shopify/Location/2";
const defaults = structuredClone(DEFAULT_SHOP_SETTINGS) as ShopSettings;
const withHours: ShopSettings = {
  ...defaults,
  openingHours: [
    {
      locationGid: GID,
      weekly: Array.from({ length: 7 }, () => [{ start: "09:00", end: "17:00" }]),
      closedDates: [],
      preparationMinutes: 15,
      slotCapacity: 4,
    },
  ],
};
const post = (settings: ShopSettings, edit: (draft: ReturnType<typeof draftFromSettings>) => void) => {
  const draft = draftFromSettings(settings, []);
  edit(draft);
  const entries = draftToEntries(draft);
  return validateSettingsInput({ entries: () => entries }, settings);
};

describe("the opening hours draft", () => {
  it("posts a split day, a closed day, a single closed day, a range and no capacity limit", () => {
    const result = post(withHours, (draft) => {
      const hours = draft.hours[0]!;
      hours.weekly[1] = [
        { start: "08:00", end: "12:00" },
        { start: "13:00", end: "19:00" },
      ];
      hours.weekly[0] = [];
      hours.weekly[6] = [];
      hours.closedDates = [
        { from: "2026-12-25", to: "", reason: "Christmas" },
        { from: "2026-12-30", to: "2027-01-02", reason: "Inventory" },
      ];
      hours.slotCapacity = "";
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const saved = result.settings.openingHours[0]!;
    expect(saved.weekly[0]).toEqual([]);
    expect(saved.weekly[1]).toEqual([
      { start: "08:00", end: "12:00" },
      { start: "13:00", end: "19:00" },
    ]);
    expect(saved.weekly[6]).toEqual([]);
    expect(saved.weekly).toHaveLength(7);
    expect(saved.closedDates).toEqual([
      { from: "2026-12-25", to: "2026-12-25", reason: "Christmas" },
      { from: "2026-12-30", to: "2027-01-02", reason: "Inventory" },
    ]);
    expect(saved.slotCapacity).toBeNull();
    expect(saved.preparationMinutes).toBe(15);
  });

  it("posts every day closed, and clearing every location's hours leaves them always open", () => {
    const closed = post(withHours, (draft) => {
      draft.hours[0]!.weekly = draft.hours[0]!.weekly.map(() => []);
    });
    expect(closed.ok && closed.settings.openingHours[0]!.weekly).toEqual([[], [], [], [], [], [], []]);
    const cleared = post(withHours, (draft) => {
      draft.hours = withHoursOf(draft.hours, GID, null);
    });
    expect(cleared.ok && cleared.settings.openingHours).toEqual([]);
    expect(hoursEntries([])).toEqual([["openingHours", ""]]);
  });

  it.each<[string, (hours: ReturnType<typeof newHoursDraft>) => void, string, RegExp]>([
    [
      "overlapping spans",
      (h) =>
        (h.weekly[2] = [
          { start: "08:00", end: "12:00" },
          { start: "11:00", end: "14:00" },
        ]),
      hoursErrorKey(0, "weekly", 2, 1, "start"),
      /overlaps/,
    ],
    [
      "an end before the start",
      (h) => (h.weekly[3] = [{ start: "17:00", end: "09:00" }]),
      hoursErrorKey(0, "weekly", 3, 0, "end"),
      /after the start/,
    ],
    ["a capacity below zero", (h) => (h.slotCapacity = "-1"), hoursErrorKey(0, "slotCapacity"), /.+/],
    [
      "a closed range backwards",
      (h) => (h.closedDates = [{ from: "2026-12-26", to: "2026-12-24", reason: "" }]),
      hoursErrorKey(0, "closedDates", 0, "to"),
      /not be before/,
    ],
  ])("refuses %s under the field's key", (_name, edit, key, message) => {
    const result = post(defaults, (draft) => {
      const hours = newHoursDraft(GID);
      edit(hours);
      draft.hours = withHoursOf(draft.hours, GID, hours);
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fieldErrors[key]).toMatch(message);
  });

  it("keeps a location's place in the list when its hours change, and adds a new one at the end", () => {
    const first = newHoursDraft(GID);
    const second = newHoursDraft(OTHER);
    const changed = { ...first, preparationMinutes: "30" };
    expect(withHoursOf([first, second], GID, changed)).toEqual([changed, second]);
    expect(withHoursOf([second], GID, first)).toEqual([second, first]);
  });

  it.each([
    [[], { start: "09:00", end: "17:00" }],
    [[{ start: "08:00", end: "12:00" }], { start: "13:00", end: "17:00" }],
    [[{ start: "09:00", end: "17:00" }], { start: "17:00", end: "24:00" }],
  ])("suggests the next span of a day (%j)", (day, expected) => {
    expect(nextSpan(day)).toEqual(expected);
  });
});

describe("copying opening hours", () => {
  it("copies one day's spans to every day, a closed day closing every day", () => {
    const hours = newHoursDraft(GID);
    hours.weekly[1] = [
      { start: "08:00", end: "12:00" },
      { start: "13:00", end: "18:00" },
    ];
    hours.weekly[0] = [];
    const copied = copyDayToAll(hours, 1);
    expect(copied.weekly).toEqual(Array.from({ length: 7 }, () => hours.weekly[1]));
    // Each day its own spans: editing one later leaves the others alone.
    expect(copied.weekly[2]).not.toBe(copied.weekly[3]);
    expect(copyDayToAll(hours, 0).weekly).toEqual(Array.from({ length: 7 }, () => []));
    expect(hours.weekly[0]).toEqual([]);
  });

  it("copies another location's week, preparation and capacity, keeping the target's closed dates", () => {
    const source = { ...newHoursDraft(OTHER), preparationMinutes: "20", slotCapacity: "3" };
    source.weekly[6] = [];
    const target = newHoursDraft(GID);
    target.closedDates = [{ from: "2026-12-24", to: "", reason: "Holiday" }];
    const copied = copyHoursFrom(source, target, GID);
    expect(copied).toEqual({
      locationGid: GID,
      weekly: source.weekly,
      closedDates: target.closedDates,
      preparationMinutes: "20",
      slotCapacity: "3",
    });
    expect(copyHoursFrom(source, null, GID).closedDates).toEqual([]);
    // The copy posts and validates like hours typed by hand.
    const result = post(defaults, (draft) => {
      draft.hours = [copied];
    });
    expect(result.ok && result.settings.openingHours[0]).toMatchObject({ locationGid: GID, slotCapacity: 3 });
  });
});
