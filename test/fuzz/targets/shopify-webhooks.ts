/**
 * Shopify webhook deliveries for one topic: the topic's payload turned hostile (arbitraries.ts), sent
 * as a body of any shape (bodies.ts), mostly signed with the app secret (the receiver's checks behind
 * the signature are what is fuzzed), sometimes unsigned or signed with another key.
 */
import fc from "fast-check";
import { SHOP } from "../../fixtures/shopify-webhooks";
import { signWebhook, WEBHOOK_API_VERSION } from "../../support/shopify-signing";
import { TEST_API_SECRET, TEST_APP_URL } from "../../support/test-env";
import { hostileVariant } from "../arbitraries";
import { bodyArb, preview, type FuzzBody } from "../bodies";
import type { FuzzTarget } from "../runner";
import { ENDPOINT_BUDGET_MS } from "../settings";
import type { ShopifyWebhookRoute } from "./shopify-webhook-routes";

export type Signature = "signed" | "other-secret" | "garbage" | "none";

export const signatureArb: fc.Arbitrary<Signature> = fc.oneof(
  { weight: 8, arbitrary: fc.constant<Signature>("signed") },
  { weight: 1, arbitrary: fc.constantFrom<Signature>("other-secret", "garbage", "none") },
);

/** X-Shopify-Shop-Domain: mostly the installed shop; also one unknown to the app, and malformed ones. */
export const shopHeaderArb = fc.oneof(
  { weight: 6, arbitrary: fc.constant(SHOP) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "unknown-shop.myshopify.com",
      "CORNER-BAKERY.myshopify.com",
      "evil.example",
      "",
      "a".repeat(300),
    ),
  },
);

export function signatureHeader(signature: Signature, text: string): string | null {
  if (signature === "signed") return signWebhook(text, TEST_API_SECRET);
  if (signature === "other-secret") return signWebhook(text, "not-the-app-secret");
  if (signature === "garbage") return "%%%not-base64";
  return null;
}

type Input = { body: FuzzBody; signature: Signature; shop: string; webhookId: string };

export function shopifyWebhookTarget(route: ShopifyWebhookRoute): FuzzTarget<Input> {
  return {
    name: `POST ${route.path}`,
    budgetMs: ENDPOINT_BUDGET_MS,
    input: fc.record({
      body: bodyArb(hostileVariant(route.payload())),
      signature: signatureArb,
      shop: shopHeaderArb,
      // A few ids repeat: Shopify's retries of one delivery carry the same id.
      webhookId: fc.oneof(fc.uuid(), fc.constantFrom("repeat-1", "repeat-2")),
    }),
    send: ({ body, signature, shop, webhookId }) => {
      const headers = new Headers({
        "X-Shopify-Topic": route.topic,
        "X-Shopify-Shop-Domain": shop,
        "X-Shopify-API-Version": WEBHOOK_API_VERSION,
        "X-Shopify-Webhook-Id": webhookId,
        "X-Shopify-Event-Id": webhookId,
        "X-Shopify-Triggered-At": "2026-11-25T10:00:00.000Z",
      });
      if (body.contentType) headers.set("Content-Type", body.contentType);
      const hmac = signatureHeader(signature, body.text);
      if (hmac !== null) headers.set("X-Shopify-Hmac-Sha256", hmac);
      const request = new Request(`${TEST_APP_URL}${route.path}`, { method: "POST", headers, body: body.text });
      return route.action({ request, params: {}, context: {} });
    },
    describe: ({ body, signature, shop }) =>
      `${signature} ${body.shape} ${body.contentType} shop=${shop} ${preview(body.text)}`,
  };
}
