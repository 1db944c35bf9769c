import { describe, expect, it } from "vitest";
import { serviceCodeFor } from "~/schedule/service-code";
import type { OpenWindow } from "~/schedule/windows";
import type { ShipmentState } from "~/shipments/states";
import {
  changeInputProblem,
  changeWindowState,
  movableOffers,
  notesWithShopperText,
  ShopperChangeInput,
  SHOPPER_NOTES_MAX,
} from "~/tracking-page/shopper-changes";

const NY = "America/New_York";
const day = { year: 2026, month: 11, day: 30 };
const at = (hour: number) => new Date(Date.UTC(2026, 10, 30, hour + 5));
const slot = (hour: number): OpenWindow => ({
  windowId: "slots",
  serviceCode: serviceCodeFor("slots", day, `${hour}:00`),
  label: null,
  pickupAfter: at(hour),
  deliverBetween: { start: at(hour), end: at(hour + 2) },
});

describe("changeWindowState: open only before a driver has the order", () => {
  it.each<[ShipmentState, string | null, string | null, unknown]>([
    ["scheduled", "101", null, { open: true }],
    ["scheduled", "101", "Dana Whitfield", { open: false, reason: "assigned" }],
    ["assigned", "101", "Dana", { open: false, reason: "assigned" }],
    ["en_route", "101", "Dana", { open: false, reason: "assigned" }],
    ["attempted", "101", "Dana", { open: false, reason: "assigned" }],
    ["pending", null, null, { open: false, reason: "not_booked" }],
    ["failed", null, null, { open: false, reason: "not_booked" }],
    ["delivered", "101", "Dana", { open: false, reason: "ended" }],
    ["returned", "101", "Dana", { open: false, reason: "ended" }],
    ["canceled", "101", null, { open: false, reason: "ended" }],
    ["expired", "101", null, { open: false, reason: "ended" }],
  ])("%s (courier id %s, driver %s) → %j", (state, courierShipmentId, driverName, expected) => {
    expect(
      changeWindowState({ state, courierShipmentId, driverName, kind: "delivery", batchReferenceId: null }),
    ).toEqual(expected);
  });

  it.each<[string, string | null, ShipmentState, string | null, unknown]>([
    ["a round trip's delivery leg", "delivery", "scheduled", null, { open: false, reason: "round_trip" }],
    [
      "a round trip's delivery leg once a driver has it",
      "delivery",
      "assigned",
      "Dana",
      { open: false, reason: "assigned" },
    ],
    ["a round trip's collection leg", "return_pickup", "scheduled", null, { open: false, reason: "collection" }],
    ["a round trip's delivered leg", "delivery", "delivered", "Dana", { open: false, reason: "ended" }],
  ])("%s → %j", (_what, kind, state, driverName, expected) => {
    expect(
      changeWindowState({ state, courierShipmentId: "101", driverName, kind, batchReferenceId: "rt-1025-1" }),
    ).toEqual(expected);
  });
});

describe("ShopperChangeInput", () => {
  it("takes notes as one line of at most 500 characters, and an empty text to remove them", () => {
    expect(ShopperChangeInput.parse({ change: "notes", notes: "  Gate\n4412\tthen left " })).toEqual({
      change: "notes",
      notes: "Gate 4412 then left",
    });
    expect(ShopperChangeInput.parse({ change: "notes", notes: "" })).toEqual({ change: "notes", notes: "" });
    expect(ShopperChangeInput.safeParse({ change: "notes", notes: "x".repeat(SHOPPER_NOTES_MAX) }).success).toBe(true);
    const long = ShopperChangeInput.safeParse({ change: "notes", notes: "x".repeat(SHOPPER_NOTES_MAX + 1) });
    expect(long.success).toBe(false);
    expect(changeInputProblem(long.error?.issues[0])).toEqual({ key: "api.input.notesTooLong", values: { max: 500 } });
  });

  it.each([
    {},
    { change: "notes" },
    { change: "notes", notes: 5 },
    { change: "window" },
    { change: "window", serviceCode: "" },
    { change: "window", serviceCode: "x".repeat(101) },
    { change: "state", state: "delivered" },
    { change: "notes", notes: "x", extra: true },
  ])("refuses %j", (body) => {
    expect(ShopperChangeInput.safeParse(body).success).toBe(false);
  });
});

describe("changeInputProblem: what is wrong with a change, as the shoppers' catalogue key", () => {
  it.each<[unknown, unknown]>([
    [{ change: "notes", notes: 5 }, { key: "api.input.notes" }],
    [
      { change: "notes", notes: "x".repeat(501) },
      { key: "api.input.notesTooLong", values: { max: 500 } },
    ],
    [{ change: "rating", value: 0 }, { key: "api.input.stars" }],
    [{ change: "rating", value: "five" }, { key: "api.input.stars" }],
    [{ change: "rating", value: 5, comment: 3 }, { key: "api.input.comment" }],
    [
      { change: "rating", value: 5, comment: "y".repeat(501) },
      { key: "api.input.commentTooLong", values: { max: 500 } },
    ],
    [{ change: "window", serviceCode: "" }, { key: "api.input.invalid" }],
    [{ change: "teleport" }, { key: "api.input.invalid" }],
  ])("%j → %j", (body, problem) => {
    const parsed = ShopperChangeInput.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(changeInputProblem(parsed.error?.issues[0])).toEqual(problem);
  });
});

describe("notesWithShopperText", () => {
  it("puts the shopper's words first and keeps the merchant's note whole", () => {
    expect(notesWithShopperText("Gate 4412", "Fragile")).toBe("Gate 4412 Store: Fragile");
    expect(notesWithShopperText("", "Fragile")).toBe("Store: Fragile");
    expect(notesWithShopperText("Gate 4412", null)).toBe("Gate 4412");
    expect(notesWithShopperText("", null)).toBeNull();
    const long = notesWithShopperText("word ".repeat(200).trim(), "Fragile")!;
    expect([...long].length).toBeLessThanOrEqual(500);
    expect(long.endsWith("… Store: Fragile")).toBe(true);
  });
});

describe("movableOffers: another slot, at the booked price or less", () => {
  const booked = { serviceCode: slot(10).serviceCode, deliverStart: at(10), deliverEnd: at(12) };
  const run = (prices: Record<number, number | null>, bookedShopperCents: number | null = 999) =>
    movableOffers({
      offers: Object.entries(prices).map(([hour, shopperCents]) => ({ offer: slot(Number(hour)), shopperCents })),
      booked,
      bookedShopperCents,
      locationGid: "gid://shopify/Location/1",
      timeZone: NY,
    }).map((offer) => offer.deliverBetween.start.getUTCHours() - 5);

  it("keeps cheaper and equal slots, drops dearer and unpriced ones and the booked slot", () => {
    expect(run({ 10: 999, 12: 999, 14: 500, 16: 1000, 18: null })).toEqual([12, 14]);
  });

  it("offers nothing when the booking's own price is not known", () => {
    expect(run({ 12: 0, 14: 0 }, null)).toEqual([]);
  });
});
