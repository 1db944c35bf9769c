import { describe, expect, it } from "vitest";
import { NO_DRIVER_WATCH_DEFAULTS, type NoDriverWatchSettings } from "~/settings/no-driver-schema";
import type { NoDriverCause } from "~/tracking/no-driver-attention";
import { checkTimes, decideNoDriverWatch, type WatchedShipment } from "~/watchdog/no-driver-decision";

const PICKUP = new Date("2026-11-25T18:00:00.000Z");
const at = (minutesFromPickup: number) => new Date(PICKUP.getTime() + minutesFromPickup * 60_000);
const ON: NoDriverWatchSettings = { ...NO_DRIVER_WATCH_DEFAULTS, raisesEnabled: true };

type Change = Partial<Pick<WatchedShipment, "state" | "hasDriver" | "pickupAfter">>;
type Step = { at: number; raise: number | null; attention: NoDriverCause | null; next: number | null };

/**
 * Runs the watchdog as its job does: a look at each time it asked for, with what happened to the
 * shipment by then (`changes`, keyed by minutes from the first pickup time), raises recorded and
 * counted against the shop's day. Returns each look as minutes from the original pickup.
 */
function run(input: {
  settings?: NoDriverWatchSettings;
  changes?: Record<number, Change>;
  shopRaisedBeforeCents?: number;
  startAt?: number;
}): Step[] {
  const settings = input.settings ?? ON;
  let shipment: WatchedShipment = {
    state: "scheduled",
    hasDriver: false,
    pickupAfter: PICKUP,
    raises: [],
    attentionMarked: false,
  };
  let shopToday = input.shopRaisedBeforeCents ?? 0;
  const steps: Step[] = [];
  let now: Date | null = at(input.startAt ?? -60);
  const changes = Object.entries(input.changes ?? {}).map(([m, c]) => ({ at: at(Number(m)), change: c }));
  while (now && steps.length < 20) {
    const seen: Date = now;
    for (const c of changes) if (c.at.getTime() <= seen.getTime()) shipment = { ...shipment, ...c.change };
    const decision = decideNoDriverWatch({ shipment, settings, shopRaisedTodayCents: shopToday, now: seen });
    if (decision.raise) {
      shipment = { ...shipment, raises: [...shipment.raises, { amountCents: decision.raise.cents, raisedAt: seen }] };
      shopToday += decision.raise.cents;
    }
    if (decision.attention) shipment = { ...shipment, attentionMarked: true };
    const minutes = (d: Date | null) => (d ? (d.getTime() - PICKUP.getTime()) / 60_000 : null);
    steps.push({
      at: minutes(seen)!,
      raise: decision.raise?.cents ?? null,
      attention: decision.attention,
      next: minutes(decision.nextCheckAt),
    });
    now = decision.nextCheckAt;
  }
  return steps;
}

describe("decideNoDriverWatch over time", () => {
  it("raises by the step at 20 and 10 minutes before pickup and at pickup, where it marks no driver yet", () => {
    expect(run({})).toEqual([
      { at: -60, raise: null, attention: null, next: -20 },
      { at: -20, raise: 200, attention: null, next: -10 },
      { at: -10, raise: 200, attention: null, next: 0 },
      { at: 0, raise: 200, attention: "pickup_time", next: null },
    ]);
  });

  it.each<[string, Partial<NoDriverWatchSettings>, Step[]]>([
    [
      "the per-shipment cap clips the last raise and then stops raising, with attention at once",
      { raiseMinutesBeforePickup: [30, 20, 10, 0], maxPerShipmentCents: 500 },
      [
        { at: -60, raise: null, attention: null, next: -30 },
        { at: -30, raise: 200, attention: null, next: -20 },
        { at: -20, raise: 200, attention: null, next: -10 },
        { at: -10, raise: 100, attention: null, next: 0 },
        { at: 0, raise: null, attention: "pickup_time", next: null },
      ],
    ],
    [
      "a cap reached before the last look marks no driver yet when the next raise cannot be made",
      { maxPerShipmentCents: 200 },
      [
        { at: -60, raise: null, attention: null, next: -20 },
        { at: -20, raise: 200, attention: null, next: -10 },
        { at: -10, raise: null, attention: "cap_reached", next: 0 },
        { at: 0, raise: null, attention: null, next: null },
      ],
    ],
    [
      "raises off: no money, only the attention at pickup",
      { raisesEnabled: false },
      [
        { at: -60, raise: null, attention: null, next: -20 },
        { at: -20, raise: null, attention: null, next: -10 },
        { at: -10, raise: null, attention: null, next: 0 },
        { at: 0, raise: null, attention: "pickup_time", next: null },
      ],
    ],
    [
      "a zero cap: attention at the first look, nothing raised",
      { maxPerShipmentCents: 0 },
      [
        { at: -60, raise: null, attention: null, next: -20 },
        { at: -20, raise: null, attention: "cap_reached", next: -10 },
        { at: -10, raise: null, attention: null, next: 0 },
        { at: 0, raise: null, attention: null, next: null },
      ],
    ],
  ])("%s", (_name, settings, expected) => {
    expect(run({ settings: { ...ON, ...settings } })).toEqual(expected);
  });

  it("the shop's daily cap counts every shipment's raises: what is left is raised, then nothing", () => {
    expect(run({ shopRaisedBeforeCents: 4_700 })).toEqual([
      { at: -60, raise: null, attention: null, next: -20 },
      { at: -20, raise: 200, attention: null, next: -10 },
      { at: -10, raise: 100, attention: null, next: 0 },
      { at: 0, raise: null, attention: "pickup_time", next: null },
    ]);
    expect(run({ shopRaisedBeforeCents: 5_000 })[1]).toEqual({
      at: -20,
      raise: null,
      attention: "cap_reached",
      next: -10,
    });
  });

  it("stops for good once a driver is assigned", () => {
    expect(run({ changes: { [-15]: { hasDriver: true, state: "assigned" } } })).toEqual([
      { at: -60, raise: null, attention: null, next: -20 },
      { at: -20, raise: 200, attention: null, next: -10 },
      { at: -10, raise: null, attention: null, next: null },
    ]);
  });

  it("a driver on a still-scheduled shipment (the event not applied yet) is enough to stop", () => {
    expect(run({ changes: { [-25]: { hasDriver: true } } })[1]).toEqual({
      at: -20,
      raise: null,
      attention: null,
      next: null,
    });
  });

  it("a shipment canceled meanwhile is left alone", () => {
    expect(run({ changes: { [-12]: { state: "canceled" } } }).slice(2)).toEqual([
      { at: -10, raise: null, attention: null, next: null },
    ]);
  });

  it("a shipment whose pickup moved later meanwhile is looked at on its new times", () => {
    expect(run({ changes: { [-15]: { pickupAfter: at(30) } } })).toEqual([
      { at: -60, raise: null, attention: null, next: -20 },
      { at: -20, raise: 200, attention: null, next: -10 },
      { at: -10, raise: null, attention: null, next: 10 },
      { at: 10, raise: 200, attention: null, next: 20 },
      { at: 20, raise: 200, attention: null, next: 30 },
      { at: 30, raise: null, attention: "pickup_time", next: null },
    ]);
  });

  it("a look made late catches up with one raise, not one per missed time", () => {
    expect(run({ startAt: -5 })).toEqual([
      { at: -5, raise: 200, attention: null, next: 0 },
      { at: 0, raise: 200, attention: "pickup_time", next: null },
    ]);
  });

  it("a look run twice raises once", () => {
    const shipment: WatchedShipment = {
      state: "scheduled",
      hasDriver: false,
      pickupAfter: PICKUP,
      raises: [{ amountCents: 200, raisedAt: at(-10) }],
      attentionMarked: false,
    };
    const again = decideNoDriverWatch({ shipment, settings: ON, shopRaisedTodayCents: 200, now: at(-9) });
    expect(again).toMatchObject({ raise: null, attention: null, nextCheckAt: at(0) });
  });

  it("the look times are minutes before pickup, earliest first, each once", () => {
    expect(checkTimes(PICKUP, [0, 20, 10, 20])).toEqual([at(-20), at(-10), at(0)]);
  });

  it("a shipment without a pickup time is not watched", () => {
    const shipment: WatchedShipment = {
      state: "scheduled",
      hasDriver: false,
      pickupAfter: null,
      raises: [],
      attentionMarked: false,
    };
    expect(decideNoDriverWatch({ shipment, settings: ON, shopRaisedTodayCents: 0, now: PICKUP })).toMatchObject({
      raise: null,
      nextCheckAt: null,
    });
  });
});
