import { describe, expect, it } from "vitest";
import { closingStaleAttention } from "~/attention/stale-attention";
import type { Transition } from "~/tracking/state-machine";

const moved = (state: Transition["state"], changes: Transition["changes"] = {}): Transition => ({
  state,
  stateChanged: true,
  late: false,
  actions: [],
  changes,
});

describe("closingStaleAttention", () => {
  it.each<[string, Transition, { needsAttention: boolean; attentionCode: string | null; state: string }, boolean]>([
    [
      "a price difference, delivered",
      moved("delivered"),
      { needsAttention: true, attentionCode: "price_differs", state: "en_route" },
      true,
    ],
    [
      "a price difference, out for delivery",
      moved("en_route"),
      { needsAttention: true, attentionCode: "price_differs", state: "assigned" },
      false,
    ],
    [
      "an item already closed",
      moved("delivered"),
      { needsAttention: false, attentionCode: null, state: "en_route" },
      false,
    ],
    [
      "a return, delivered later",
      moved("delivered"),
      { needsAttention: true, attentionCode: "returned", state: "attempted" },
      false,
    ],
    [
      "a new attention raised by the same event",
      moved("delivered", { needsAttention: { code: "returned", reason: "x" } }),
      { needsAttention: true, attentionCode: "price_differs", state: "en_route" },
      false,
    ],
    [
      "no state change",
      { ...moved("delivered"), stateChanged: false },
      { needsAttention: true, attentionCode: "price_differs", state: "delivered" },
      false,
    ],
  ])("%s → closed: %s", (_name, transition, shipment, closes) => {
    const result = closingStaleAttention(transition, shipment);
    expect(result.closedWords !== null).toBe(closes);
    expect(result.transition.changes.clearAttention === true).toBe(closes);
    expect(result.transition.actions.some((a) => a.kind === "clear_attention")).toBe(closes);
    if (!closes) expect(result.transition).toBe(transition);
  });
});
