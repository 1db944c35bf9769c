import { describe, expect, it } from "vitest";
import { attentionItems, orderAdminUrl, type AttentionRow } from "~/attention/attention-list";
import { ATTENTION_ACTIONS, ATTENTION_REASONS, attentionCodeOf, codeFromState } from "~/shipments/attention-reasons";

const at = (iso: string) => new Date(`2026-11-25T${iso}:00Z`);

function row(fields: Partial<AttentionRow> & { id: string }): AttentionRow {
  return {
    orderName: `#${fields.id}`,
    orderGid: `gid://shopify/Order/${fields.id.replace(/\D/g, "") || "1"}`,
    fulfillmentOrderGid: `gid://shopify/FulfillmentOrder/${fields.id}`,
    generation: 1,
    state: "canceled",
    needsAttention: true,
    attentionCode: null,
    attentionReason: null,
    lastEventAt: null,
    createdAt: at("08:00"),
    ...fields,
  };
}

describe("the attention reason by code", () => {
  it.each<[string | null, string, string]>([
    ["expired", "canceled", "expired"],
    ["canceled", "canceled", "canceled"],
    ["price_differs", "scheduled", "price_differs"],
    ["order_changed", "assigned", "order_changed"],
    // Rows from before the code, or a code this version does not know: from the state.
    [null, "failed", "dispatch_failed"],
    [null, "pending", "dispatch_failed"],
    [null, "canceled", "canceled"],
    [null, "expired", "expired"],
    [null, "returned", "returned"],
    [null, "scheduled", "order_changed"],
    ["some_future_code", "failed", "dispatch_failed"],
  ])("code %s, state %s: %s", (code, state, expected) => {
    expect(attentionCodeOf({ attentionCode: code, state })).toBe(expected);
  });

  it("every code has one known action, words and a label; every state maps to a code in the table", () => {
    for (const entry of Object.values(ATTENTION_REASONS)) {
      expect(ATTENTION_ACTIONS).toContain(entry.action);
      expect(entry.words.length).toBeGreaterThan(10);
      expect(entry.actionLabel.length).toBeGreaterThan(3);
    }
    for (const state of ["pending", "scheduled", "assigned", "en_route", "attempted", "returned", "canceled", "failed"])
      expect(Object.keys(ATTENTION_REASONS)).toContain(codeFromState(state));
  });

  it("links to the order in Shopify's admin by its numeric id", () => {
    expect(orderAdminUrl("gid://shopify/Order/4501")).toBe("shopify://admin/orders/4501");
  });
});

describe("the attention list", () => {
  it("lists only rows needing attention, oldest first (when the state changed, else created), stable by id", () => {
    const items = attentionItems(
      [
        row({ id: "c3", lastEventAt: at("10:00"), attentionCode: "expired" }),
        row({ id: "a1", needsAttention: false }),
        row({ id: "b2", state: "failed", attentionCode: "dispatch_failed", createdAt: at("09:00") }),
        row({ id: "d4", lastEventAt: at("09:00"), attentionCode: "price_differs", state: "scheduled" }),
      ],
      "America/Los_Angeles",
    );
    expect(items.map((i) => [i.shipmentId, i.code, i.action])).toEqual([
      ["b2", "dispatch_failed", "fix_order"],
      ["d4", "price_differs", "cancel"],
      ["c3", "expired", "dispatch_again"],
    ]);
    expect(items[0]).toMatchObject({
      orderName: "#b2",
      orderAdminUrl: "shopify://admin/orders/2",
      sinceIso: "2026-11-25T09:00:00.000Z",
      sinceLabel: "Since Wed, Nov 25, 1 am",
    });
  });

  it("shows the shipment's own words, else the reason's", () => {
    const [own, fallback] = attentionItems(
      [
        row({ id: "a1", attentionCode: "expired", attentionReason: "  The courier canceled: no driver.  " }),
        row({ id: "b2", attentionCode: "expired", attentionReason: null }),
      ],
      "UTC",
    );
    expect(own!.reason).toBe("The courier canceled: no driver.");
    expect(fallback!.reason).toBe(ATTENTION_REASONS.expired.words);
  });

  it("leaves out a row a later dispatch of its fulfillment order replaced", () => {
    const fo = "gid://shopify/FulfillmentOrder/9";
    const items = attentionItems(
      [
        row({ id: "old", fulfillmentOrderGid: fo, generation: 1, attentionCode: "expired" }),
        row({ id: "new", fulfillmentOrderGid: fo, generation: 2, needsAttention: false, state: "scheduled" }),
        row({ id: "other", generation: 1, attentionCode: "canceled" }),
      ],
      "UTC",
    );
    expect(items.map((i) => i.shipmentId)).toEqual(["other"]);
  });
});
