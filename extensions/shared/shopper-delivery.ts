/**
 * The order status block for shoppers (extensions/order-status-delivery): the route it calls, the
 * answer's shape, and what the block shows from it. The words (status, window, ETA) are the tracking
 * page's own (app/tracking-page/view-model.ts), made by the app; the block only lays them out.
 */
import { callApi, NETWORK_ERROR_MESSAGE, type ApiRequest, type ApiResult, type FetchLike } from "./api-client";
import { orderIdFromGid } from "./api-contract";
import { COLLECTION_CARD_WORDS, DELIVERY_CARD_WORDS } from "./shopper-collection";

/** How a delivery ended, or `active` while it goes on. */
export const SHOPPER_DELIVERY_PHASES = ["active", "delivered", "attempted", "returned", "canceled"] as const;
export type ShopperDeliveryPhase = (typeof SHOPPER_DELIVERY_PHASES)[number];

/**
 * Whether the shopper may still change the notes and the window (the tracking page's change panel):
 * open, closed with why, or null once the delivery has ended.
 */
export type ShopperChangesState = { open: true } | { open: false; message: string } | null;

/** One same-day delivery of the order, as its shopper may see it: nothing they do not already know. */
export interface ShopperDelivery {
  /** The app's id of the delivery: what a change from the block names (shared/shopper-changes.ts). */
  id: string;
  /** The tracking page's headline ("Your order is out for delivery"). */
  status: string;
  /** The tracking page's current step, in its words ("Out for delivery", "Going back to the store"). */
  step: string;
  phase: ShopperDeliveryPhase;
  /** The delivery window in the store's time zone ("Today, 2:00–4:00 PM"); null once it ended. */
  window: string | null;
  /** The courier's ETA in words ("Expected to arrive around 3:40 PM"); null when none is given. */
  eta: string | null;
  /** The shoppers' tracking page; null when the delivery has none (a merchant's URL, an ended page). */
  trackingUrl: string | null;
  changes: ShopperChangesState;
  /** A return's collection (the driver takes the return to the store); absent for a delivery. */
  collection?: boolean;
}

/** GET /api/customer/orders/:orderId/delivery — empty for an order without a same-day delivery. */
export interface ShopperDeliveriesResponse {
  deliveries: ShopperDelivery[];
}

export const SHOPPER_DELIVERY_ROUTE = "/api/customer/orders/:orderId/delivery";

export function shopperDeliveryPath(orderId: string): string {
  return `/api/customer/orders/${encodeURIComponent(orderId)}/delivery`;
}

/** The badge tones the customer account components accept. */
export type ShopperTone = "auto" | "neutral" | "critical";

const PHASE_TONES: Readonly<Record<ShopperDeliveryPhase, ShopperTone>> = {
  active: "auto",
  delivered: "auto",
  attempted: "critical",
  returned: "critical",
  canceled: "neutral",
};

/** `shopify.i18n.translate` over the block's locale files: the block's own words in the shopper's language. */
export type ShopperWords = (key: string, values?: Record<string, string | number>) => string;

export interface ShopperDeliveryCard {
  /** The delivery's id, for its changes (shared/shopper-changes.ts). */
  id: string;
  heading: string;
  badge: { label: string; tone: ShopperTone };
  status: string;
  /** Label and value pairs: the window, then the ETA. */
  details: { label: string; value: string }[];
  link: { href: string; label: string } | null;
  /** Whether the notes and the window may still change (shared/shopper-changes.ts changePanelView). */
  changes: ShopperChangesState;
}

function isNullableString(value: unknown): value is string | null {
  return value === null || typeof value === "string";
}

/** Only an https link leaves the block: anything else in an answer is not the app's page. */
function safeLink(url: string | null): string | null {
  if (url === null) return null;
  try {
    return new URL(url).protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

function isChangesState(value: unknown): value is ShopperChangesState {
  if (value === null) return true;
  if (typeof value !== "object") return false;
  const changes = value as Record<string, unknown>;
  return changes.open === true || (changes.open === false && typeof changes.message === "string");
}

export function isShopperDelivery(value: unknown): value is ShopperDelivery {
  if (typeof value !== "object" || value === null) return false;
  const delivery = value as Record<string, unknown>;
  return (
    typeof delivery.id === "string" &&
    delivery.id !== "" &&
    isChangesState(delivery.changes) &&
    typeof delivery.status === "string" &&
    delivery.status.trim() !== "" &&
    typeof delivery.step === "string" &&
    delivery.step.trim() !== "" &&
    SHOPPER_DELIVERY_PHASES.includes(delivery.phase as ShopperDeliveryPhase) &&
    isNullableString(delivery.window) &&
    isNullableString(delivery.eta) &&
    isNullableString(delivery.trackingUrl) &&
    (delivery.collection === undefined || typeof delivery.collection === "boolean")
  );
}

/** The deliveries an answer names; anything malformed is left out rather than shown half. */
export function deliveriesOf(body: unknown): ShopperDelivery[] {
  const deliveries = (body as { deliveries?: unknown } | null)?.deliveries;
  return Array.isArray(deliveries) ? deliveries.filter(isShopperDelivery) : [];
}

/**
 * What the block shows: one card per delivery, none for an order without a same-day delivery. The
 * badge is the page's current step and the sentence its headline, so the block, the page's steps and
 * its headline always agree; those come from the app in the shopper's language, the card's own words
 * from the block's locale files (`t`). A return's collection is named as one (shopper-collection.ts).
 */
export function shopperDeliveryCards(deliveries: ShopperDelivery[], t: ShopperWords): ShopperDeliveryCard[] {
  return deliveries.map((delivery, index) => {
    const words = delivery.collection ? COLLECTION_CARD_WORDS : DELIVERY_CARD_WORDS;
    const details = [
      delivery.window ? { label: t(words.window), value: delivery.window } : null,
      delivery.eta ? { label: t(words.arrival), value: delivery.eta } : null,
    ].filter((detail): detail is { label: string; value: string } => detail !== null);
    const href = safeLink(delivery.trackingUrl);
    return {
      id: delivery.id,
      heading:
        deliveries.length > 1 && !delivery.collection
          ? t("headingOf", { number: index + 1, count: deliveries.length })
          : t(words.heading),
      badge: { label: delivery.step, tone: PHASE_TONES[delivery.phase] },
      status: delivery.status,
      details,
      link: href ? { href, label: t(words.track) } : null,
      changes: delivery.changes,
    };
  });
}

export type ShopperDeliveryDeps = {
  fetchFn: FetchLike;
  /**
   * The customer account's language (`shopify.localization.language`), sent with every call so the
   * app answers in it (its words for the status, window and ETA); null leaves it to the shop's.
   */
  locale?: () => string | null;
  /** The app's URL: the block runs on Shopify's customer account pages, so a path alone reaches nothing. */
  appUrl: string;
  /** A current customer account session token (`shopify.sessionToken.get()`). */
  sessionToken: () => Promise<string>;
};

/** How soon an open block asks again while a delivery goes on (the page polls every 5 s). */
export const BLOCK_REFRESH_MS = 30_000;
/** The longest wait after failures: each failure in a row doubles the wait up to this. */
export const BLOCK_REFRESH_MAX_MS = 5 * 60_000;

/**
 * How long a block with no delivery to show keeps asking: an order paid a moment ago is booked with
 * the courier within minutes (its delivery then appears); an order without same-day delivery stops.
 */
export const BLOCK_AWAIT_BOOKING_MS = 15 * 60_000;

/**
 * When the open block asks again: never once every delivery has ended, nor for an order still without
 * one after BLOCK_AWAIT_BOOKING_MS open (`openForMs`); after BLOCK_REFRESH_MS while one goes on (or may
 * yet be booked), twice as long after each failure in a row (the last answer stays on screen meanwhile).
 */
export function nextRefreshMs(
  deliveries: readonly ShopperDelivery[],
  failuresInARow: number,
  openForMs = Number.POSITIVE_INFINITY,
): number | null {
  const awaitingBooking = deliveries.length === 0 && openForMs < BLOCK_AWAIT_BOOKING_MS;
  if (failuresInARow === 0 && !awaitingBooking && !deliveries.some((delivery) => delivery.phase === "active"))
    return null;
  return Math.min(BLOCK_REFRESH_MS * 2 ** Math.min(failuresInARow, 10), BLOCK_REFRESH_MAX_MS);
}

/**
 * One call to the app's backend with a current customer account session token; a token that cannot be
 * had is a failed call like any other (status 0).
 */
export async function callWithSessionToken<T>(
  deps: ShopperDeliveryDeps,
  request: ApiRequest<T>,
): Promise<ApiResult<T>> {
  let token: string;
  try {
    token = await deps.sessionToken();
  } catch {
    return { ok: false, status: 0, message: NETWORK_ERROR_MESSAGE, fieldErrors: {} };
  }
  const base = deps.appUrl.replace(/\/+$/, "");
  const locale = deps.locale?.() ?? null;
  const inLanguage = (path: string) =>
    locale ? `${path}${path.includes("?") ? "&" : "?"}locale=${encodeURIComponent(locale)}` : path;
  return callApi<T>(
    (path, init) =>
      deps.fetchFn(`${base}${inLanguage(path)}`, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), Authorization: `Bearer ${token}` },
      }),
    request,
  );
}

/**
 * The order's deliveries from the app; null when they could not be had (no session token, a refusal,
 * the app unreachable): the block then keeps what it shows, or shows nothing, since the order status
 * page still shows Shopify's own fulfillment and its tracking link.
 */
export async function loadShopperDeliveries(
  deps: ShopperDeliveryDeps,
  orderGid: string,
): Promise<ShopperDelivery[] | null> {
  const orderId = orderIdFromGid(orderGid);
  if (!orderId) return [];
  const result = await callWithSessionToken<ShopperDeliveriesResponse>(deps, {
    method: "GET",
    path: shopperDeliveryPath(orderId),
  });
  return result.ok ? deliveriesOf(result.data) : null;
}
