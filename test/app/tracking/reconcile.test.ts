import { describe, expect, it } from "vitest";
import { synthesizeEvents, type RemoteShipment } from "~/tracking/reconcile";

const now = new Date("2026-11-22T18:00:00Z");
const remote = (overrides: Partial<RemoteShipment>): RemoteShipment => ({
  id: "4711",
  state: "scheduled",
  updated_at: new Date("2026-11-22T17:30:00Z"),
  signatory_name: null,
  driver: null,
  events: null,
  ...overrides,
});

describe("reconciliation events", () => {
  it.each([
    ["scheduled", []],
    ["assigned", ["shipment.driver_assigned"]],
    ["en_route", ["shipment.pickup_confirmed"]],
    ["delivered", ["shipment.delivery_confirmed"]],
    ["attempted", ["shipment.delivery_attempted"]],
    ["returned", ["shipment.returned"]],
    ["canceled", ["shipment.canceled"]],
    ["expired", ["shipment.canceled"]],
    ["something_new", []],
  ])("state %s without events → %j", (state, names) => {
    expect(synthesizeEvents(remote({ state }), now).map((e) => e.event)).toEqual(names);
  });

  it("marks what it makes up and keeps the courier's time, signatory and expiry reason", () => {
    expect(synthesizeEvents(remote({ state: "delivered", signatory_name: "J. Smith" }), now)).toEqual([
      {
        event: "shipment.delivery_confirmed",
        data: { id: "4711", synthesized: true, occurred_at: "2026-11-22T17:30:00.000Z", signatory_name: "J. Smith" },
      },
    ]);
    expect(synthesizeEvents(remote({ state: "expired", updated_at: null }), now)[0]?.data).toMatchObject({
      occurred_at: now.toISOString(),
      cancellation_code: "delivery_deadline_passed",
    });
  });

  it("replays the courier's own event list when it gives one", () => {
    const events = synthesizeEvents(
      remote({
        state: "en_route",
        events: [
          { name: "driver_assigned", occurred_at: new Date("2026-11-22T17:00:00Z"), location: null },
          {
            name: "pickup_confirmed",
            occurred_at: new Date("2026-11-22T17:20:00Z"),
            location: { latitude: 40.7, longitude: -74 },
          },
          { name: null, occurred_at: null, location: null },
        ],
      }),
      now,
    );
    expect(events).toEqual([
      {
        event: "shipment.driver_assigned",
        data: { id: "4711", synthesized: true, occurred_at: "2026-11-22T17:00:00.000Z" },
      },
      {
        event: "shipment.pickup_confirmed",
        data: {
          id: "4711",
          synthesized: true,
          occurred_at: "2026-11-22T17:20:00.000Z",
          latitude: 40.7,
          longitude: -74,
        },
      },
    ]);
  });
});
