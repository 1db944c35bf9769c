import { describe, expect, it } from "vitest";
import { DEFAULT_SHOP_SETTINGS } from "~/settings/defaults";
import { parseShopSettings } from "~/settings/shop-settings";
import { afterExpiryDecision, afterExpiryJob, type AfterExpiryFacts } from "~/tracking/after-expiry";
import { EXPIRY_REPOST_GRACE_MS } from "~/tracking/jobs";

const expired = { state: "canceled", courierShipmentId: "77", needsAttention: true, attentionCode: "expired" };
const facts = (overrides: Partial<AfterExpiryFacts> = {}, shipment: Partial<AfterExpiryFacts["shipment"]> = {}) => ({
  shipment: { ...expired, ...shipment },
  expiredCourierShipmentId: "77",
  mode: "offer" as const,
  order: "open" as const,
  ...overrides,
});

describe("what the app does after an expiry", () => {
  it.each<[string, AfterExpiryFacts, ReturnType<typeof afterExpiryDecision>]>([
    ["offers it to staff by default", facts(), { action: "offer" }],
    ["dispatches again when the merchant chose so", facts({ mode: "automatic" }), { action: "redispatch" }],
    [
      "nothing when the courier's repost took over",
      facts({ mode: "automatic" }, { courierShipmentId: "78", state: "scheduled", needsAttention: false }),
      { action: "nothing", why: "reposted" },
    ],
    [
      "nothing when staff dispatched it again meanwhile",
      facts({ mode: "automatic" }, { needsAttention: false, attentionCode: null }),
      { action: "nothing", why: "resolved" },
    ],
    [
      "nothing for a courier cancellation that is not an expiry",
      facts({ mode: "automatic" }, { attentionCode: "canceled" }),
      { action: "nothing", why: "resolved" },
    ],
    [
      "closed when the order was canceled meanwhile",
      facts({ mode: "automatic", order: "canceled" }),
      { action: "close", why: "order_canceled" },
    ],
    [
      "closed when the order was fulfilled meanwhile",
      facts({ mode: "automatic", order: "fulfilled" }),
      { action: "close", why: "order_fulfilled" },
    ],
    ["closed when Shopify no longer has the order", facts({ order: "gone" }), { action: "close", why: "order_gone" }],
  ])("%s", (_name, input, expected) => {
    expect(afterExpiryDecision(input)).toEqual(expected);
  });

  it("runs once per expiry, after the courier had time to repost", () => {
    const now = new Date("2026-11-25T18:00:00Z");
    const job = afterExpiryJob("shop.myshopify.com", { id: "s1", courierShipmentId: "77" }, now);
    expect(job).toMatchObject({
      kind: "tracking.after-expiry",
      payload: { shipmentId: "s1", courierShipmentId: "77" },
      uniqueKey: "after-expiry:s1:77",
    });
    expect(job.runAt!.getTime() - now.getTime()).toBe(EXPIRY_REPOST_GRACE_MS);
  });
});

describe("the after-expiry setting", () => {
  it("reads as offer in settings saved before it, keeps a stored choice, and repairs a wrong one to offer", () => {
    const { afterExpiry: _, ...older } = structuredClone(DEFAULT_SHOP_SETTINGS);
    expect(parseShopSettings(JSON.stringify(older)).afterExpiry).toEqual({ redispatch: "offer" });
    expect(parseShopSettings({ ...older, afterExpiry: { redispatch: "automatic" } }).afterExpiry.redispatch).toBe(
      "automatic",
    );
    expect(parseShopSettings({ ...older, afterExpiry: { redispatch: "always" } }).afterExpiry.redispatch).toBe("offer");
  });
});
