import { describe, expect, it } from "vitest";
import { dispatchEligibility, type ShippingLineFacts } from "~/dispatch/eligibility";
import { serviceCodeFor } from "~/schedule/service-code";

const ours = serviceCodeFor("within-3h");
const line = (overrides: Partial<ShippingLineFacts>): ShippingLineFacts => ({
  title: "Same-day delivery",
  code: ours,
  source: "Same-day delivery",
  carrierIdentifier: "c9f1e2",
  ...overrides,
});
const base = { carrierServiceName: "Same-day delivery", knownWindowIds: ["within-3h", "today-by-8pm"] };

describe("which paid orders are dispatched", () => {
  it.each<[string, Parameters<typeof dispatchEligibility>[0]["mode"], ShippingLineFacts[], unknown]>([
    [
      "our rate, matched by source and code",
      "carrier_orders",
      [line({})],
      { eligible: true, serviceCode: ours, needsAreaCheck: false },
    ],
    [
      "our rate whose code Shopify replaced with Shipping",
      "carrier_orders",
      [line({ code: "Shipping", title: "Shipping" })],
      { eligible: true, serviceCode: null, needsAreaCheck: false },
    ],
    [
      "our code without a carrier identifier",
      "carrier_orders",
      [line({ source: "shopify", carrierIdentifier: null })],
      { eligible: true, serviceCode: ours, needsAreaCheck: false },
    ],
    [
      "a code of a window since removed",
      "carrier_orders",
      [line({ source: "other", carrierIdentifier: null, code: serviceCodeFor("gone") })],
      { eligible: false, reason: expect.stringMatching(/did not choose/) },
    ],
    [
      "another carrier's rate",
      "carrier_orders",
      [line({ source: "UPS", code: "03", title: "UPS Ground" })],
      { eligible: false, reason: expect.stringMatching(/did not choose/) },
    ],
    ["no shipping line", "carrier_orders", [], { eligible: false, reason: expect.stringMatching(/did not choose/) }],
    [
      "any order in all-in-area mode, checked against the area",
      "all_in_area",
      [line({ source: "UPS", code: "03" })],
      { eligible: true, serviceCode: null, needsAreaCheck: true },
    ],
    [
      "our rate in all-in-area mode needs no area check",
      "all_in_area",
      [line({})],
      { eligible: true, serviceCode: ours, needsAreaCheck: false },
    ],
    ["manual mode", "manual", [line({})], { eligible: false, reason: expect.stringMatching(/manual/) }],
  ])("%s", (_name, mode, shippingLines, expected) => {
    expect(dispatchEligibility({ ...base, mode, shippingLines })).toEqual(expected);
  });
});
