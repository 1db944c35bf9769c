import { beforeEach, describe, expect, it } from "vitest";
import { getRuntime } from "~/runtime.server";
import { adminRequest, AdminApiError } from "~/shopify-admin/admin-request.server";
import { annotateOrderDelivery, ORDER_DELIVERY_METAFIELD } from "~/shopify-admin/order-annotations.server";
import type { ShopifyStandIn, ShopState } from "../../shopify-stand-in";
import { adminFor, INSTALLED_SHOP as SHOP, sameDayOrder, setUpInstalledShop } from "../../support/installed-shop";

/** The annotation's metafield and tag in one Admin request, against the Shopify stand-in. */

const runtime = getRuntime();
let standIn: ShopifyStandIn;
let shop: ShopState;

beforeEach(async () => {
  ({ standIn } = await setUpInstalledShop(runtime, { url: "https://courier.invalid", token: "unused-token" }));
  shop = standIn.shop(SHOP);
});

const summary = { version: 1, shipments: [{ id: "s1", state: "scheduled" }], updatedAt: "2026-11-28T10:00:00.000Z" };
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe("annotateOrderDelivery", () => {
  it("writes the delivery metafield and adds the tags in one request", async () => {
    const order = sameDayOrder(standIn);
    const logged = standIn.log.length;
    await annotateOrderDelivery(await adminFor(SHOP), order.id, summary, ["same-day-dispatched"]);

    expect(standIn.log.slice(logged).map((entry) => [entry.operationName, entry.rootFields])).toEqual([
      ["OrderDeliveryAnnotate", ["metafieldsSet", "tagsAdd"]],
    ]);
    expect(order.tags).toContain("same-day-dispatched");
    const metafield = order.metafields.find((m) => m.key === ORDER_DELIVERY_METAFIELD.key)!;
    expect(metafield.type).toBe("json");
    expect(JSON.parse(metafield.value)).toEqual(summary);
    expect(standIn.graphqlErrors).toEqual([]);
  });

  it("reports a refused metafield as the metafield's, while Shopify still adds the tags", async () => {
    const order = sameDayOrder(standIn);
    const admin = await adminFor(SHOP);
    // The key already holds text: Shopify refuses to change its type to json.
    await adminRequest(
      admin,
      `#graphql
      mutation TextMetafieldSet($metafields: [MetafieldsSetInput!]!) {
        metafieldsSet(metafields: $metafields) { userErrors { message } }
      }`,
      { metafields: [{ ownerId: order.id, ...ORDER_DELIVERY_METAFIELD, type: "single_line_text_field", value: "x" }] },
    );
    const error = await refusal(annotateOrderDelivery(admin, order.id, summary, ["same-day-dispatched"]));
    expect(error).toBeInstanceOf(AdminApiError);
    expect(error).toMatchObject({
      kind: "user_errors",
      message:
        "Saving the delivery status on the order: metafields.0.type: Type 'json' must be consistent with the existing metafield type 'single_line_text_field'.",
    });
    expect(order.tags).toContain("same-day-dispatched");
  });

  it("reports refused tags as the tags' once the metafield is written", async () => {
    // Shopify keeps metafields on the shop but tags no shop: only the tag write is refused.
    const error = await refusal(annotateOrderDelivery(await adminFor(SHOP), shop.id, summary, ["same-day-dispatched"]));
    expect(error).toMatchObject({ kind: "user_errors", message: "Tagging the order: id: Resource not found" });
    expect(shop.metafields.find((m) => m.key === ORDER_DELIVERY_METAFIELD.key)).toBeDefined();
  });
});
