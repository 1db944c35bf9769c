import { createHash, randomBytes } from "node:crypto";
import { appConfig } from "~/config/env.server";
import { requestClientRateKey } from "~/http/client-address.server";
import { getRuntime } from "~/runtime.server";
import { staffDeps } from "~/server/staff-http.server";
import { TrackingTokenParam } from "~/tracking-page/inputs";
import {
  deliveryTokenKey,
  trackingPageFor,
  unknownDeliveryLanguage,
  type TrackingPageResult,
} from "~/tracking-page/lookup.server";
import { localeOfPathPrefix } from "~/text/shopper/languages";
import type { OrderStatusDeps } from "~/tracking-page/order-status.server";
import { createFixedWindowLimiter, type FixedWindowLimiter, type RateDecision } from "~/http/rate-limit";
import { renderChanges } from "~/tracking-page/change-panel.server";
import {
  renderEndedBody,
  renderEndedPage,
  renderLive,
  renderNotFoundPage,
  renderTrackingPage,
} from "~/tracking-page/render.server";
import type { TrackingPageView } from "~/tracking-page/view-model";
import { mapTileOrigin } from "~/config/map-tile-source";
import { plainHttpsOrigin } from "~/config/plain-https-origin";

/**
 * The shell of the shoppers' tracking page (routes t.$token*, proxy.track.$token*): the per-client
 * rate limit, the app proxy's signature, the token, and the answer with its headers. The page and
 * its status share it, so both are guarded alike.
 */

/** Requests one client may make a minute: a page polls its status 12 times a minute. */
export const TRACKING_PAGE_REQUESTS_PER_MINUTE = 60;
/**
 * Requests for one delivery's token (or one signed-in customer's orders) a minute, from any number of
 * clients: a few people following one delivery, never a scraper rotating addresses.
 */
export const TRACKING_TOKEN_REQUESTS_PER_MINUTE = 240;
const RATE_WINDOW_MS = 60_000;
const RATE_KEYS_KEPT = 50_000;

export type PageRequest = { request: Request; params: { token?: string }; context: unknown };
export type Surface =
  | { kind: "app" }
  /** Through the app proxy: `verify` is the library's check of Shopify's signature (throws a Response). */
  | { kind: "proxy"; verify: (request: Request) => Promise<unknown> };

let limiters: { client: FixedWindowLimiter; token: FixedWindowLimiter } | undefined;

function rateLimiters() {
  const clock = getRuntime().clock;
  const limiter = (limit: number) =>
    createFixedWindowLimiter({
      limit,
      windowMs: RATE_WINDOW_MS,
      maxKeys: RATE_KEYS_KEPT,
      clock: () => clock().getTime(),
    });
  return (limiters ??= {
    client: limiter(TRACKING_PAGE_REQUESTS_PER_MINUTE),
    token: limiter(TRACKING_TOKEN_REQUESTS_PER_MINUTE),
  });
}

/**
 * One request of a client against the limit. The page, its status and the order status block's
 * route share it: each answers from the same deliveries, so scraping one is scraping all. A request
 * through the app proxy, its signature verified, trusts one hop more: the address Shopify appended.
 */
export function takeClientRate(
  request: Request,
  context: unknown,
  options: { throughShopifyProxy?: boolean } = {},
): RateDecision {
  return rateLimiters().client.take(requestClientRateKey(request, context, options.throughShopifyProxy ? 1 : 0));
}

/**
 * One request for a token (a delivery's page, a customer's orders) against its own limit, whoever
 * asks; taken only for a token known to be one (a delivery's: deliveryTokenKey; a customer's: a
 * verified session token), so made-up tokens cannot push real ones out of the limiter.
 */
export function takeTokenRate(token: string): RateDecision {
  return rateLimiters().token.take(createHash("sha256").update(token).digest("base64url"));
}

let orderStatus: OrderStatusDeps | undefined;

/** The order status block's collaborators: the page's, the key that opens sealed tokens, the app's URL. */
export function orderStatusDeps(): OrderStatusDeps {
  return (orderStatus ??= { ...staffDeps(), keys: getRuntime().keys, appUrl: appConfig().shopify.appUrl });
}

/** A page's headers; `nonce` allows its inline style and script. A JSON answer runs nothing: null. */
function securityHeaders(nonce: string | null, imageOrigins: readonly string[] = []): Record<string, string> {
  const appOrigin = new URL(appConfig().shopify.appUrl).origin;
  const policy = nonce
    ? [
        "default-src 'none'",
        `script-src 'nonce-${nonce}'`,
        `style-src 'nonce-${nonce}'`,
        // Delivery photos come through the app's signed file links, also when the page is on the shop's domain.
        // The store's logo (an https address from the settings) may live elsewhere, e.g. Shopify's CDN.
        // Each origin again as a plain https host (settings take no other): a `;` or `,` would add a directive.
        `img-src ${[appOrigin, ...imageOrigins.filter((o) => o !== appOrigin && plainHttpsOrigin(o) === o)].join(" ")}`,
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
      ]
    : ["default-src 'none'", "frame-ancestors 'none'"];
  return {
    "Content-Security-Policy": policy.join("; "),
    "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex, nofollow",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
  };
}

/** Changes when what the page shows changes; a fresh signature on the same photo is no change. */
export function liveVersion(view: TrackingPageView): string {
  const stable = { ...view, photoUrl: view.photoUrl !== null };
  return createHash("sha256").update(JSON.stringify(stable)).digest("base64url").slice(0, 16);
}

function html(
  body: string,
  status: number,
  nonce: string,
  extra: Record<string, string> = {},
  imageOrigins: readonly string[] = [],
) {
  return new Response(body, {
    status,
    headers: { ...securityHeaders(nonce, imageOrigins), "Content-Type": "text/html; charset=utf-8", ...extra },
  });
}

/** The logo's origin, for the page's image policy. */
function originsOf(view: TrackingPageView): string[] {
  // The tile host of the map's source (the shop's or the app's): the page asks no other host for its map.
  const tiles = view.mapTiles ? mapTileOrigin(view.mapTiles.urlTemplate) : null;
  return [logoOriginOf(view), tiles].filter((origin): origin is string => origin !== null);
}

function logoOriginOf(view: TrackingPageView): string | null {
  return view.brand.logoUrl ? plainHttpsOrigin(view.brand.logoUrl) : null;
}

/** A JSON answer with the page's security headers (it runs nothing). */
export function json(body: unknown, status: number, extra: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { ...securityHeaders(null), ...extra } });
}

function pageAnswer(result: TrackingPageResult, nonce: string): Response {
  if (result.kind === "not_found") return html(renderNotFoundPage(nonce, result.language), 404, nonce);
  if (result.kind === "ended") return html(renderEndedPage(result.storeName, nonce, result.language), 410, nonce);
  return html(renderTrackingPage(result.view, nonce, liveVersion(result.view)), 200, nonce, {}, originsOf(result.view));
}

function statusAnswer(result: TrackingPageResult): Response {
  if (result.kind === "not_found") return json({ error: "Not found" }, 404);
  if (result.kind === "ended")
    return json({ version: "ended", final: true, html: renderEndedBody(result.storeName, result.language) }, 410);
  return json(
    {
      version: liveVersion(result.view),
      final: result.view.final,
      html: renderLive(result.view),
      changes: renderChanges(result.view),
    },
    200,
  );
}

/**
 * The shop the app proxy vouched for (its signature checked by the library); null on the app's own
 * URL. Not ok when the signature fails: nothing about the delivery, the shop or why is answered.
 */
export async function vouchedShop(
  request: Request,
  surface: Surface,
): Promise<{ ok: true; shopDomain: string | null } | { ok: false }> {
  if (surface.kind === "app") return { ok: true, shopDomain: null };
  try {
    await surface.verify(request);
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    return { ok: false };
  }
  return { ok: true, shopDomain: new URL(request.url).searchParams.get("shop") };
}

/**
 * The storefront's locale of a request through the app proxy (its signed `path_prefix`); none on the
 * app's own URL, where the shop's primary language is used.
 */
export function storefrontLocales(request: Request, surface: Surface): (string | null)[] {
  if (surface.kind === "app") return [];
  return [localeOfPathPrefix(new URL(request.url).searchParams.get("path_prefix"))];
}

/** The tracking page (`answer: "page"`) or its JSON status (`"status"`) for a request. */
export async function trackingPageResponse(
  { request, params, context }: PageRequest,
  surface: Surface,
  answer: "page" | "status",
): Promise<Response> {
  const nonce = randomBytes(16).toString("base64");
  const refusal = (status: number, message: string, extra: Record<string, string> = {}) =>
    answer === "page"
      ? html(`<!doctype html><title>${message}</title><p>${message}</p>`, status, nonce, extra)
      : json({ error: message }, status, extra);

  const shop = await vouchedShop(request, surface);
  if (!shop.ok) return refusal(401, "Not authorized.");
  const shopDomain = shop.shopDomain;

  const tooMany = (decision: Extract<RateDecision, { allowed: false }>) =>
    refusal(429, "Too many requests. Try again in a minute.", { "Retry-After": String(decision.retryAfterS) });
  const client = takeClientRate(request, context, { throughShopifyProxy: surface.kind === "proxy" });
  if (!client.allowed) return tooMany(client);

  const locales = storefrontLocales(request, surface);
  const notFound: TrackingPageResult = { kind: "not_found", language: unknownDeliveryLanguage(locales) };
  const token = TrackingTokenParam.safeParse(params.token);
  // The token's own limit once it is known to be a delivery (deliveryTokenKey).
  if (!token.success || (await deliveryTokenKey(staffDeps(), token.data, shopDomain)) === null)
    return answer === "page" ? pageAnswer(notFound, nonce) : statusAnswer(notFound);
  const perToken = takeTokenRate(token.data);
  if (!perToken.allowed) return tooMany(perToken);
  const result = await trackingPageFor(
    { ...staffDeps(), mapTiles: appConfig().mapTiles },
    token.data,
    shopDomain,
    locales,
  );
  return answer === "page" ? pageAnswer(result, nonce) : statusAnswer(result);
}
