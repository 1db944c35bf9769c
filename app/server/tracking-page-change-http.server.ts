import { BodyTooLargeError, readRequestText } from "~/http/capped-body.server";
import { getRuntime } from "~/runtime.server";
import { staffDeps } from "~/server/staff-http.server";
import {
  json,
  storefrontLocales,
  takeClientRate,
  vouchedShop,
  type PageRequest,
  type Surface,
} from "~/server/tracking-page-http.server";
import { TrackingTokenParam } from "~/tracking-page/inputs";
import { createFixedWindowLimiter, type FixedWindowLimiter } from "~/http/rate-limit";
import { shopperText } from "~/text/shopper/shopper-text";
import { changeInputProblem, ShopperChangeInput, type ShopperInputProblem } from "~/tracking-page/shopper-changes";
import { applyShopperChange, changeOptionsFor } from "~/tracking-page/shopper-changes.server";
import { deliveryTokenKey, unknownDeliveryLanguage } from "~/tracking-page/lookup.server";
import { rateDelivery } from "~/tracking-page/shopper-rating.server";

/**
 * The shell of the shopper's changes (routes t.$token_.change/windows, proxy.track.$token_.change/
 * windows): the page's client limit, the app proxy's signature, the token, a per-delivery limit on
 * changes, and a small JSON body. Only JSON is taken, so another site cannot post a form here
 * without the browser first asking (CORS preflight), and the token still has to be known. Answers are
 * in the storefront's language (the app proxy's path): the change functions pick it at the shop, and
 * a refusal before the delivery is known says it in that language when the app ships it.
 */

/** Change requests (and window lists, which ask the courier for prices) per delivery per window of time. */
export const SHOPPER_CHANGES_PER_WINDOW = 10;
export const SHOPPER_CHANGE_WINDOW_MS = 10 * 60_000;
/** A change is a short JSON object: the notes are at most 500 characters (4 bytes each at worst). */
export const MAX_CHANGE_BODY_BYTES = 4_096;

let changeLimiter: FixedWindowLimiter | undefined;

function changesLimiter(): FixedWindowLimiter {
  const clock = getRuntime().clock;
  return (changeLimiter ??= createFixedWindowLimiter({
    limit: SHOPPER_CHANGES_PER_WINDOW,
    windowMs: SHOPPER_CHANGE_WINDOW_MS,
    maxKeys: 50_000,
    clock: () => clock().getTime(),
  }));
}

/**
 * One change (or window list) for a delivery against its limit; `key` is the delivery's token hash,
 * so the page and the order status block (customer-change-http.server.ts) share one budget.
 */
export function takeShopperChangeRate(key: string) {
  return changesLimiter().take(key);
}

/** The change a request carries, or why it cannot be read (a key of the shoppers' catalogue). */
export async function readChange(request: Request): Promise<{ change: ShopperChangeInput } | ShopperInputProblem> {
  if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) return { key: "api.input.json" };
  let text: string;
  try {
    text = await readRequestText(request, MAX_CHANGE_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { key: "api.input.tooLarge" };
    throw error;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { key: "api.input.notJson" };
  }
  const parsed = ShopperChangeInput.safeParse(body);
  return parsed.success ? { change: parsed.data } : changeInputProblem(parsed.error.issues[0]);
}

/** GET `<page>/windows` (`answer: "windows"`) or POST `<page>/change` (`"change"`). */
export async function shopperChangeResponse(
  { request, params, context }: PageRequest,
  surface: Surface,
  answer: "windows" | "change",
): Promise<Response> {
  const expected = answer === "windows" ? "GET" : "POST";
  if (request.method !== expected) return json({ error: "Method not allowed" }, 405, { Allow: expected });
  const locales = storefrontLocales(request, surface);
  const words = shopperText(unknownDeliveryLanguage(locales));
  const notFound = () => json({ error: words.t("api.notFound") }, 404);
  // The signature first: through the app proxy, the client is the address Shopify appended (it vouched).
  const shop = await vouchedShop(request, surface);
  if (!shop.ok) return json({ error: words.t("page.refusal.unauthorized") }, 401);
  const client = takeClientRate(request, context, { throughShopifyProxy: surface.kind === "proxy" });
  if (!client.allowed)
    return json({ error: words.t("page.refusal.tooMany") }, 429, { "Retry-After": String(client.retryAfterS) });
  const token = TrackingTokenParam.safeParse(params.token);
  if (!token.success) return notFound();
  // The per-delivery limit once the token is known to be a delivery (deliveryTokenKey).
  const rateKey = await deliveryTokenKey(staffDeps(), token.data, shop.shopDomain);
  if (rateKey === null) return notFound();
  const rate = takeShopperChangeRate(rateKey);
  if (!rate.allowed)
    return json({ error: words.t("api.tooManyChanges") }, 429, { "Retry-After": String(rate.retryAfterS) });

  if (answer === "windows") {
    const options = await changeOptionsFor(staffDeps(), token.data, shop.shopDomain, locales);
    if (options.kind === "not_found") return notFound();
    return json(options, 200);
  }
  const read = await readChange(request);
  if (!("change" in read)) return json({ error: words.t(read.key, read.values) }, 400);
  const input = read.change;
  const result =
    input.change === "rating"
      ? await rateDelivery(staffDeps(), token.data, shop.shopDomain, input, locales)
      : await applyShopperChange(staffDeps(), token.data, shop.shopDomain, input, locales);
  switch (result.kind) {
    case "not_found":
      return notFound();
    case "closed":
      return json({ error: result.message, closed: true }, 409);
    case "rated":
      return json({ ok: true, changed: true, message: result.message }, 200);
    case "refused":
      return json({ error: result.message }, result.status);
    default:
      return json({ ok: true, changed: result.kind === "changed", message: result.message }, 200);
  }
}
