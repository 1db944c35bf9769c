/**
 * "Book return pickup" on the order page: the order's returns, what each shows, the booking and the
 * wait for its outcome. Each operation returns an `Outcome` and never throws; the words are here so
 * the modal only lays them out.
 */
import { apiPaths, orderIdFromGid } from "./api-contract";
import { callApi, type ApiRequest, type FetchLike } from "./api-client";
import type { Outcome } from "./order-actions";
import type { FormatTime, Tone } from "./presentation";
import type { OrderReturnsResponse, ReturnPickupResponse, ReturnPickupView } from "./return-pickups-contract";

export function orderReturnsRequest(orderId: string): ApiRequest<OrderReturnsResponse> {
  return { method: "GET", path: apiPaths.orderReturns(orderId) };
}

/** No body: the app reads the return from Shopify. */
export function returnPickupRequest(orderId: string, returnId: string): ApiRequest<ReturnPickupResponse> {
  return { method: "POST", path: apiPaths.returnPickup(orderId, returnId) };
}

const NOT_AN_ORDER = "This page is not an order the delivery app can handle.";

function isReturnView(value: unknown): value is ReturnPickupView {
  if (typeof value !== "object" || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r.id === "string" &&
    typeof r.name === "string" &&
    typeof r.status === "string" &&
    typeof r.canBook === "boolean" &&
    (r.pickup === null || (typeof r.pickup === "object" && typeof (r.pickup as { state?: unknown }).state === "string"))
  );
}

/** The order's returns; anything malformed in the answer is left out rather than shown half. */
export async function loadOrderReturns(fetchFn: FetchLike, orderGid: string): Promise<Outcome<ReturnPickupView[]>> {
  const orderId = orderIdFromGid(orderGid);
  if (!orderId) return { ok: false, message: NOT_AN_ORDER, fieldErrors: {} };
  const result = await callApi(fetchFn, orderReturnsRequest(orderId));
  if (!result.ok) return { ok: false, message: result.message, fieldErrors: result.fieldErrors };
  const returns = Array.isArray(result.data.returns) ? result.data.returns.filter(isReturnView) : [];
  return { ok: true, value: returns, message: "" };
}

/** "2:00 PM – 4:00 PM"; null without a usable window. */
function windowText(ret: ReturnPickupView, formatTime: FormatTime): string | null {
  const start = ret.pickup?.windowStartIso ? new Date(ret.pickup.windowStartIso) : null;
  const end = ret.pickup?.windowEndIso ? new Date(ret.pickup.windowEndIso) : null;
  if (!start || !end || Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return null;
  return `${formatTime(start)} – ${formatTime(end)}`;
}

const COLLECTION_STATE_LABELS: Readonly<Record<string, string>> = {
  pending: "Being booked",
  scheduled: "Collection booked",
  assigned: "Driver on the way to the customer",
  en_route: "Collected, on the way to the store",
  delivered: "Brought to the store",
  attempted: "Drop-off at the store attempted",
  returned: "Taken back to the customer",
  canceled: "Collection canceled",
  expired: "Expired: no driver accepted",
  failed: "Booking failed",
};

export interface ReturnPickupCard {
  heading: string;
  /** The latest collection's state, or "No pickup booked". */
  badge: { label: string; tone: Tone };
  details: { label: string; value: string }[];
  /** Why the latest collection needs staff (refused, expired, failed). */
  note: string | null;
  /** "Book return pickup" is offered. */
  canBook: boolean;
}

/** What the order page shows for one return. */
export function returnPickupCard(ret: ReturnPickupView, formatTime: FormatTime): ReturnPickupCard {
  const heading = `Return ${ret.name}${ret.exchange ? " (exchange)" : ""}`;
  const pickup = ret.pickup;
  const details: { label: string; value: string }[] = [];
  const window = windowText(ret, formatTime);
  if (pickup && window && ["pending", "scheduled", "assigned", "en_route"].includes(pickup.state))
    details.push({ label: "Collection window", value: window });
  if (pickup?.trackingNumber) details.push({ label: "Tracking number", value: pickup.trackingNumber });
  const badge = !pickup
    ? { label: "No pickup booked", tone: "neutral" as const }
    : {
        label: COLLECTION_STATE_LABELS[pickup.state] ?? pickup.state,
        tone: pickup.attentionReason
          ? ("critical" as const)
          : pickup.state === "delivered"
            ? ("success" as const)
            : ("info" as const),
      };
  return { heading, badge, details, note: pickup?.attentionReason ?? null, canBook: ret.canBook };
}

/** The returns the order page lists: open ones, and any the app has booked a collection for. */
export function returnsToShow(returns: readonly ReturnPickupView[]): ReturnPickupView[] {
  return returns.filter((ret) => ret.status === "OPEN" || ret.pickup !== null);
}

/**
 * What a reload says of a booking asked for: still being made (null), booked (with its window and
 * tracking number), or refused by the courier or the plan (why, as a failure).
 */
export function bookingResult(
  returns: readonly ReturnPickupView[],
  returnId: string,
  generation: number,
  formatTime: FormatTime,
): Outcome<ReturnPickupView> | null {
  const ret = returns.find((r) => r.id === returnId);
  const pickup = ret?.pickup;
  if (!ret || !pickup || pickup.generation < generation || pickup.state === "pending") return null;
  if (pickup.state === "failed" || pickup.attentionReason)
    return {
      ok: false,
      message: `The pickup of return ${ret.name} could not be booked: ${pickup.attentionReason ?? "the courier refused it."}`,
      fieldErrors: {},
    };
  const window = windowText(ret, formatTime);
  const parts = [
    `Driver booked to collect return ${ret.name}${window ? ` between ${window.replace(" – ", " and ")}` : ""}.`,
  ];
  if (ret.exchange) parts.push("The exchange's new items go out in the same round trip.");
  if (pickup.trackingNumber) parts.push(`Tracking: ${pickup.trackingNumber}.`);
  return { ok: true, value: ret, message: parts.join(" ") };
}

/** How often, and how many times, the modal looks for the booking's outcome after asking for it. */
export const BOOKING_POLL_MS = 2_000;
export const BOOKING_POLL_ATTEMPTS = 15;

export const BOOKING_UNDER_WAY =
  "The pickup is being booked. Close this window and open it again in a moment to see its collection window.";

/**
 * "Book return pickup": asks the app to book (refused here when the return does not offer it), then
 * reloads the order's returns until the booking has an outcome, at most `attempts` times. A booking
 * still under way after that is said to be under way, never said to be booked.
 */
export async function bookReturnPickup(
  fetchFn: FetchLike,
  orderGid: string,
  ret: ReturnPickupView,
  options: { formatTime: FormatTime; sleep: (ms: number) => Promise<void>; attempts?: number },
): Promise<Outcome<ReturnPickupView | null>> {
  const orderId = orderIdFromGid(orderGid);
  if (!orderId) return { ok: false, message: NOT_AN_ORDER, fieldErrors: {} };
  if (!ret.canBook)
    return { ok: false, message: ret.reason ?? "This return cannot be collected now.", fieldErrors: {} };
  const asked = await callApi(fetchFn, returnPickupRequest(orderId, ret.id));
  if (!asked.ok) return { ok: false, message: asked.message, fieldErrors: asked.fieldErrors };
  const generation = typeof asked.data.generation === "number" ? asked.data.generation : 1;
  for (let attempt = 0; attempt < (options.attempts ?? BOOKING_POLL_ATTEMPTS); attempt++) {
    await options.sleep(BOOKING_POLL_MS);
    const reloaded = await loadOrderReturns(fetchFn, orderGid);
    if (!reloaded.ok) continue;
    const result = bookingResult(reloaded.value, ret.id, generation, options.formatTime);
    if (result) return result;
  }
  return { ok: true, value: null, message: BOOKING_UNDER_WAY };
}
