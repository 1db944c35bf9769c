import type { ActionFunctionArgs } from "@remix-run/node";
import { appConfig } from "~/config/env.server";
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
  const raw = await readCapped(request, MAX_RATE_REQUEST_BYTES);
  if (raw === null) return Response.json({ error: "Request body too large" }, { status: 413 });
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

/** The body's bytes, or null once it exceeds `maxBytes` (declared or actual). */
async function readCapped(request: Request, maxBytes: number): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) return null;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
