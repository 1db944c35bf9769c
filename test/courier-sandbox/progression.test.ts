import { describe, expect, it } from "vitest";
import { requestSchemas } from "~/courier/requests";
import {
  SANDBOX_CANCEL_COMMAND,
  SANDBOX_NO_DRIVER_COMMAND,
  SANDBOX_REASSIGN_COMMAND,
  SANDBOX_RETURN_COMMAND,
  outcomeFor,
  timingFrom,
} from "./commands";
import { DEFAULT_ACCOUNT_OPTIONS, type AccountOptions, type SandboxShipment } from "./model";
import { applyStep, cancelByCaller, expire, stepsFor, type StepContext } from "./progression";
import { newShipment, repostOf, shipmentJson } from "./shipments";
import { createRequest } from "./testing";

const now = new Date("2025-05-01T10:00:00Z");

function shipment(overrides: Partial<SandboxShipment> = {}): SandboxShipment {
  const request = requestSchemas(() => now).createShipment.parse(createRequest(now));
  return {
    ...newShipment({
      id: 100001,
      token: "t",
      request,
      now,
      price: 20,
      size: "small",
      estimatedDistance: 10,
      pickupPoint: { latitude: 37.7, longitude: -122.4 },
      deliveryPoint: { latitude: 37.75, longitude: -122.42 },
      outcome: "deliver",
      intervalS: 15,
      auto: true,
    }),
    ...overrides,
  };
}

const ctx = (account: Partial<AccountOptions> = {}, at = now): StepContext => ({
  now: at,
  account: { ...DEFAULT_ACCOUNT_OPTIONS, ...account },
  baseUrl: "http://127.0.0.1:9",
  related: [],
});

/** Runs every step of the shipment's plan, collecting states and event names. */
function runAll(s: SandboxShipment, account: Partial<AccountOptions> = {}) {
  const states: string[] = [];
  const events: string[] = [];
  let current = s;
  while (current.stepIndex < current.steps.length) {
    const result = applyStep(current, current.steps[current.stepIndex]!, ctx(account));
    current = result.shipment;
    states.push(current.state);
    events.push(...result.events.map((e) => e.event.replace(/^shipment\./, "")));
  }
  return { final: current, states, events };
}

describe("commands", () => {
  it.each([
    [{}, "deliver"],
    [{ delivery: SANDBOX_RETURN_COMMAND }, "return"],
    [{ pickup: SANDBOX_CANCEL_COMMAND }, "cancel"],
    [{ pickup: SANDBOX_NO_DRIVER_COMMAND }, "no_driver"],
    [{ pickup: SANDBOX_REASSIGN_COMMAND }, "reassign"],
    [{ delivery: "sandbox:return" }, "deliver"], // case-sensitive
    [{ delivery: `${SANDBOX_RETURN_COMMAND} please` }, "deliver"], // the whole notes text
    [{ pickup: SANDBOX_RETURN_COMMAND }, "deliver"], // return is a delivery-location command
  ])("notes %j → %s", (notes, outcome) => {
    expect(outcomeFor(notes)).toBe(outcome);
  });

  it.each([
    [undefined, 15],
    ["plain text", 15],
    ["fast --timing 15", 15],
    ["slow --timing 900", 900],
    ["--timing 60  ", 60],
    ["--timing 14", "invalid"],
    ["--timing 901", "invalid"],
    ["--timing 20.5", "invalid"],
    ["--timing abc", "invalid"],
    ["--timing 30 then more words", 15], // the flag must end the description
  ])("description %j → interval %s", (description, interval) => {
    expect(timingFrom(description)).toBe(interval);
  });
});

describe("state machine", () => {
  it.each([
    [
      "deliver",
      ["assigned", "assigned", "assigned", "assigned", "en_route", "en_route", "en_route", "en_route", "delivered"],
    ],
    [
      "return",
      [
        "assigned",
        "assigned",
        "assigned",
        "assigned",
        "en_route",
        "en_route",
        "en_route",
        "en_route",
        "attempted",
        "returned",
      ],
    ],
    ["cancel", ["assigned", "assigned", "canceled"]],
  ] as const)("%s path states", (outcome, states) => {
    expect(runAll(shipment({ outcome, steps: stepsFor(outcome) })).states).toEqual(states);
  });

  it("the delivered path emits the standard events in order with ETAs where documented", () => {
    const s = shipment();
    const { events } = runAll(s);
    expect(events).toEqual([
      "driver_assigned",
      "en_route_to_pickup",
      "driver_approaching_pickup",
      "at_pickup",
      "pickup_confirmed",
      "en_route_to_delivery",
      "driver_approaching_delivery",
      "at_delivery",
      "delivery_confirmed",
    ]);
  });

  it("extra events and image capture add created-time, grouping, tracking, unassign and details events", () => {
    const all = { extraEvents: true, imageCapture: { signature: true, pickup: true, delivery: true } };
    const { events, final } = runAll(shipment({ outcome: "reassign", steps: stepsFor("reassign") }), all);
    expect(events.filter((e) => e === "driver_assigned")).toHaveLength(2);
    expect(events).toContain("driver_unassigned");
    expect(events).toContain("grouping.pickup_grouping_identified");
    expect(events).toContain("tracking_updated");
    expect(events.slice(-3)).toEqual([
      "delivery_confirmed",
      "delivery_details_added",
      "delivery_confirmed_with_details",
    ]);
    expect(final.images.sort()).toEqual(["delivery", "pickup", "signature"]);
    expect(final.driverCount).toBe(2);
  });

  it("ETA: the time the driver is expected at pickup (then delivery), only when enabled", () => {
    const s = shipment({ stepIndex: 1, state: "assigned" });
    const withEta = applyStep(s, "en_route_to_pickup", ctx({ eta: true })).events[0]!;
    expect(withEta.data.eta).toBe(new Date(now.getTime() + 2 * 15_000).toISOString());
    expect(applyStep(s, "en_route_to_pickup", ctx({ eta: false })).events[0]!.data.eta).toBeUndefined();
  });

  it("delivery_attempted sends latitude and longitude as strings, like the document's sample", () => {
    const s = shipment({ outcome: "return", steps: stepsFor("return"), stepIndex: 8, state: "en_route" });
    const event = applyStep(s, "attempt", ctx()).events[0]!;
    expect(event.event).toBe("shipment.delivery_attempted");
    expect(typeof event.data.latitude).toBe("string");
    expect(event.data.return_code).toBe("recipient_unavailable");
  });

  it("common fields: id, occurred_at, reference_id, tracking_number, delivery_batch, related shipments, driver", () => {
    const request = { ...shipment().request, delivery_batch: { reference_id: "trip-9", sequence_number: 2 } };
    const s = shipment({ request });
    const sibling = shipment({ id: 100002, request });
    const event = applyStep(s, "assign", { ...ctx(), related: [s, sibling] }).events[0]!;
    expect(event.data).toMatchObject({
      id: 100001,
      occurred_at: now.toISOString(),
      reference_id: "order-1001",
      tracking_number: s.trackingNumber,
      related_shipments: [100002],
      delivery_batch: { reference_id: "trip-9", sequence_number: 2, friendly_id: expect.stringMatching(/^B-\d+$/) },
      driver: { name: expect.any(String), phone: expect.stringMatching(/^\d{10}$/) },
      driver_id: expect.any(String),
    });
  });

  it("expiry and caller cancellation produce shipment.canceled with their codes", () => {
    const expired = expire(shipment(), ctx());
    expect(expired.shipment.state).toBe("expired");
    expect(expired.events[0]).toMatchObject({
      event: "shipment.canceled",
      data: { cancellation_code: "delivery_deadline_passed" },
    });
    const canceled = cancelByCaller(
      shipment(),
      { cancellation_code: "item_damaged", cancellation_comment: "dropped" },
      7.5,
      ctx(),
    );
    expect(canceled.shipment).toMatchObject({ state: "canceled", cancellation: { fee: 7.5 } });
    expect(canceled.events[0]!.data).toMatchObject({
      cancellation_code: "item_damaged",
      cancellation_notes: "dropped",
    });
  });

  it("a repost copies the request into a new shipment that will find a driver", () => {
    const parent = shipment({ outcome: "no_driver", steps: [], state: "expired" });
    const fresh = repostOf(parent, 100009, now);
    expect(fresh).toMatchObject({
      id: 100009,
      parentId: parent.id,
      state: "scheduled",
      outcome: "deliver",
      auto: true,
    });
    expect(fresh.request.pickup_location.notes).toBeNull();
    expect(Date.parse(fresh.request.pickup_after)).toBeGreaterThan(now.getTime());
  });

  it("shipment JSON returns numeric-looking alternate ids as numbers only in lists", () => {
    const s = shipment({ request: { ...shipment().request, alternate_id_1: "12345", alternate_id_2: "A7" } });
    expect(shipmentJson(s, { includeEvents: true, numericAlternateIds: true })).toMatchObject({
      alternate_id_1: 12345,
      alternate_id_2: "A7",
    });
    expect(shipmentJson(s, { includeEvents: false })).toMatchObject({ alternate_id_1: "12345" });
    expect(shipmentJson(s, { includeEvents: false })).not.toHaveProperty("events");
  });
});
