/**
 * The contract between the admin UI extensions and the app's backend routes: paths, request bodies,
 * response bodies and the error shape. Plain TypeScript, so that the extensions (bundled for the
 * browser) and the app's Remix routes import the same definitions. Its only imports are the app's
 * own vocabularies (pure constants), so a state or a cancellation code has one definition.
 *
 * Transport rules:
 * - Extensions call these paths with a RELATIVE `fetch`; Shopify resolves them against the app URL
 *   and adds `Authorization: Bearer <session token>`. Routes authenticate with `authenticate.admin`
 *   and answer through its `cors()` helper.
 * - Bodies are JSON (`Content-Type: application/json`); every response body is JSON.
 * - A success is a 2xx status with the response type below; a failure is any other status with
 *   `ApiErrorBody`, whose `message` is written for the merchant (no token, no raw courier body).
 * - Status meanings: 400 invalid input (with `fieldErrors` keyed by body field), 401 no or bad
 *   session token, 404 unknown order or shipment (also one belonging to another shop), 409 the
 *   shipment's state no longer allows the action (already tipped, already rated, picked up...),
 *   429 too many requests, 502/503 the courier failed or is unavailable.
 * - `orderId` in paths and bodies is the numeric order id (the last segment of the order GID,
 *   see `orderIdFromGid`). `shipmentId` is the app's own shipment id (not the courier's).
 */

// ---------------------------------------------------------------------------------------------
// Shared vocabularies

/** The app's shipment states (the courier's eight, plus `pending` before creation and `failed`). */
import { SHIPMENT_STATES, type ShipmentState } from "../../app/shipments/states";
export { SHIPMENT_STATES, type ShipmentState };

export const PHOTO_KINDS = ["signature", "pickup", "delivery"] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];

export const LABEL_FORMATS = ["PDF", "PNG"] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** Every `cancellation_code` the courier's API lists. */
import { CANCELLATION_CODES, type CancellationCode } from "../../app/courier/limits";
export { CANCELLATION_CODES, type CancellationCode };

/**
 * The codes a sender (the merchant) may choose. The others describe what a driver reports
 * (`driver_canceled`, `wait_time_exceeded`, `order_not_found` at pickup, `item_not_as_described`,
 * `cold_chain_violation`); they are still labelled for display of courier-side cancellations.
 */
export const SENDER_CANCELLATION_CODES = [
  "order_canceled",
  "duplicate_order",
  "item_not_in_stock",
  "item_not_ready",
  "order_incomplete",
  "item_damaged",
  "address_incorrect",
  "address_inaccessible",
  "contact_not_available",
  "driver_delayed",
  "delivery_deadline_passed",
  "item_already_delivered",
  "other",
] as const satisfies readonly CancellationCode[];
export type SenderCancellationCode = (typeof SENDER_CANCELLATION_CODES)[number];

// ---------------------------------------------------------------------------------------------
// Limits (both sides validate with these)

/** Longest cancellation comment accepted (the courier states no limit; this keeps notes short). */
export const CANCEL_COMMENT_MAX_LENGTH = 500;
/** Smallest tip, in dollars. */
export const TIP_MIN_DOLLARS = 1;
/** Largest tip, in dollars: a guard against a mistyped amount (the courier states no maximum). */
export const TIP_MAX_DOLLARS = 200;
/** The courier accepts a tip up to 3 days after delivery. */
export const TIP_WINDOW_AFTER_DELIVERY_MS = 3 * 24 * 60 * 60 * 1000;
/** The courier's rating scale. */
import { RATING_MAX, RATING_MIN } from "../../app/courier/limits";
export { RATING_MAX, RATING_MIN };
/** Orders per bulk dispatch: the most the orders list lets staff select on one page. */
export const BULK_DISPATCH_MAX_ORDERS = 50;
/** Numeric order id (the GID's last segment). */
export const ORDER_ID_PATTERN = /^[1-9][0-9]{0,19}$/;
/** The app's shipment ids (cuid today; any URL-safe token up to 64 characters). */
export const SHIPMENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** Rate service codes (e.g. `SAMEDAY_TWO_HOURS`). */
export const SERVICE_CODE_MAX_LENGTH = 100;

// ---------------------------------------------------------------------------------------------
// View models

export interface ShipmentPhoto {
  kind: PhotoKind;
  /**
   * A URL the browser can load directly (no session token): the app serves the courier's image
   * behind a short-lived signature, so the courier token is never exposed.
   */
  url: string;
}

/** One shipment as the extensions show it. Permission flags are computed by the app (see shipment-rules.ts). */
export interface ShipmentView {
  id: string;
  orderName: string;
  state: ShipmentState;
  trackingNumber: string | null;
  trackingUrl: string | null;
  /** First name only: the driver's full name and phone stay in the app. */
  driverFirstName: string | null;
  /** The courier's ETA to pickup or delivery, when it sent one (RFC 3339). */
  etaIso: string | null;
  /** Start and end of the delivery window booked with the courier. */
  windowStartIso: string | null;
  windowEndIso: string | null;
  /** When the courier confirmed delivery (RFC 3339): opens the 3-day tip window. */
  deliveredAtIso: string | null;
  needsAttention: boolean;
  /** What went wrong, in the merchant's words (null unless needsAttention). */
  attentionReason: string | null;
  /** What the merchant can do about it. */
  attentionFix: string | null;
  /** The courier's cancellation code when the shipment was canceled (by anyone), else null. */
  cancellationCode: string | null;
  canCancel: boolean;
  /** The driver is already heading to pickup: canceling now costs a fee. */
  cancelFeeApplies: boolean;
  /**
   * The order changed in a way the courier shipment could not follow (a driver was already
   * assigned), staff were told, and the shipment can still be canceled (scheduled or assigned at the
   * courier): "Cancel and re-dispatch" may be offered.
   */
  canRedispatch: boolean;
  canTip: boolean;
  tipped: boolean;
  canRate: boolean;
  rated: boolean;
  /** What the app added to the driver's pay while no driver took the delivery (US cents; 0: nothing). */
  driverPayRaisedCents: number;
  /** The courier account has barcode scanning, so a label can be fetched. */
  labelAvailable: boolean;
  photos: ShipmentPhoto[];
  /**
   * A return's leg (app/returns): a collection from the customer, or an exchange's delivery; in a round
   * trip, the courier's batch and the leg's place in it. Absent on an order's own deliveries.
   */
  leg?: ShipmentLeg;
  /**
   * The customer as the fulfillment order held them when the request was made (a return's collection:
   * where the driver collects), for staff in the admin only; the phone in its national format. Absent
   * when the app holds no request (never booked, or redacted on the customer's request).
   */
  recipient?: ShipmentRecipient;
}

export interface ShipmentRecipient {
  name: string;
  phone: string;
  address: string;
}

export interface ShipmentLeg {
  kind: "delivery" | "return_pickup";
  roundTrip: { referenceId: string; sequence: number } | null;
}

export interface DeliveryWindowQuote {
  /** The rate's service code; sent back as `windowServiceCode` to dispatch. */
  serviceCode: string;
  /** Display text composed by the app in the shop's time zone, e.g. "Today, 2:00–4:00 PM". */
  title: string;
  deliverStartIso: string;
  deliverEndIso: string;
  /** Total courier price for the order (all its pickup locations), in minor units. */
  priceCents: number;
  currencyCode: string;
}

export type BulkDispatchOutcome = "dispatched" | "already_dispatched" | "not_eligible" | "failed";

export interface BulkDispatchResult {
  orderId: string;
  /** Null when the app does not know the order (then `outcome` is `not_eligible`). */
  orderName: string | null;
  outcome: BulkDispatchOutcome;
  /** Why it was not dispatched, in the merchant's words; null on success. */
  message: string | null;
  shipments: ShipmentView[];
}

// ---------------------------------------------------------------------------------------------
// Requests and responses, one pair per route

/** GET /api/orders/:orderId/shipments */
export interface OrderShipmentsResponse {
  order: { id: string; name: string };
  shipments: ShipmentView[];
  /** Whether "Dispatch now" may be offered (no active shipment, paid, has a US shipping address...). */
  dispatch: { allowed: boolean; reason: string | null };
}

/** POST /api/orders/:orderId/quote — a fresh courier estimate for each delivery window open now. */
export type QuoteRequest = Record<string, never>;
export interface QuoteResponse {
  windows: DeliveryWindowQuote[];
  /** Why no window is offered (out of area, no route, no pickup location...); null when some are. */
  unavailableReason: string | null;
  /** Set when the address is outside the pickup location's delivery area: quoted all the same, staff decide. */
  areaNote?: string | null;
}

/** POST /api/orders/:orderId/dispatch */
export interface DispatchRequest {
  windowServiceCode: string;
}
export interface DispatchResponse {
  shipments: ShipmentView[];
}

/** POST /api/shipments/:shipmentId/cancel */
export interface CancelRequest {
  code: SenderCancellationCode;
  /** Trimmed; may be empty except with code `other`. */
  comment: string;
}
export interface CancelResponse {
  shipment: ShipmentView;
}

/**
 * POST /api/shipments/:shipmentId/redispatch — no body. Cancels the shipment at the courier (with
 * the courier's fee once the driver is heading to pickup) and dispatches the order again, as a new
 * shipment, with its current details. The answer is the canceled shipment; the new one is created
 * by a background job and appears in the order's shipments shortly after. 409 once the driver has
 * picked up or the shipment has ended.
 */
export interface RedispatchResponse {
  shipment: ShipmentView;
}

/** POST /api/shipments/:shipmentId/tip */
export interface TipRequest {
  /** Dollars with at most two decimals, TIP_MIN_DOLLARS..TIP_MAX_DOLLARS. */
  amountDollars: number;
}
export interface TipResponse {
  shipment: ShipmentView;
}

/** POST /api/shipments/:shipmentId/rating */
export interface RatingRequest {
  /** Integer RATING_MIN..RATING_MAX (1 poor, 5 excellent). */
  value: number;
}
export interface RatingResponse {
  shipment: ShipmentView;
}

/** GET /api/shipments/:shipmentId/label?format=PDF|PNG */
export interface LabelResponse {
  format: LabelFormat;
  /** A short-lived URL the browser can open or download directly (no session token needed). */
  url: string;
}

/** GET /api/shipments/:shipmentId/photos */
export interface PhotosResponse {
  photos: ShipmentPhoto[];
}

/** POST /api/orders/dispatch */
export interface BulkDispatchRequest {
  /** Distinct numeric order ids, 1..BULK_DISPATCH_MAX_ORDERS. */
  orderIds: string[];
}
export interface BulkDispatchResponse {
  /** One result per requested order id. */
  results: BulkDispatchResult[];
}

/** Body of every non-2xx response. */
export interface ApiErrorBody {
  error: { message: string; fieldErrors?: Record<string, string> };
}

// ---------------------------------------------------------------------------------------------
// Paths

/** Route patterns as the app declares them (`:name` are path parameters). */
export const API_ROUTES = {
  orderShipments: "/api/orders/:orderId/shipments",
  orderQuote: "/api/orders/:orderId/quote",
  orderDispatch: "/api/orders/:orderId/dispatch",
  bulkDispatch: "/api/orders/dispatch",
  shipmentCancel: "/api/shipments/:shipmentId/cancel",
  shipmentRedispatch: "/api/shipments/:shipmentId/redispatch",
  shipmentTip: "/api/shipments/:shipmentId/tip",
  shipmentRating: "/api/shipments/:shipmentId/rating",
  shipmentLabel: "/api/shipments/:shipmentId/label",
  shipmentPhotos: "/api/shipments/:shipmentId/photos",
  orderReturns: "/api/orders/:orderId/returns",
  returnPickup: "/api/orders/:orderId/returns/:returnId/pickup",
} as const;

/** Concrete paths for the calls. Ids are URL-encoded so that a bad id can never change the route. */
export const apiPaths = {
  orderShipments: (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/shipments`,
  orderQuote: (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/quote`,
  orderDispatch: (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/dispatch`,
  bulkDispatch: () => API_ROUTES.bulkDispatch,
  shipmentCancel: (shipmentId: string) => `/api/shipments/${encodeURIComponent(shipmentId)}/cancel`,
  shipmentRedispatch: (shipmentId: string) => `/api/shipments/${encodeURIComponent(shipmentId)}/redispatch`,
  shipmentTip: (shipmentId: string) => `/api/shipments/${encodeURIComponent(shipmentId)}/tip`,
  shipmentRating: (shipmentId: string) => `/api/shipments/${encodeURIComponent(shipmentId)}/rating`,
  shipmentLabel: (shipmentId: string, format: LabelFormat) =>
    `/api/shipments/${encodeURIComponent(shipmentId)}/label?format=${format}`,
  shipmentPhotos: (shipmentId: string) => `/api/shipments/${encodeURIComponent(shipmentId)}/photos`,
  orderReturns: (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/returns`,
  returnPickup: (orderId: string, returnId: string) =>
    `/api/orders/${encodeURIComponent(orderId)}/returns/${encodeURIComponent(returnId)}/pickup`,
} as const;

// ---------------------------------------------------------------------------------------------
// Ids

const ORDER_GID_PREFIX = "gid://shopify/Order/";

/** "gid://shopify/Order/123" → "123"; null for anything else (another resource, a malformed id). */
export function orderIdFromGid(gid: string): string | null {
  if (!gid.startsWith(ORDER_GID_PREFIX)) return null;
  const id = gid.slice(ORDER_GID_PREFIX.length);
  return ORDER_ID_PATTERN.test(id) ? id : null;
}

export function orderGidFromId(orderId: string): string {
  return `${ORDER_GID_PREFIX}${orderId}`;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === "object" && error !== null && typeof (error as { message?: unknown }).message === "string";
}
