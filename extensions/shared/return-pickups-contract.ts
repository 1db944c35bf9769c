/**
 * The order page's returns (app/returns): what staff see of each return of the order, and the
 * answer of "Book return pickup". Paths are in api-contract.ts (API_ROUTES.orderReturns, returnPickup).
 */
import type { ShipmentState } from "./api-contract";

/** The app's latest collection of a return: the leg a driver takes from the customer to the store. */
export interface ReturnPickupLeg {
  state: ShipmentState;
  /** The booking's number: each "Book return pickup" is a new one (the earlier collections stay as they were). */
  generation: number;
  /** The collection window booked with the courier (RFC 3339), when booked. */
  windowStartIso: string | null;
  windowEndIso: string | null;
  trackingNumber: string | null;
  /** Why it needs staff (a booking the courier refused, a failed collection), in the merchant's words. */
  attentionReason: string | null;
}

/** One return of the order as the order page shows it. */
export interface ReturnPickupView {
  /** Numeric return id (the last segment of its GID). */
  id: string;
  /** Shopify's name of the return ("#1001-R1"). */
  name: string;
  /** Shopify's ReturnStatus (OPEN is an approved return still open). */
  status: string;
  /** It has exchange items: the booking is a round trip (the new items out, the return back). */
  exchange: boolean;
  pickup: ReturnPickupLeg | null;
  /** "Book return pickup" is offered: open, and no collection goes ahead or has already reached the store. */
  canBook: boolean;
  /** Why it is not offered, in the merchant's words; null when it is. */
  reason: string | null;
}

/** GET /api/orders/:orderId/returns — the order's returns in Shopify, with what the app booked for each. */
export interface OrderReturnsResponse {
  returns: ReturnPickupView[];
}

/**
 * POST /api/orders/:orderId/returns/:returnId/pickup — no body. Asks for the booking; a background job
 * books the courier (a second press before it ran is the same booking). 404 another order's return,
 * 409 a return not open or a collection already booked.
 */
export interface ReturnPickupResponse {
  generation: number;
}
