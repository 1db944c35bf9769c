import { isMyshopifyDomain, verifyCallbackHmac } from "./callback-auth.server";
import { quoteRates, type QuoteDeps } from "./quote.server";

/**
 * Shopify's carrier-service rate request, answered from its raw body and headers: the body checked
 * against X-Shopify-Hmac-Sha256 (401 otherwise), the shop taken from X-Shopify-Shop-Domain, the rates
 * from quoteRates; X-Quote-Source tells how the answer was made (live, cache, memory, model, fallback, none, backup).
 * One answer for both callers: the production server, which answers this path before Remix (checkout
 * waits on it: app/server/carrier-rates.server.ts), and the Remix route app/routes/carrier-service.rates.ts.
 */

export type RateCallbackAnswer = { status: number; headers: Record<string, string>; body: string };

export function rateCallbackAnswer(status: number, body: unknown, source?: string): RateCallbackAnswer {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "Cache-Control": "no-store",
  };
  if (source) headers["X-Quote-Source"] = source;
  return { status, headers, body: JSON.stringify(body) };
}

export const RATE_REQUEST_TOO_LARGE = () => rateCallbackAnswer(413, { error: "Request body too large" });
export const RATE_METHOD_NOT_ALLOWED = () => {
  const answer = rateCallbackAnswer(405, { error: "Method not allowed" });
  answer.headers.Allow = "POST";
  return answer;
};

export async function answerRateCallback(
  deps: QuoteDeps,
  input: { rawBody: Uint8Array; hmac: string | null; shopDomain: string | null; apiSecret: string },
): Promise<RateCallbackAnswer> {
  if (!verifyCallbackHmac(input.rawBody, input.hmac, input.apiSecret)) {
    return rateCallbackAnswer(401, { error: "Unauthorized" });
  }
  const shopDomain = input.shopDomain?.trim().toLowerCase() ?? null;
  if (!isMyshopifyDomain(shopDomain)) return rateCallbackAnswer(200, { rates: [] }, "none");
  const result = await quoteRates(deps, { shopDomain, body: utf8.decode(input.rawBody) });
  return rateCallbackAnswer(result.status, result.body, result.source);
}

const utf8 = new TextDecoder();
