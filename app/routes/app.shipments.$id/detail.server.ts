import { overCapacityWords } from "~/schedule/capacity";
import { shipmentSlotPlace } from "~/schedule/slot-reservations.server";
import { shipmentDeadJobs } from "~/staff/dead-jobs.server";
import type { StaffDeps } from "~/staff/deps";
import { labelFileName } from "~/staff/file-links.server";
import { findShopShipment, shipmentViews } from "~/staff/shipments.server";
import { shipmentStaffActions } from "~/shops/staff-actions.server";
import { orderAdminUrl } from "~/attention/attention-list";
import { attentionCodeOf, fixesOf } from "~/shipments/attention-reasons";
import { formatMoneyWithCode } from "~/text/staff-format";
import { groupRoundTrips } from "~/shipments/order-groups";
import { LEG_ROLE_WORDS, legRole, legTitle } from "~/shipments/leg-kind";
import { toShipmentState } from "~/staff/view-model";
import { STATE_LABELS } from "../../../extensions/shared/english-words";
import { buildTimeline } from "./timeline";

const MAX_TIMELINE_ENTRIES = 200;
/** An order has a few shipments (re-dispatches, returns, an exchange's legs); the card lists this many at most. */
const MAX_ORDER_SHIPMENTS = 50;

type OrderShipment = {
  id: string;
  kind: string;
  batchReferenceId: string | null;
  batchSequence: number | null;
  state: string;
  trackingNumber: string | null;
};

/**
 * The order's shipments for staff, in words: each with what it is, its state and whether it is this
 * page's; the legs of one round trip as one trip (legs in order), never by the courier's batch name.
 */
export function orderLegsOf(shipments: readonly OrderShipment[], currentId: string) {
  const line = (s: OrderShipment) => ({
    id: s.id,
    words: LEG_ROLE_WORDS[legRole(s)],
    state: STATE_LABELS[toShipmentState(s.state)],
    trackingNumber: s.trackingNumber,
    current: s.id === currentId,
  });
  return groupRoundTrips(shipments).map(({ lead, legs }) =>
    lead.batchReferenceId
      ? { roundTrip: true as const, legs: legs.map(line) }
      : { roundTrip: false as const, legs: [line(lead)] },
  );
}

function vehicleOf(
  json: string | null,
): { category: string | null; color: string | null; make: string | null; model: string | null } | null {
  if (!json) return null;
  try {
    const raw = JSON.parse(json) as Record<string, unknown>;
    const text = (key: string) => (typeof raw[key] === "string" && raw[key] !== "" ? (raw[key] as string) : null);
    return { category: text("category"), color: text("color"), make: text("make"), model: text("model") };
  } catch {
    return null;
  }
}

/** Everything the shipment page shows (404 for another shop's shipment). */
export async function shipmentDetail(deps: StaffDeps, shopDomain: string, shipmentId: string) {
  const { shop, shipment } = await findShopShipment(deps.db, shopDomain, shipmentId);
  const [view] = await shipmentViews(deps, shop, [shipment]);
  const [events, activities, deadJobs, staffActions, slotPlace, orderShipments] = await Promise.all([
    deps.db.courierEvent.findMany({
      where: { shipmentId: shipment.id },
      orderBy: { occurredAt: "desc" },
      take: MAX_TIMELINE_ENTRIES,
      select: { id: true, eventName: true, occurredAt: true, outcome: true, synthesized: true },
    }),
    deps.db.shipmentActivity.findMany({
      where: { shipmentId: shipment.id },
      orderBy: { createdAt: "desc" },
      take: MAX_TIMELINE_ENTRIES,
      select: { id: true, kind: true, message: true, createdAt: true },
    }),
    shipmentDeadJobs(deps.queue, shopDomain, shipment),
    shipmentStaffActions(deps.db, shipment),
    shipmentSlotPlace(deps.db, shipment.id),
    deps.db.shipment.findMany({
      where: { shopId: shipment.shopId, orderGid: shipment.orderGid },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: MAX_ORDER_SHIPMENTS,
      select: { id: true, kind: true, batchReferenceId: true, batchSequence: true, state: true, trackingNumber: true },
    }),
  ]);
  const link = (format: "PDF" | "PNG") =>
    deps.files.link({ shopDomain, shipmentId: shipment.id, file: labelFileName(format) });
  return {
    view: view!,
    shipment: {
      id: shipment.id,
      orderName: shipment.orderName,
      /** "Delivery for #1001", "Return collection for #1001", an exchange's leg (app/shipments/leg-kind.ts). */
      title: legTitle(shipment, shipment.orderName),
      orderLegacyId: shipment.orderGid.split("/").pop() ?? null,
      courierShipmentId: shipment.courierShipmentId,
      trackingNumber: shipment.trackingNumber,
      state: shipment.state,
      priceCents: shipment.priceCents,
      quotedPriceCents: shipment.quotedPriceCents,
      estimatedDistance: shipment.estimatedDistance,
      pickupAfter: shipment.pickupAfter?.toISOString() ?? null,
      driver:
        shipment.driverName || shipment.driverPhone
          ? { name: shipment.driverName, phone: shipment.driverPhone, vehicle: vehicleOf(shipment.vehicleJson) }
          : null,
      signatoryName: shipment.signatoryName,
      lastPosition:
        shipment.lastLatitude !== null && shipment.lastLongitude !== null
          ? {
              latitude: shipment.lastLatitude,
              longitude: shipment.lastLongitude,
              at: shipment.lastTrackingEventAt?.toISOString() ?? shipment.lastEventAt?.toISOString() ?? null,
            }
          : null,
      tipCents: shipment.tipCents,
      rating: shipment.rating,
      createdAt: shipment.createdAt.toISOString(),
    },
    /** The attention item's fixes (the same buttons as on Home), while the delivery needs attention. */
    attention: shipment.needsAttention
      ? {
          shipmentId: shipment.id,
          orderName: shipment.orderName,
          orderAdminUrl: orderAdminUrl(shipment.orderGid),
          fixes: fixesOf(attentionCodeOf(shipment)),
        }
      : null,
    labels: view!.labelAvailable ? { pdf: link("PDF"), png: link("PNG") } : null,
    // One list: the courier's events, the app's and staff's entries, the staff actions log, the cost.
    timeline: buildTimeline(events, activities, staffActions, {
      cost: {
        priceCents: shipment.priceCents,
        quotedPriceCents: shipment.quotedPriceCents,
        shopperPriceCents: shipment.shopperPriceCents,
        quotePriceSource: shipment.quotePriceSource,
      },
      money: (cents) => formatMoneyWithCode(cents, shop.currency),
    }),
    /** The order's deliveries, collections and exchange legs, a round trip's legs together (this one among them). */
    orderLegs: orderLegsOf(orderShipments, shipment.id),
    deadJobs,
    slot: slotPlace && {
      words: slotPlace.slotWords,
      /** "Booked over capacity: <slot>" while the booking holds its slot past the location's capacity. */
      overCapacityNotice: slotPlace.overCapacity && !slotPlace.released ? overCapacityWords(slotPlace.slotWords) : null,
    },
    currency: shop.currency,
    /** The time the permissions were judged at, so server render and hydration agree. */
    loadedAt: deps.clock().toISOString(),
  };
}
