import type { Shipment } from "@prisma/client";
import { parseCourierEvent } from "~/courier/events";
import type { Db } from "~/db/client.server";
import type { AdminGraphql } from "~/shopify/admin-request.server";
import {
  createFulfillment,
  createFulfillmentEvent,
  fetchFulfillmentOrderFulfillments,
} from "~/shopify/fulfillments.server";
import { addOrderTags, setOrderDeliveryMetafield } from "~/shopify/order-annotations.server";
import { toTrackingEvent } from "./event-input";
import { orderDeliverySummary } from "./order-summary";
import {
  applyTrackingEvent,
  type ShipmentFacts,
  type ShipmentState,
  type ShopifyAction,
  type Transition,
} from "./state-machine";

export type TrackingSettings = {
  trackingCompany: string;
  trackingUrl: (trackingNumber: string) => string | null;
  notifyCustomer: boolean;
  attentionTag: string;
};

export type ApplyDeps = {
  db: Db;
  admin: AdminGraphql;
  settings: TrackingSettings;
  clock: () => Date;
};

function factsOf(shipment: Shipment): ShipmentFacts {
  return {
    state: shipment.state as ShipmentState,
    hasFulfillment: Boolean(shipment.fulfillmentGid),
    stateChangedAt: shipment.lastEventAt,
    lastTrackingEventAt: shipment.lastTrackingEventAt,
    deliveredEventSent: shipment.state === "delivered",
  };
}

/** Shopify keeps `happenedAt` to the second; an event is "the same" at the same second and place. */
type ExistingEvent = { status: string; happenedAt: string; latitude?: number | null; longitude?: number | null };
const toSecond = (at: string | Date) => Math.floor(new Date(at).getTime() / 1000);
const samePlace = (a: number | null | undefined, b: number | undefined) =>
  a === null || a === undefined || b === undefined ? (a ?? undefined) === b : Math.abs(a - b) < 1e-6;
function alreadyThere(existing: ExistingEvent[], action: { status: string; happenedAt: Date; latitude?: number; longitude?: number }) {
  return existing.some(
    (e) =>
      e.status === action.status &&
      toSecond(e.happenedAt) === toSecond(action.happenedAt) &&
      samePlace(e.latitude, action.latitude) &&
      samePlace(e.longitude, action.longitude),
  );
}

/**
 * Runs the Shopify side of a transition so that running it twice changes nothing: the fulfillment
 * is looked up before it is created, and a fulfillment event with the same status and time is not
 * added again. Returns the fulfillment's id.
 */
async function runActions(deps: ApplyDeps, shipment: Shipment, actions: ShopifyAction[]): Promise<string | null> {
  let fulfillmentGid = shipment.fulfillmentGid;
  let existingEvents: ExistingEvent[] = [];
  const needsLookup = actions.some((a) => a.kind !== "tag_for_attention");
  if (needsLookup) {
    const fo = await fetchFulfillmentOrderFulfillments(deps.admin, shipment.fulfillmentOrderGid);
    const ours = fo?.fulfillments.nodes.find(
      (f) => f.id === fulfillmentGid || (f.status === "SUCCESS" && f.trackingInfo.some((t) => t.number === shipment.trackingNumber)),
    );
    if (ours) {
      fulfillmentGid = ours.id;
      existingEvents = ours.events.nodes;
    }
  }
  for (const action of actions) {
    if (action.kind === "create_fulfillment") {
      if (fulfillmentGid) continue;
      const number = shipment.trackingNumber ?? shipment.courierShipmentId ?? shipment.id;
      const created = await createFulfillment(deps.admin, {
        fulfillmentOrderGid: shipment.fulfillmentOrderGid,
        tracking: { company: deps.settings.trackingCompany, number, url: deps.settings.trackingUrl(number) },
        notifyCustomer: deps.settings.notifyCustomer,
      });
      fulfillmentGid = created.id;
      // Persisted at once: a crash before the events are marked applied must not lose it.
      await deps.db.shipment.update({ where: { id: shipment.id }, data: { fulfillmentGid } });
    } else if (action.kind === "fulfillment_event") {
      if (!fulfillmentGid) continue;
      if (alreadyThere(existingEvents, action)) continue;
      await createFulfillmentEvent(deps.admin, {
        fulfillmentGid,
        status: action.status,
        happenedAt: action.happenedAt.toISOString(),
        message: action.message,
        latitude: action.latitude,
        longitude: action.longitude,
        estimatedDeliveryAt: action.estimatedDeliveryAt?.toISOString(),
      });
      existingEvents.push({ status: action.status, happenedAt: action.happenedAt.toISOString(), latitude: action.latitude, longitude: action.longitude });
    } else {
      await addOrderTags(deps.admin, shipment.orderGid, [deps.settings.attentionTag]);
    }
  }
  return fulfillmentGid;
}

function shipmentUpdate(shipment: Shipment, transition: Transition, occurredAt: Date) {
  const c = transition.changes;
  return {
    ...(transition.stateChanged ? { state: transition.state, lastEventAt: occurredAt } : {}),
    ...(c.driverName !== undefined ? { driverName: c.driverName } : {}),
    ...(c.driverPhone !== undefined ? { driverPhone: c.driverPhone } : {}),
    ...(c.vehicle !== undefined ? { vehicleJson: c.vehicle ? JSON.stringify(c.vehicle) : null } : {}),
    ...(c.signatoryName ? { signatoryName: c.signatoryName } : {}),
    ...(c.photoUrls
      ? { photosJson: JSON.stringify([...new Set([...(JSON.parse(shipment.photosJson ?? "[]") as string[]), ...c.photoUrls])]) }
      : {}),
    ...(c.latitude !== undefined ? { lastLatitude: c.latitude, lastLongitude: c.longitude } : {}),
    ...(c.eta ? { etaAt: c.eta } : {}),
    ...(c.groupId ? { groupId: c.groupId } : {}),
    ...(c.lastTrackingEventAt ? { lastTrackingEventAt: c.lastTrackingEventAt } : {}),
    ...(c.replacedByCourierId ? { courierShipmentId: c.replacedByCourierId, replacedByCourierId: shipment.courierShipmentId } : {}),
    ...(c.needsAttention ? { needsAttention: true, attentionReason: c.needsAttention.reason } : {}),
  };
}

/**
 * Applies a shipment's stored, not yet applied courier events in the order they happened. Each
 * event is marked applied in the same transaction that writes the shipment's new state.
 */
export async function applyShipmentEvents(deps: ApplyDeps, shipmentId: string): Promise<{ applied: number }> {
  const pending = await deps.db.courierEvent.findMany({
    where: { shipmentId, appliedAt: null },
    orderBy: [{ occurredAt: "asc" }, { receivedAt: "asc" }],
  });
  let applied = 0;
  for (const stored of pending) {
    const shipment = await deps.db.shipment.findUniqueOrThrow({ where: { id: shipmentId } });
    const parsed = parseCourierEvent(stored.payloadJson);
    const now = deps.clock();
    if (!parsed.ok) {
      await deps.db.courierEvent.update({ where: { id: stored.id }, data: { appliedAt: now, outcome: `Unreadable: ${parsed.reason}` } });
      continue;
    }
    const event = toTrackingEvent(parsed.event, stored.occurredAt);
    const transition = applyTrackingEvent(factsOf(shipment), event);
    const fulfillmentGid = await runActions(deps, shipment, transition.actions);
    const outcome = transition.stateChanged
      ? `${shipment.state} → ${transition.state}`
      : (transition.note ?? "Recorded");
    const updated = await deps.db.$transaction(async (tx) => {
      await tx.courierEvent.update({ where: { id: stored.id }, data: { appliedAt: now, outcome } });
      return tx.shipment.update({
        where: { id: shipment.id },
        data: { ...shipmentUpdate(shipment, transition, event.occurredAt), fulfillmentGid },
      });
    });
    if (transition.stateChanged || transition.changes.eta || transition.changes.driverName !== undefined) {
      const orderShipments = await deps.db.shipment.findMany({
        where: { shopId: updated.shopId, orderGid: updated.orderGid },
        orderBy: { createdAt: "asc" },
      });
      await setOrderDeliveryMetafield(deps.admin, updated.orderGid, orderDeliverySummary(orderShipments));
    }
    applied++;
  }
  return { applied };
}
