import { describe, expect, it } from "vitest";
import type { WebhookEvent } from "../courier-sandbox/model";
import { finalStateFromEvents, movesBackwards, regressionsBetween } from "./truth";

const event = (name: string, at: string): WebhookEvent => ({ event: name, data: { occurred_at: at } });

describe("finalStateFromEvents", () => {
  it.each([
    {
      events: [event("shipment.driver_assigned", "2026-11-25T10:00:00Z")],
      state: null,
    },
    {
      events: [
        event("shipment.delivery_confirmed", "2026-11-25T10:30:00Z"),
        event("shipment.driver_assigned", "2026-11-25T10:00:00Z"),
      ],
      state: "delivered",
    },
    {
      events: [
        event("shipment.delivery_attempted", "2026-11-25T10:20:00Z"),
        event("shipment.returned", "2026-11-25T10:40:00Z"),
      ],
      state: "returned",
    },
    {
      // Shuffled: the terminal event that happened last wins, whatever order it came in.
      events: [event("shipment.canceled", "2026-11-25T10:50:00Z"), event("shipment.returned", "2026-11-25T10:40:00Z")],
      state: "canceled",
    },
    { events: [event("shipment.delivery_confirmed_with_details", "2026-11-25T10:30:00Z")], state: "delivered" },
  ])("$state", ({ events, state }) => {
    expect(finalStateFromEvents(events)).toBe(state);
  });
});

describe("movesBackwards", () => {
  it.each([
    { from: "scheduled", to: "assigned", backwards: false },
    { from: "en_route", to: "assigned", backwards: true },
    { from: "attempted", to: "returned", backwards: false },
    { from: "delivered", to: "canceled", backwards: true },
    { from: "canceled", to: "scheduled", backwards: true },
    { from: "expired", to: "assigned", backwards: false },
    { from: "assigned", to: "assigned", backwards: false },
  ])("$from → $to: $backwards", ({ from, to, backwards }) => {
    expect(movesBackwards(from, to)).toBe(backwards);
  });

  it("lists the rows of the later sample that moved backwards", () => {
    const previous = new Map([
      ["1", "en_route"],
      ["2", "delivered"],
      ["3", "assigned"],
    ]);
    const next = new Map([
      ["1", "assigned"],
      ["2", "delivered"],
      ["3", "delivered"],
      ["4", "scheduled"],
    ]);
    expect(regressionsBetween(previous, next)).toEqual([{ id: "1", from: "en_route", to: "assigned" }]);
  });
});
