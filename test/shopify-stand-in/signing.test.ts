import { getHmac } from "@shopify/shopify-api/test-helpers";
import { describe, expect, it } from "vitest";
import { carrierCallbackRequest, mintSessionToken, signWebhook, webhookRequest } from "../support/shopify-signing";
import { TEST_API_KEY, TEST_API_SECRET } from "../support/test-env";
import { shopifyLibrary } from "./library";

const SHOP = "demo-shop.myshopify.com";

/** The node adapter of @shopify/shopify-api reads a request as { headers, method, url }. */
function asNodeRequest(request: Request) {
  return { headers: Object.fromEntries(request.headers), method: request.method, url: new URL(request.url).pathname };
}

describe("signing helpers, checked by @shopify/shopify-api itself", () => {
  it("signWebhook is the base64 HMAC-SHA256 of the raw body, as the library's own test helper computes it", () => {
    const body = JSON.stringify({ id: 1, note: "é" });
    expect(signWebhook(body, TEST_API_SECRET)).toBe(getHmac(body, TEST_API_SECRET));
  });

  it("webhookRequest carries every header the library requires and validates with the app secret only", async () => {
    const shopify = shopifyLibrary();
    const body = { id: 820982911946154500, name: "#1001" };
    const request = webhookRequest({
      url: "https://courier-app.test/webhooks/orders/paid",
      topic: "orders/paid",
      shop: SHOP,
      body,
      secret: TEST_API_SECRET,
      webhookId: "wh-1",
    });
    const rawBody = await request.clone().text();
    expect(await shopify.webhooks.validate({ rawBody, rawRequest: asNodeRequest(request) })).toMatchObject({
      valid: true,
      topic: "ORDERS_PAID",
      domain: SHOP,
      apiVersion: "2026-10",
      webhookId: "wh-1",
      eventId: expect.any(String),
      triggeredAt: expect.any(String),
    });
    const forged = webhookRequest({
      url: request.url,
      topic: "orders/paid",
      shop: SHOP,
      body,
      secret: "not-the-app-secret",
    });
    expect(await shopify.webhooks.validate({ rawBody, rawRequest: asNodeRequest(forged) })).toMatchObject({
      valid: false,
    });
  });

  it("carrierCallbackRequest is signed like Shopify's rate requests", async () => {
    const request = carrierCallbackRequest({
      url: "https://courier-app.test/carrier/rates",
      shop: SHOP,
      body: { rate: { currency: "USD" } },
      secret: TEST_API_SECRET,
    });
    const rawBody = await request.clone().text();
    expect(request.headers.get("x-shopify-shop-domain")).toBe(SHOP);
    expect(
      await shopifyLibrary().fulfillmentService.validate({ rawBody, rawRequest: asNodeRequest(request) }),
    ).toMatchObject({ valid: true });
  });

  it("mintSessionToken makes a token the library decodes with the app's key and secret", async () => {
    const token = mintSessionToken({ shop: SHOP, apiKey: TEST_API_KEY, apiSecret: TEST_API_SECRET, userId: "7" });
    expect(await shopifyLibrary().session.decodeSessionToken(token)).toMatchObject({
      iss: `https://${SHOP}/admin`,
      dest: `https://${SHOP}`,
      aud: TEST_API_KEY,
      sub: "7",
    });
    const expired = mintSessionToken({
      shop: SHOP,
      apiKey: TEST_API_KEY,
      apiSecret: TEST_API_SECRET,
      now: new Date(Date.now() - 120_000),
    });
    await expect(shopifyLibrary().session.decodeSessionToken(expired)).rejects.toThrow(/exp/);
  });
});
