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
import { newTrackingToken } from "~/tracking-page/token.server";
import { toTrackingEvent } from "./event-input";
import { orderDeliverySummary } from "./order-summary";
import { nextTimelineEvent } from "./shopify-timeline";
import {
  applyTrackingEvent,
  byOccurrence,
  type ShipmentFacts,
  type ShipmentState,
  type ShopifyAction,
  type Transition,
} from "./state-machine";

export type TrackingSettings = {
  trackingCompany: string;
  /** The merchant's own tracking URL for a number, or null when the shop set no template. */
  trackingUrl: (trackingNumber: string) => string | null;
  /** The shoppers' tracking page for a token (used when the merchant set no template). */
  pageUrl: (token: string) => string;
  /** The token encrypted for the shipment, kept for the order status block's link (token.server.ts). */
  sealPageToken: (token: string, shipmentId: string) => string;
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

/**
 * The fulfillment's tracking URL: the merchant's template, else a new tracking page. The page's token
 * is stored before Shopify hears of it, so the URL Shopify keeps always opens the page; a retry that
 * creates the fulfillment again makes a new token, since only the one Shopify keeps matters.
 */
async function fulfillmentTrackingUrl(deps: ApplyDeps, shipment: Shipment, number: string): Promise<string> {
  const merchants = deps.settings.trackingUrl(number);
  if (merchants) return merchants;
  const page = newTrackingToken();
  await deps.db.shipment.update({
    where: { id: shipment.id },
    data: { trackingTokenHash: page.hash, trackingTokenSealed: deps.settings.sealPageToken(page.token, shipment.id) },
  });
  return deps.settings.pageUrl(page.token);
}

type ExistingEvent = { status: string; happenedAt: string };

/** What Shopify already shows for the shipment: looked up once per run, kept current as the run adds to it. */
type ShopifyView = { fulfillmentGid: string | null; events: ExistingEvent[] };

async function lookUpShopifyView(deps: ApplyDeps, shipment: Shipment): Promise<ShopifyView> {
  const fo = await fetchFulfillmentOrderFulfillments(deps.admin, shipment.fulfillmentOrderGid);
  const ours = fo?.fulfillments.nodes.find(
    (f) =>
      f.id === shipment.fulfillmentGid ||
      (f.status === "SUCCESS" && f.trackingInfo.some((t) => t.number === shipment.trackingNumber)),
  );
  return ours
    ? { fulfillmentGid: ours.id, events: [...ours.events.nodes] }
    : { fulfillmentGid: shipment.fulfillmentGid, events: [] };
}

/**
 * Runs the Shopify side of a transition so that running it twice changes nothing: the fulfillment
 * is looked up (once per run, `view`) before it is created, and a fulfillment event is added only when
 * it moves what Shopify shows forward (shopify-timeline.ts). Returns the fulfillment's id.
 */
async function runActions(
  deps: ApplyDeps,
  shipment: Shipment,
  actions: ShopifyAction[],
  view: () => Promise<ShopifyView>,
): Promise<string | null> {
  const needsView = actions.some((a) => a.kind !== "tag_for_attention");
  const seen = needsView ? await view() : { fulfillmentGid: shipment.fulfillmentGid, events: [] };
  for (const action of actions) {
    if (action.kind === "create_fulfillment") {
      if (seen.fulfillmentGid) continue;
      const number = shipment.trackingNumber ?? shipment.courierShipmentId ?? shipment.id;
      const created = await createFulfillment(deps.admin, {
        fulfillmentOrderGid: shipment.fulfillmentOrderGid,
        tracking: {
          company: deps.settings.trackingCompany,
          number,
          url: await fulfillmentTrackingUrl(deps, shipment, number),
        },
        notifyCustomer: deps.settings.notifyCustomer,
      });
      seen.fulfillmentGid = created.id;
      // Persisted at once: a crash before the events are marked applied must not lose it.
      await deps.db.shipment.update({ where: { id: shipment.id }, data: { fulfillmentGid: created.id } });
    } else if (action.kind === "fulfillment_event") {
      if (!seen.fulfillmentGid) continue;
      // Also what makes a repeated run add nothing: the step is already there.
      const allowed = nextTimelineEvent(seen.events, action);
      if (!allowed) continue;
      await createFulfillmentEvent(deps.admin, {
        fulfillmentGid: seen.fulfillmentGid,
        status: action.status,
        happenedAt: allowed.happenedAt.toISOString(),
        message: action.message,
        latitude: action.latitude,
        longitude: action.longitude,
        estimatedDeliveryAt: action.estimatedDeliveryAt?.toISOString(),
      });
      seen.events.push({ status: action.status, happenedAt: allowed.happenedAt.toISOString() });
    } else {
      await addOrderTags(deps.admin, shipment.orderGid, [deps.settings.attentionTag]);
    }
  }
  return seen.fulfillmentGid;
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
      ? {
          photosJson: JSON.stringify([
            ...new Set([...(JSON.parse(shipment.photosJson ?? "[]") as string[]), ...c.photoUrls]),
          ]),
        }
      : {}),
    ...(c.latitude !== undefined ? { lastLatitude: c.latitude, lastLongitude: c.longitude } : {}),
    ...(c.eta ? { etaAt: c.eta } : {}),
    ...(c.groupId ? { groupId: c.groupId } : {}),
    ...(c.lastTrackingEventAt ? { lastTrackingEventAt: c.lastTrackingEventAt } : {}),
    ...(c.replacedByCourierId
      ? { courierShipmentId: c.replacedByCourierId, replacedByCourierId: shipment.courierShipmentId }
      : {}),
    ...(c.needsAttention ? { needsAttention: true, attentionReason: c.needsAttention.reason } : {}),
  };
}

/**
 * Applies a shipment's stored, not yet applied courier events in the order they happened. The
 * events are marked applied in the transaction that writes the shipment's new state: once for the
 * whole run, or for what was done when a Shopify call fails (throttled: the rest waits for the
 * retry). Shopify is read once per run (the fulfillment and its events) and the order's delivery
 * metafield written once at the end, with the state all the events led to: a run that catches up
 * on many events spends the shop's API budget, and the database's commits, on what changed.
 * Should the process die before that commit, the retry applies the events again: every Shopify
 * action is looked up before it is taken.
 */
export async function applyShipmentEvents(deps: ApplyDeps, shipmentId: string): Promise<{ applied: number }> {
  const pending = (
    await deps.db.courierEvent.findMany({
      where: { shipmentId, appliedAt: null },
      orderBy: [{ occurredAt: "asc" }, { receivedAt: "asc" }],
    })
  ).sort(byOccurrence);
  if (pending.length === 0) return { applied: 0 };
  let current = await deps.db.shipment.findUniqueOrThrow({ where: { id: shipmentId } });
  let viewLookup: Promise<ShopifyView> | null = null;
  let summaryChanged = false;
  let applied = 0;
  const outcomes: { eventId: string; outcome: string }[] = [];
  let shipmentChanges: Partial<Shipment> = {};

  async function commit() {
    if (outcomes.length === 0) return;
    const now = deps.clock();
    const byOutcome = new Map<string, string[]>();
    for (const { eventId, outcome } of outcomes) byOutcome.set(outcome, [...(byOutcome.get(outcome) ?? []), eventId]);
    await deps.db.$transaction(async (tx) => {
      for (const [outcome, ids] of byOutcome) {
        await tx.courierEvent.updateMany({ where: { id: { in: ids } }, data: { appliedAt: now, outcome } });
      }
      if (Object.keys(shipmentChanges).length > 0)
        await tx.shipment.update({ where: { id: shipmentId }, data: shipmentChanges });
    });
    outcomes.length = 0;
    shipmentChanges = {};
  }

  try {
    for (const stored of pending) {
      const shipment = current;
      const parsed = parseCourierEvent(stored.payloadJson);
      if (!parsed.ok) {
        outcomes.push({ eventId: stored.id, outcome: `Unreadable: ${parsed.reason}` });
        continue;
      }
      const event = toTrackingEvent(parsed.event, stored.occurredAt);
      const transition = applyTrackingEvent(factsOf(shipment), event);
      const view = () => (viewLookup ??= lookUpShopifyView(deps, shipment));
      const fulfillmentGid = await runActions(deps, shipment, transition.actions, view);
      const changes = { ...shipmentUpdate(shipment, transition, event.occurredAt), fulfillmentGid };
      shipmentChanges = { ...shipmentChanges, ...changes };
      current = { ...shipment, ...changes };
      outcomes.push({
        eventId: stored.id,
        outcome: transition.stateChanged ? `${shipment.state} → ${transition.state}` : (transition.note ?? "Recorded"),
      });
      if (transition.stateChanged || transition.changes.eta || transition.changes.driverName !== undefined)
        summaryChanged = true;
      applied++;
    }
  } finally {
    await commit();
  }
  if (summaryChanged) {
    const orderShipments = await deps.db.shipment.findMany({
      where: { shopId: current.shopId, orderGid: current.orderGid },
      orderBy: { createdAt: "asc" },
    });
    await setOrderDeliveryMetafield(deps.admin, current.orderGid, orderDeliverySummary(orderShipments));
  }
  return { applied };
}
