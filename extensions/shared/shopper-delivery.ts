/**
 * The order status block for shoppers (extensions/order-status-delivery): the route it calls, the
 * answer's shape, and what the block shows from it. The words (status, window, ETA) are the tracking
 * page's own (app/tracking-page/view-model.ts), made by the app; the block only lays them out.
 */
import { callApi, type FetchLike } from "./api-client";
import { orderIdFromGid } from "./api-contract";
import { asCollectionCard } from "./shopper-collection";

/** How a delivery ended, or `active` while it goes on. */
export const SHOPPER_DELIVERY_PHASES = ["active", "delivered", "attempted", "returned", "canceled"] as const;
export type ShopperDeliveryPhase = (typeof SHOPPER_DELIVERY_PHASES)[number];

/** One same-day delivery of the order, as its shopper may see it: nothing they do not already know. */
export interface ShopperDelivery {
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

export const TRACK_LINK_LABEL = "Track your delivery";

export interface ShopperDeliveryCard {
  heading: string;
  badge: { label: string; tone: ShopperTone };
  status: string;
  /** Label and value pairs: the window, then the ETA. */
  details: { label: string; value: string }[];
  link: { href: string; label: string } | null;
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

export function isShopperDelivery(value: unknown): value is ShopperDelivery {
  if (typeof value !== "object" || value === null) return false;
  const delivery = value as Record<string, unknown>;
  return (
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
 * its headline always agree.
 */
export function shopperDeliveryCards(deliveries: ShopperDelivery[]): ShopperDeliveryCard[] {
  return deliveries.map((delivery, index) => {
    const details = [
      delivery.window ? { label: "Delivery window", value: delivery.window } : null,
      delivery.eta ? { label: "Arrival", value: delivery.eta } : null,
    ].filter((detail): detail is { label: string; value: string } => detail !== null);
    const href = safeLink(delivery.trackingUrl);
    const card: ShopperDeliveryCard = {
      heading: deliveries.length > 1 ? `Same-day delivery ${index + 1} of ${deliveries.length}` : "Same-day delivery",
      badge: { label: delivery.step, tone: PHASE_TONES[delivery.phase] },
      status: delivery.status,
      details,
      link: href ? { href, label: TRACK_LINK_LABEL } : null,
    };
    return delivery.collection ? asCollectionCard(card) : card;
  });
}

export type ShopperDeliveryDeps = {
  fetchFn: FetchLike;
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
 * When the open block asks again: never once every delivery has ended (or there is none), after
 * BLOCK_REFRESH_MS while one goes on, twice as long after each failure in a row (the last answer
 * stays on screen meanwhile).
 */
export function nextRefreshMs(deliveries: readonly ShopperDelivery[], failuresInARow: number): number | null {
  if (failuresInARow === 0 && !deliveries.some((delivery) => delivery.phase === "active")) return null;
  return Math.min(BLOCK_REFRESH_MS * 2 ** Math.min(failuresInARow, 10), BLOCK_REFRESH_MAX_MS);
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
  let token: string;
  try {
    token = await deps.sessionToken();
  } catch {
    return null;
  }
  const base = deps.appUrl.replace(/\/+$/, "");
  const result = await callApi<ShopperDeliveriesResponse>(
    (path, init) =>
      deps.fetchFn(`${base}${path}`, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), Authorization: `Bearer ${token}` },
      }),
    { method: "GET", path: shopperDeliveryPath(orderId) },
  );
  return result.ok ? deliveriesOf(result.data) : null;
}
