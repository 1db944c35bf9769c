import { describe, expect, it } from "vitest";
import { legRole, legTitle, LEG_ROLE_WORDS } from "~/shipments/leg-kind";
import { recipientColumns, recipientOf, recipientSearchText } from "~/shipments/recipient";
import { createRequest } from "../../courier-sandbox/testing";

const now = new Date("2026-11-27T18:00:00Z");
const request = createRequest(now, {
  pickup_location: {
    address: { street1: "1 Market St", city: "San Francisco", state: "CA", zip: "94105" },
    contact: { name: "Maria Lopez", phone: "+14155550132" },
  },
  delivery_location: {
    address: { street1: "500 Valencia St", street2: "Apt 2", city: "San Francisco", state: "CA", zip: "94110" },
    contact: { name: "Dana Whitfield", phone: "(555) 170-0034" },
  },
});
const json = JSON.stringify(request);

describe("the customer of a shipment, for staff", () => {
  it("is where a delivery drops off", () => {
    expect(recipientOf({ requestJson: json, kind: "delivery" })).toEqual({
      name: "Dana Whitfield",
      phone: "(555) 170-0034",
      address: "500 Valencia St, Apt 2, San Francisco, CA 94110",
    });
  });

  it("is where a return's collection picks up", () => {
    // A collection's request goes customer → store: the customer is its pickup location.
    expect(recipientOf({ requestJson: json, kind: "return_pickup" })?.name).toBe("Maria Lopez");
  });

  it("is unknown without a stored request (never booked, or redacted)", () => {
    expect(recipientOf({ requestJson: null })).toBeNull();
    expect(recipientOf({ requestJson: "not json" })).toBeNull();
    expect(recipientOf({ requestJson: JSON.stringify({ redacted: true }) })).toBeNull();
  });

  it("is found by a part of the name in any case or by the phone's digits", () => {
    expect(recipientSearchText(recipientOf({ requestJson: json }))).toBe("dana whitfield 5551700034");
    expect(recipientColumns(json, "return_pickup")).toEqual({ recipientSearch: "maria lopez 4155550132" });
    expect(recipientColumns(null)).toEqual({ recipientSearch: null });
  });
});

describe("what a shipment is to staff", () => {
  it.each([
    [{ kind: "delivery" }, "delivery", "Delivery for #1001"],
    [{ kind: "return_pickup" }, "return_collection", "Return collection for #1001"],
    [
      { kind: "delivery", batchReferenceId: "rt-1092-1", batchSequence: 1 },
      "exchange_delivery",
      "Exchange for #1001: new items to the customer",
    ],
    [
      { kind: "return_pickup", batchReferenceId: "rt-1092-1", batchSequence: 2 },
      "exchange_collection",
      "Exchange for #1001: returned items from the customer",
    ],
  ] as const)("%j is a %s: %s", (facts, role, title) => {
    expect(legRole(facts)).toBe(role);
    expect(legTitle(facts, "#1001")).toBe(title);
    expect(LEG_ROLE_WORDS[role]).not.toMatch(/_|rt-/);
  });
});
