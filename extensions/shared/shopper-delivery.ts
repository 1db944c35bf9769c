/**
 * The order status block for shoppers (extensions/order-status-delivery): the route it calls, the
 * answer's shape, and what the block shows from it. The words (status, window, ETA) are the tracking
 * page's own (app/tracking-page/view-model.ts), made by the app; the block only lays them out.
 */
import { callApi, type FetchLike } from "./api-client";
import { orderIdFromGid } from "./api-contract";

/** How a delivery ended, or `active` while it goes on. */
export const SHOPPER_DELIVERY_PHASES = ["active", "delivered", "attempted", "returned", "canceled"] as const;
export type ShopperDeliveryPhase = (typeof SHOPPER_DELIVERY_PHASES)[number];

/** One same-day delivery of the order, as its shopper may see it: nothing they do not already know. */
export interface ShopperDelivery {
  /** The tracking page's headline ("Your order is out for delivery"). */
  status: string;
  phase: ShopperDeliveryPhase;
  /** The delivery window in the store's time zone ("Today, 2:00–4:00 PM"); null once it ended. */
  window: string | null;
  /** The courier's ETA in words ("Expected to arrive around 3:40 PM"); null when none is given. */
  eta: string | null;
  /** The shoppers' tracking page; null when the delivery has none (a merchant's URL, an ended page). */
  trackingUrl: string | null;
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

const PHASE_LABELS: Readonly<Record<ShopperDeliveryPhase, string>> = {
  active: "On its way",
  delivered: "Delivered",
  attempted: "Delivery attempted",
  returned: "Returning to the store",
  canceled: "Canceled",
};
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
    SHOPPER_DELIVERY_PHASES.includes(delivery.phase as ShopperDeliveryPhase) &&
    isNullableString(delivery.window) &&
    isNullableString(delivery.eta) &&
    isNullableString(delivery.trackingUrl)
  );
}

/** The deliveries an answer names; anything malformed is left out rather than shown half. */
export function deliveriesOf(body: unknown): ShopperDelivery[] {
  const deliveries = (body as { deliveries?: unknown } | null)?.deliveries;
  return Array.isArray(deliveries) ? deliveries.filter(isShopperDelivery) : [];
}

/** What the block shows: one card per delivery, none for an order without a same-day delivery. */
export function shopperDeliveryCards(deliveries: ShopperDelivery[]): ShopperDeliveryCard[] {
  return deliveries.map((delivery, index) => {
    const details = [
      delivery.window ? { label: "Delivery window", value: delivery.window } : null,
      delivery.eta ? { label: "Arrival", value: delivery.eta } : null,
    ].filter((detail): detail is { label: string; value: string } => detail !== null);
    const href = safeLink(delivery.trackingUrl);
    return {
      heading: deliveries.length > 1 ? `Same-day delivery ${index + 1} of ${deliveries.length}` : "Same-day delivery",
      badge: { label: PHASE_LABELS[delivery.phase], tone: PHASE_TONES[delivery.phase] },
      status: delivery.status,
      details,
      link: href ? { href, label: TRACK_LINK_LABEL } : null,
    };
  });
}

export type ShopperDeliveryDeps = {
  fetchFn: FetchLike;
  /** The app's URL: the block runs on Shopify's customer account pages, so a path alone reaches nothing. */
  appUrl: string;
  /** A current customer account session token (`shopify.sessionToken.get()`). */
  sessionToken: () => Promise<string>;
};

/**
 * The order's deliveries from the app. Any failure shows nothing: the order status page still shows
 * Shopify's own fulfillment and its tracking link, so an error in the block would only add noise.
 */
export async function loadShopperDeliveries(deps: ShopperDeliveryDeps, orderGid: string): Promise<ShopperDelivery[]> {
  const orderId = orderIdFromGid(orderGid);
  if (!orderId) return [];
  let token: string;
  try {
    token = await deps.sessionToken();
  } catch {
    return [];
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
  return result.ok ? deliveriesOf(result.data) : [];
}
