import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DISPLAY_RANK,
  eventsOfThisRun,
  inShownOrder,
  nextTimelineEvent,
  REDELIVERY_START,
  type TimelineEvent,
} from "~/tracking/shopify-timeline";
import { assertForwardOnce } from "../../support/forward-once";
import type { FulfillmentEventStatus } from "~/tracking/state-machine";

const t0 = Date.parse("2026-11-22T15:00:00Z");
const at = (minutes: number) => new Date(t0 + minutes * 60_000);
const shown = (...steps: [string, number][]): TimelineEvent[] =>
  steps.map(([status, minutes]) => ({ status, happenedAt: at(minutes).toISOString() }));

describe("which fulfillment event may follow the ones Shopify shows", () => {
  it.each<[string, TimelineEvent[], FulfillmentEventStatus, number, boolean]>([
    ["the first event", [], "CARRIER_PICKED_UP", 1, true],
    ["forward to out for delivery", shown(["CARRIER_PICKED_UP", 1]), "OUT_FOR_DELIVERY", 5, true],
    [
      "in transit after out for delivery",
      shown(["CARRIER_PICKED_UP", 1], ["OUT_FOR_DELIVERY", 5]),
      "IN_TRANSIT",
      6,
      false,
    ],
    ["a second out for delivery", shown(["OUT_FOR_DELIVERY", 5]), "OUT_FOR_DELIVERY", 9, false],
    ["a second in transit (a position update)", shown(["IN_TRANSIT", 5]), "IN_TRANSIT", 20, false],
    ["picked up after in transit", shown(["IN_TRANSIT", 5]), "CARRIER_PICKED_UP", 6, false],
    ["delivered after out for delivery", shown(["OUT_FOR_DELIVERY", 5]), "DELIVERED", 9, true],
    ["anything after delivered", shown(["DELIVERED", 9]), "FAILURE", 10, false],
    ["anything after failure", shown(["ATTEMPTED_DELIVERY", 9], ["FAILURE", 12]), "DELIVERED", 13, false],
    ["attempted after out for delivery", shown(["OUT_FOR_DELIVERY", 5]), "ATTEMPTED_DELIVERY", 9, true],
    [
      "redelivery: out again after the attempt",
      shown(["OUT_FOR_DELIVERY", 5], ["ATTEMPTED_DELIVERY", 9]),
      "OUT_FOR_DELIVERY",
      20,
      true,
    ],
    [
      "a late out for delivery from before the attempt",
      shown(["OUT_FOR_DELIVERY", 5], ["ATTEMPTED_DELIVERY", 9]),
      "OUT_FOR_DELIVERY",
      7,
      false,
    ],
    [
      "delivered after the redelivery",
      shown(["ATTEMPTED_DELIVERY", 9], ["OUT_FOR_DELIVERY", 20]),
      "DELIVERED",
      30,
      true,
    ],
    ["a second attempt", shown(["ATTEMPTED_DELIVERY", 9], ["OUT_FOR_DELIVERY", 20]), "ATTEMPTED_DELIVERY", 30, false],
    ["a merchant's own earlier status does not block", shown(["CONFIRMED", 0]), "CARRIER_PICKED_UP", 1, true],
  ])("%s: %s", (_name, existing, status, minutes, allowed) => {
    expect(nextTimelineEvent(existing, { status, happenedAt: at(minutes) }) !== null).toBe(allowed);
  });

  it("keeps the event's own time when it is after the latest shown", () => {
    expect(
      nextTimelineEvent(shown(["CARRIER_PICKED_UP", 1]), { status: "OUT_FOR_DELIVERY", happenedAt: at(5) }),
    ).toEqual({ happenedAt: at(5) });
  });

  it("shows a late forward step one second after the latest event, so Shopify's order by time stays forward", () => {
    const next = nextTimelineEvent(shown(["CARRIER_PICKED_UP", 1], ["IN_TRANSIT", 8]), {
      status: "OUT_FOR_DELIVERY",
      happenedAt: at(5),
    });
    expect(next).toEqual({ happenedAt: new Date(at(8).getTime() + 1000) });
  });

  it("reads existing events in Shopify's order by time, whatever order they are listed in", () => {
    const listed = shown(["OUT_FOR_DELIVERY", 5], ["CARRIER_PICKED_UP", 1]);
    expect(inShownOrder(listed).map((e) => e.status)).toEqual(["CARRIER_PICKED_UP", "OUT_FOR_DELIVERY"]);
    expect(nextTimelineEvent(listed, { status: "IN_TRANSIT", happenedAt: at(9) })).toBeNull();
  });
});

describe("a re-delivery's run on the returned delivery's fulfillment (issue 38 item 9)", () => {
  const returned = shown(["CARRIER_PICKED_UP", 1], ["ATTEMPTED_DELIVERY", 30], ["FAILURE", 40]);
  it("starts after the latest FAILURE, which stays only as the time to follow", () => {
    const run = eventsOfThisRun([...returned, ...shown(["CARRIER_PICKED_UP", 90])], true);
    expect(run.map((e) => e.status)).toEqual([REDELIVERY_START, "CARRIER_PICKED_UP"]);
    expect(nextTimelineEvent(run, { status: "DELIVERED", happenedAt: at(120) })).toEqual({ happenedAt: at(120) });
    expect(nextTimelineEvent(run, { status: "CARRIER_PICKED_UP", happenedAt: at(95) })).toBeNull();
  });
  it("never shows a re-delivery's event before the FAILURE it follows", () => {
    const run = eventsOfThisRun(returned, true);
    expect(nextTimelineEvent(run, { status: "CARRIER_PICKED_UP", happenedAt: at(10) })).toEqual({
      happenedAt: new Date(at(40).getTime() + 1000),
    });
  });
  it("keeps every event for any other shipment: nothing follows its own FAILURE", () => {
    const run = eventsOfThisRun(returned, false);
    expect(run.map((e) => e.status)).toEqual(["CARRIER_PICKED_UP", "ATTEMPTED_DELIVERY", "FAILURE"]);
    expect(nextTimelineEvent(run, { status: "DELIVERED", happenedAt: at(50) })).toBeNull();
  });
  it("a second re-delivery starts after the second FAILURE", () => {
    const twice = [...returned, ...shown(["CARRIER_PICKED_UP", 90], ["FAILURE", 100], ["CARRIER_PICKED_UP", 150])];
    expect(eventsOfThisRun(twice, true).map((e) => e.status)).toEqual([REDELIVERY_START, "CARRIER_PICKED_UP"]);
  });
});

const STATUSES = Object.keys(DISPLAY_RANK) as FulfillmentEventStatus[];

describe("property: what Shopify shows only moves forward, once per step", () => {
  it("holds for any sequence of proposed events", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ status: fc.constantFrom(...STATUSES), minute: fc.integer({ min: 0, max: 90 }) }), {
          maxLength: 30,
        }),
        (proposals) => {
          const added: TimelineEvent[] = [];
          for (const p of proposals) {
            const next = nextTimelineEvent(added, { status: p.status, happenedAt: at(p.minute) });
            if (next) added.push({ status: p.status, happenedAt: next.happenedAt.toISOString() });
          }
          assertForwardOnce(added);
        },
      ),
      { numRuns: 500 },
    );
  });
});
