import type { ActionFunctionArgs } from "@remix-run/node";
import { appConfig } from "~/config/env.server";
import { BodyTooLargeError, readRequestBytes } from "~/http/capped-body.server";
import { isMyshopifyDomain, verifyCallbackHmac } from "~/quote/callback-auth.server";
import { quoteRates } from "~/quote/quote.server";
import { MAX_RATE_REQUEST_BYTES } from "~/quote/rate-request";
import { getRuntime } from "~/runtime.server";

/**
 * Shopify's carrier-service callback (RATES_CALLBACK_PATH): the raw body, capped, is checked against
 * X-Shopify-Hmac-Sha256 (401 otherwise); the shop comes from X-Shopify-Shop-Domain; the rates come
 * from quoteRates. X-Quote-Source tells how the answer was made (courier, cache, fallback, none).
 */
export const action = async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST")
    return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  let raw: Uint8Array;
  try {
    raw = await readRequestBytes(request, MAX_RATE_REQUEST_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return Response.json({ error: "Request body too large" }, { status: 413 });
    throw error;
  }
  if (!verifyCallbackHmac(raw, request.headers.get("x-shopify-hmac-sha256"), appConfig().shopify.apiSecret)) {
    return Response.json({ error: "Unauthorized" }, { status: 401 });
  }
  const shopDomain = request.headers.get("x-shopify-shop-domain")?.trim().toLowerCase() ?? null;
  if (!isMyshopifyDomain(shopDomain)) return answer({ rates: [] }, 200, "none");
  const result = await quoteRates(getRuntime().quote, { shopDomain, body: new TextDecoder().decode(raw) });
  return answer(result.body, result.status, result.source);
};

export const loader = () => Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });

function answer(body: unknown, status: number, source: string): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", "X-Quote-Source": source } });
}
