import {
  PHOTO_KINDS,
  SHIPMENT_STATES,
  type PhotoKind,
  type ShipmentLeg,
  type ShipmentPhoto,
  type ShipmentRecipient,
  type ShipmentState,
  type ShipmentView,
} from "../../extensions/shared/api-contract";
import { shipmentPermissions } from "../../extensions/shared/shipment-rules";
import { ORDER_CHANGE_ACTIVITY } from "~/shipments/activity-kinds";
import { firstName } from "~/shipments/order-summary";
import { recipientOf } from "~/shipments/recipient";
import { formatPhone } from "~/text/staff-format";
import { needsAttentionForNoDriver, NO_DRIVER_YET_FIX } from "~/tracking/public";

/**
 * A stored shipment → the `ShipmentView` of the extension contract (also used by the shipment
 * page for its action buttons). Pure: the caller gathers the facts from the database.
 */

/** The columns of a Shipment row the view needs. */
export type ShipmentRecord = {
  id: string;
  orderName: string;
  state: string;
  courierShipmentId: string | null;
  trackingNumber: string | null;
  driverName: string | null;
  etaAt: Date | null;
  deliverStart: Date | null;
  deliverEnd: Date | null;
  /** When the state last changed (the event's time): for a delivered shipment, the delivery. */
  lastEventAt: Date | null;
  needsAttention: boolean;
  attentionReason: string | null;
  /** Why, as a code (app/shipments/attention-reasons.ts); null on rows from before codes. */
  attentionCode: string | null;
  tipCents: number | null;
  rating: number | null;
  photosJson: string | null;
  /** A return's leg (app/returns); absent or "delivery" without a return on an order's own deliveries. */
  kind?: string;
  /** The stored request, where the customer's name, phone and address are (app/shipments/recipient.ts). */
  requestJson?: string | null;
  returnGid?: string | null;
  batchReferenceId?: string | null;
  batchSequence?: number | null;
};

function recipientView(record: ShipmentRecord): { recipient?: ShipmentRecipient } {
  const recipient = recipientOf({ requestJson: record.requestJson ?? null, kind: record.kind });
  return recipient ? { recipient: { ...recipient, phone: formatPhone(recipient.phone) } } : {};
}

/** The leg a return's shipment is, for staff; undefined for an order's own delivery. */
export function legOf(record: ShipmentRecord): ShipmentLeg | undefined {
  if (!record.returnGid && record.kind !== "return_pickup") return undefined;
  return {
    kind: record.kind === "return_pickup" ? "return_pickup" : "delivery",
    roundTrip:
      record.batchReferenceId && record.batchSequence
        ? { referenceId: record.batchReferenceId, sequence: record.batchSequence }
        : null,
  };
}

/** What the events and activities of the shipment tell. */
export type ShipmentHistoryFacts = {
  /** An en_route_to_pickup, driver_approaching_pickup or at_pickup event was received. */
  driverHeadingToPickup: boolean;
  /** cancellation_code of the latest courier canceled event. */
  courierCancellationCode: string | null;
  /** The code staff chose when they canceled through the app. */
  staffCancellationCode: string | null;
  /** An order change the shipment could not follow is flagged for staff and still stands (see orderChangeFlagStands). */
  orderChangeFlagged: boolean;
  /** What the no-driver watchdog added to the driver's pay (USD cents). */
  driverPayRaisedCents: number;
};

export type ViewContext = {
  now: Date;
  trackingUrl: (trackingNumber: string) => string | null;
  photoUrl: (kind: PhotoKind) => string;
  /**
   * Whether the courier account can print labels. The courier does not say (barcode scanning is an
   * account option set by its operator), so the app offers labels and reports the courier's refusal.
   */
  labelsEnabled: boolean;
};

export const PICKUP_APPROACH_EVENTS = [
  "shipment.en_route_to_pickup",
  "shipment.driver_approaching_pickup",
  "shipment.at_pickup",
] as const;

/** The order-change activity kinds that settle whether a flag stands: a flag, or the shipment following the order again. */
export const ORDER_CHANGE_FLAG_KINDS = {
  raisedPrefix: ORDER_CHANGE_ACTIVITY.flaggedPrefix,
  cleared: [ORDER_CHANGE_ACTIVITY.inStep, ORDER_CHANGE_ACTIVITY.updated],
} as const;

/**
 * Whether the shipment's latest order-change flag still stands: no "back in step" or "updated at
 * the courier" came after it. Activity kinds oldest first; other kinds are ignored.
 */
export function orderChangeFlagStands(kindsOldestFirst: readonly string[]): boolean {
  for (let i = kindsOldestFirst.length - 1; i >= 0; i -= 1) {
    const kind = kindsOldestFirst[i]!;
    if (kind.startsWith(ORDER_CHANGE_FLAG_KINDS.raisedPrefix)) return true;
    if ((ORDER_CHANGE_FLAG_KINDS.cleared as readonly string[]).includes(kind)) return false;
  }
  return false;
}

export function toShipmentState(stored: string): ShipmentState {
  return (SHIPMENT_STATES as readonly string[]).includes(stored) ? (stored as ShipmentState) : "pending";
}

/** The photo kinds the courier announced for this shipment (from the attachment URLs it sent). */
export function photoKindsOf(photosJson: string | null): PhotoKind[] {
  let urls: unknown;
  try {
    urls = JSON.parse(photosJson ?? "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(urls)) return [];
  const kinds = new Set<PhotoKind>();
  for (const url of urls) {
    if (typeof url !== "string") continue;
    const last = url.split(/[?#]/)[0]!.replace(/\/+$/, "").split("/").pop() ?? "";
    if ((PHOTO_KINDS as readonly string[]).includes(last)) kinds.add(last as PhotoKind);
  }
  return PHOTO_KINDS.filter((kind) => kinds.has(kind));
}

/** What the merchant can do about a shipment that needs attention, by state. */
export function attentionFix(state: ShipmentState, needsAttention: boolean): string | null {
  if (!needsAttention) return null;
  switch (state) {
    case "failed":
    case "pending":
      return "Fix what the reason says (the address or phone on the order in Shopify, or the pickup location's contact in the app's settings), then choose Dispatch again.";
    case "canceled":
      return "Choose Dispatch again to send a new driver, or cancel the order in Shopify.";
    case "expired":
      return "No driver accepted in time. Choose Dispatch again to book a new delivery.";
    case "returned":
      return "The items are going back to the store. Contact the customer, then use Deliver again to send them out as a new delivery, or refund the order in Shopify.";
    case "attempted":
      return "Contact the customer to arrange another attempt with the courier.";
    default:
      return "The courier's charge differs from its own estimate at checkout (which your rates were priced from). The delivery goes ahead unless you cancel it.";
  }
}

/** The fix for a return's leg that needs attention: a new booking of the return, not a re-dispatch. */
export const RETURN_LEG_FIX =
  "Fix what the reason says (the customer's address or phone, or the receiving location in the app's settings), then book the return's collection again from the order page.";

/** The fix for a shipment flagged after an order change it could not follow. */
export const REDISPATCH_FIX =
  "Open Same-day delivery on the order page and choose Cancel and re-dispatch to send a new delivery with the order's current details, or keep the delivery as it is.";

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toShipmentView(
  record: ShipmentRecord,
  history: ShipmentHistoryFacts,
  context: ViewContext,
): ShipmentView {
  const state = toShipmentState(record.state);
  const deliveredAt = state === "delivered" ? record.lastEventAt : null;
  const permissions = shipmentPermissions(
    {
      state,
      courierShipmentId: record.courierShipmentId,
      driverHeadingToPickup: history.driverHeadingToPickup,
      deliveredAt,
      tipped: record.tipCents !== null,
      rated: record.rating !== null,
      labelsEnabled: context.labelsEnabled,
      orderChangeFlagged: history.orderChangeFlagged,
    },
    context.now,
  );
  const leg = legOf(record);
  // A collection goes back to its return: a new one is booked for the return, never a re-dispatch.
  if (leg?.kind === "return_pickup") permissions.canRedispatch = false;
  const photos: ShipmentPhoto[] = record.courierShipmentId
    ? photoKindsOf(record.photosJson).map((kind) => ({ kind, url: context.photoUrl(kind) }))
    : [];
  return {
    id: record.id,
    orderName: record.orderName,
    state,
    trackingNumber: record.trackingNumber,
    trackingUrl: record.trackingNumber ? context.trackingUrl(record.trackingNumber) : null,
    driverFirstName: firstName(record.driverName),
    etaIso: iso(record.etaAt),
    windowStartIso: iso(record.deliverStart),
    windowEndIso: iso(record.deliverEnd),
    deliveredAtIso: iso(deliveredAt),
    needsAttention: record.needsAttention,
    attentionReason: record.needsAttention ? (record.attentionReason ?? "This delivery needs your attention.") : null,
    attentionFix:
      permissions.canRedispatch && record.needsAttention
        ? REDISPATCH_FIX
        : needsAttentionForNoDriver(record)
          ? NO_DRIVER_YET_FIX
          : leg && record.needsAttention
            ? RETURN_LEG_FIX
            : attentionFix(state, record.needsAttention),
    cancellationCode: state === "canceled" ? (history.courierCancellationCode ?? history.staffCancellationCode) : null,
    ...permissions,
    tipped: record.tipCents !== null,
    rated: record.rating !== null,
    driverPayRaisedCents: history.driverPayRaisedCents,
    photos,
    ...(leg ? { leg } : {}),
    ...recipientView(record),
  };
}
