import type { Shipment } from "@prisma/client";
import { parseCourierEvent } from "~/courier/events";
import { actionsFor, isReturnPickup } from "~/shipments/leg-kind";
import { releaseSlotPlace } from "~/schedule/slot-reservations.server";
import { noDriverWatchJob } from "~/tracking/no-driver-watch-job";
import { reverseDeliveryTrackingJob } from "~/tracking/reverse-delivery-tracking-job";
import { clearingNoDriverYet, NO_DRIVER_YET_CLEARED } from "~/tracking/no-driver-attention";
import { closingStaleAttention } from "~/tracking/stale-attention";
import { toTrackingEvent } from "./event-input";
import { flowOccurrences, type FlowOccurrence } from "./flow-triggers";
import { afterExpiryJob } from "./after-expiry";
import { flowTriggerJob } from "./jobs";
import { orderAttentionTagJob, orderDeliverySummaryJob } from "./order-annotation-jobs";
import { ATTENTION_CLEARED_BY_REPOST, repostInWords, repostTakeover } from "./repost";
import { NO_DRIVER_YET_CLEARED_ACTIVITY, REPOST_ACTIVITY, STALE_ATTENTION_ACTIVITY } from "~/shipments/activity-kinds";
import { addTimelineEntries } from "~/shipments/record.server";
import {
  type ApplyDeps,
  isTagAction,
  lookUpShopifyView,
  runActions,
  type ShopifyView,
} from "./fulfillment-actions.server";
import { factsOf, milestoneUpdate, shipmentUpdate } from "./shipment-row";
import { applyTrackingEvent, byOccurrence, type Transition } from "./state-machine";

export type { ApplyDeps, TrackingSettings } from "./fulfillment-actions.server";

/**
 * What a repost changes besides the courier id: the new shipment's tracking number (from the event),
 * price and window (from the courier's record of it), and the timeline entries for both steps.
 */
async function repostChanges(deps: ApplyDeps, transition: Transition) {
  const newId = transition.changes.replacedByCourierId;
  if (!newId) return { data: {}, entries: [] };
  const remote = deps.courier ? repostTakeover(await deps.courier.getShipment(newId)) : {};
  const takeover = {
    ...remote,
    ...(transition.changes.trackingNumber ? { trackingNumber: transition.changes.trackingNumber } : {}),
  };
  const entries: { kind: string; message: string }[] = [
    { kind: REPOST_ACTIVITY.tookOver, message: repostInWords(newId, takeover) },
  ];
  if (transition.changes.clearAttention)
    entries.push({ kind: REPOST_ACTIVITY.attentionCleared, message: ATTENTION_CLEARED_BY_REPOST });
  return { data: takeover, entries };
}

/**
 * Applies a shipment's stored, not yet applied courier events in the order they happened. The
 * events are marked applied in the transaction that writes the shipment's new state: once for the
 * whole run, or for what was done when a Shopify call fails (throttled: the rest waits for the
 * retry). Shopify is read once per run (the fulfillment and its events); the order's delivery
 * metafield is written once per run by its own job, from the state all the events led to: a run that
 * catches up on many events spends the shop's API budget, and the database's commits, on what changed.
 * Should the process die before that commit, the retry applies the events again: every Shopify
 * action is looked up before it is taken.
 *
 * Side effects never block the state: Flow triggers, the order's attention tag, its metafield and the
 * follow-up looks are jobs enqueued in the commit, keyed by occurrence, retried and shown to staff
 * when dead on their own.
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
  const activities: { kind: string; message: string; createdAt: Date }[] = [];
  const occurrences: { shipment: Shipment; occurrence: FlowOccurrence }[] = [];
  /** Expiries seen in this run (the courier shipment that expired): each gets its after-expiry job. */
  const expiries: Shipment[] = [];
  /** Courier shipments a repost handed the shipment to: each gets its own no-driver watch. */
  const reposts: string[] = [];
  /** The order's attention tag changes the run's events asked for, in their order. */
  const tagChanges: { eventId: string; change: "add" | "remove" }[] = [];

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
      // The courier canceled it (a driver, the deadline, the courier's staff): its slot's place is free.
      if (shipmentChanges.state === "canceled") await releaseSlotPlace(tx, shipmentId, now);
      await addTimelineEntries(tx, shipmentId, activities);
      const lastEventId = outcomes[outcomes.length - 1]!.eventId;
      if (
        occurrences.length > 0 ||
        expiries.length > 0 ||
        reposts.length > 0 ||
        tagChanges.length > 0 ||
        summaryChanged
      ) {
        const shop = await tx.shop.findUniqueOrThrow({ where: { id: current.shopId }, select: { domain: true } });
        for (const { eventId, change } of tagChanges)
          await deps.queue.enqueue(
            orderAttentionTagJob(shop.domain, {
              occurrence: eventId,
              change,
              orderGid: current.orderGid,
              shipmentId,
              tag: deps.settings.attentionTag,
            }),
            tx,
          );
        if (summaryChanged)
          await deps.queue.enqueue(orderDeliverySummaryJob(shop.domain, current.orderGid, lastEventId), tx);
        for (const { shipment, occurrence } of occurrences)
          await deps.queue.enqueue(flowTriggerJob(shop.domain, shipment, occurrence, now), tx);
        // A first look now: it reads the shop's watch times and schedules the next look from them.
        for (const courierShipmentId of reposts) {
          await deps.queue.enqueue(noDriverWatchJob(shop.domain, { id: shipmentId, courierShipmentId }, now), tx);
          // A collection's tracking lives on the return's reverse deliveries: they get the new number.
          if (isReturnPickup(current))
            await deps.queue.enqueue(
              reverseDeliveryTrackingJob(shop.domain, { id: shipmentId, courierShipmentId }),
              tx,
            );
        }
        for (const shipment of expiries) await deps.queue.enqueue(afterExpiryJob(shop.domain, shipment, now), tx);
      }
    });
    outcomes.length = 0;
    expiries.length = 0;
    activities.length = 0;
    occurrences.length = 0;
    reposts.length = 0;
    tagChanges.length = 0;
    summaryChanged = false;
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
      const stale = closingStaleAttention(
        clearingNoDriverYet(applyTrackingEvent(factsOf(shipment), event), shipment),
        shipment,
      );
      const transition = stale.transition;
      const view = () => (viewLookup ??= lookUpShopifyView(deps, shipment));
      const repost = await repostChanges(deps, transition);
      const updated = {
        ...shipmentUpdate(shipment, transition, event.occurredAt),
        ...milestoneUpdate(shipment, event),
        ...repost.data,
      };
      // Shopify is told what the shipment is after the event (a reposted one's new tracking number).
      const fulfillmentGid = await runActions(
        deps,
        { ...shipment, ...updated },
        actionsFor(shipment, transition.actions),
        view,
      );
      const changes = { ...updated, fulfillmentGid };
      shipmentChanges = { ...shipmentChanges, ...changes };
      current = { ...shipment, ...changes };
      const after = current;
      if (!isReturnPickup(after))
        occurrences.push(...flowOccurrences(after, transition).map((occurrence) => ({ shipment: after, occurrence })));
      if (transition.changes.needsAttention?.code === "expired" && !isReturnPickup(after)) expiries.push(after);
      if (transition.changes.replacedByCourierId) reposts.push(transition.changes.replacedByCourierId);
      for (const action of transition.actions)
        if (isTagAction(action))
          tagChanges.push({ eventId: stored.id, change: action.kind === "tag_for_attention" ? "add" : "remove" });
      if (stale.closedWords)
        activities.push({ kind: STALE_ATTENTION_ACTIVITY, message: stale.closedWords, createdAt: event.occurredAt });
      else if (transition.changes.clearAttention && !transition.changes.replacedByCourierId)
        activities.push({
          kind: NO_DRIVER_YET_CLEARED_ACTIVITY,
          message: NO_DRIVER_YET_CLEARED,
          createdAt: event.occurredAt,
        });
      repost.entries.forEach((entry, i) =>
        activities.push({ ...entry, createdAt: new Date(event.occurredAt.getTime() + i) }),
      );
      outcomes.push({
        eventId: stored.id,
        outcome: transition.stateChanged ? `${shipment.state} → ${transition.state}` : (transition.note ?? "Recorded"),
      });
      const c = transition.changes;
      if (transition.stateChanged || c.eta || c.driverName !== undefined || c.trackingNumber || c.clearAttention)
        summaryChanged = true;
      applied++;
    }
  } finally {
    await commit();
  }
  return { applied };
}
