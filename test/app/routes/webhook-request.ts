import { randomUUID } from "node:crypto";
import { getHmac } from "@shopify/shopify-api/test-helpers";
import { TEST_API_SECRET } from "../../support/test-env";

/** A webhook POST as Shopify sends it: raw JSON body signed with the app secret, X-Shopify-* headers. */
export function shopifyWebhook(options: {
  path: string;
  topic: string;
  shop: string;
  payload: unknown;
  secret?: string;
  webhookId?: string;
  /** The body as Shopify's raw JSON text (ids above 2^53 as JSON numbers), instead of `payload` stringified. */
  rawBody?: string;
}): Request {
  const body = options.rawBody ?? JSON.stringify(options.payload);
  return new Request(`https://courier-app.test${options.path}`, {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Topic": options.topic,
      "X-Shopify-Hmac-Sha256": getHmac(body, options.secret ?? TEST_API_SECRET),
      "X-Shopify-Shop-Domain": options.shop,
      "X-Shopify-API-Version": "2026-10",
      "X-Shopify-Webhook-Id": options.webhookId ?? randomUUID(),
      "X-Shopify-Event-Id": randomUUID(),
      "X-Shopify-Triggered-At": new Date().toISOString(),
    },
  });
}
