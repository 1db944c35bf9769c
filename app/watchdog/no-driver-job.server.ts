import type { CourierClient } from "~/courier/client.server";
import type { Db } from "~/db/client.server";
import { permanentFailure } from "~/jobs/errors";
import type { JobQueue } from "~/jobs/queue.server";
import { parseShopSettings } from "~/settings/shop-settings";
import type { AdminGraphql } from "~/shopify/admin-request.server";
import { addOrderTags } from "~/shopify/order-annotations.server";
import { needsAttentionTrigger, noDriverYetTrigger } from "~/tracking/flow-triggers";
import { flowTriggerJob } from "~/tracking/jobs";
import type { ShipmentState } from "~/tracking/shipment-states";
import { NO_DRIVER_YET, noDriverYetAttention, raiseInWords } from "./no-driver-attention";
import { decideNoDriverWatch, type NoDriverCause } from "./no-driver-decision";
import { noDriverWatchJob, type NoDriverWatchPayload } from "./jobs";
import { createdOptions, raiseExtraCompensation, startingExtraCents } from "./raise-payout.server";
import { raisedOnShopDay } from "./raises.server";

/**
 * One look of the no-driver watchdog (decision in no-driver-decision.ts): the shipment, its raises
 * and the shop's day are read again now, the driver's pay raised through the courier when the
 * decision says so, "no driver yet" marked once per courier shipment, and the next look enqueued.
 */

export type NoDriverWatchDeps = {
  db: Db;
  queue: JobQueue;
  courier: CourierClient | null;
  /** Shopify, for the order's attention tag (only when the shipment needs attention). */
  admin: () => Promise<AdminGraphql>;
  clock: () => Date;
};

/** Timeline kinds of the watchdog's entries. */
export const WATCHDOG_ACTIVITY = {
  raised: "no_driver_raise",
  alreadyAssigned: "no_driver_raise_skipped",
  noDriverYet: "no_driver_yet",
} as const;

/** "No driver yet" is marked once per courier shipment: a repost's new shipment may need it again. */
export const noDriverYetKind = (courierShipmentId: string) => `${WATCHDOG_ACTIVITY.noDriverYet}:${courierShipmentId}`;

export type NoDriverWatchResult = {
  raisedCents: number;
  attention: NoDriverCause | null;
  alreadyAssigned: boolean;
  nextCheckAt: Date | null;
  note: string;
};

export async function runNoDriverWatch(
  deps: NoDriverWatchDeps,
  shopDomain: string,
  payload: NoDriverWatchPayload,
): Promise<NoDriverWatchResult> {
  const ended = (note: string): NoDriverWatchResult => ({
    raisedCents: 0,
    attention: null,
    alreadyAssigned: false,
    nextCheckAt: null,
    note,
  });
  const shipment = await deps.db.shipment.findUnique({
    where: { id: payload.shipmentId },
    include: { shop: { select: { id: true, domain: true, timezone: true, settingsJson: true } } },
  });
  if (!shipment || shipment.shop.domain !== shopDomain) return ended("No such shipment");
  // A repost or another dispatch: this chain watched a courier shipment the row no longer follows.
  if (shipment.courierShipmentId !== payload.courierShipmentId)
    return ended("The shipment follows another courier shipment");
  const courierShipmentId = payload.courierShipmentId;
  const settings = parseShopSettings(shipment.shop.settingsJson);
  const now = deps.clock();
  const [raises, marked, shopToday] = await Promise.all([
    deps.db.noDriverRaise.findMany({
      where: { shipmentId: shipment.id, courierShipmentId },
      orderBy: { raisedAt: "asc" },
    }),
    deps.db.shipmentActivity.count({ where: { shipmentId: shipment.id, kind: noDriverYetKind(courierShipmentId) } }),
    raisedOnShopDay(deps.db, shipment.shop, now),
  ]);
  const decision = decideNoDriverWatch({
    shipment: {
      state: shipment.state as ShipmentState,
      hasDriver: shipment.driverName !== null || shipment.driverPhone !== null,
      pickupAfter: shipment.pickupAfter,
      raises,
      attentionMarked: marked > 0,
    },
    settings: settings.noDriverWatch,
    shopRaisedTodayCents: shopToday,
    now,
  });

  let raisedCents = 0;
  const raisedSoFar = raises.reduce((sum, r) => sum + r.amountCents, 0);
  if (decision.raise) {
    if (!deps.courier)
      throw permanentFailure("Connect a courier account in the app's settings to raise a driver's pay.");
    const options = createdOptions(shipment.requestJson);
    const extraCompensationCents = startingExtraCents(options) + decision.raise.totalCents;
    const outcome = await raiseExtraCompensation(deps.courier, { courierShipmentId, options, extraCompensationCents });
    if (outcome.kind === "already_assigned") {
      await deps.db.shipmentActivity.create({
        data: {
          shipmentId: shipment.id,
          kind: WATCHDOG_ACTIVITY.alreadyAssigned,
          message: "Driver's pay not raised: the courier reports a driver has already taken the delivery.",
          createdAt: now,
        },
      });
      return { ...ended("Already assigned"), alreadyAssigned: true };
    }
    raisedCents = decision.raise.cents;
    await deps.db.$transaction(async (tx) => {
      const checkAt = new Date(payload.checkAt);
      const key = { shipmentId: shipment.id, courierShipmentId, checkAt };
      // A retry after a crash finds its raise already written (the courier got the same absolute amount).
      const existing = await tx.noDriverRaise.findUnique({
        where: { shipmentId_courierShipmentId_checkAt: key },
      });
      if (existing) return;
      await tx.noDriverRaise.create({
        data: { ...key, shopId: shipment.shopId, amountCents: raisedCents, extraCompensationCents, raisedAt: now },
      });
      await tx.shipmentActivity.create({
        data: {
          shipmentId: shipment.id,
          kind: WATCHDOG_ACTIVITY.raised,
          message: raiseInWords(raisedCents, extraCompensationCents),
          createdAt: now,
        },
      });
      if (outcome.priceCents !== null)
        await tx.shipment.update({ where: { id: shipment.id }, data: { priceCents: outcome.priceCents } });
    });
  }

  if (decision.attention) {
    const attention = noDriverYetAttention(decision.attention, raisedSoFar + raisedCents);
    // The tag first: adding it again is harmless, and a failure here retries the look before anything is marked.
    await addOrderTags(await deps.admin(), shipment.orderGid, [settings.tags.attention]);
    await deps.db.$transaction(async (tx) => {
      await tx.shipmentActivity.create({
        data: {
          shipmentId: shipment.id,
          kind: noDriverYetKind(courierShipmentId),
          message: attention.reason,
          createdAt: now,
        },
      });
      // Another reason already shown (a price flag, an order change) keeps its words; the timeline says this one.
      if (!shipment.needsAttention)
        await tx.shipment.update({
          where: { id: shipment.id },
          data: { needsAttention: true, attentionReason: attention.reason },
        });
      for (const occurrence of [
        needsAttentionTrigger(shipment, NO_DRIVER_YET, attention.reason),
        noDriverYetTrigger(shipment),
      ])
        await deps.queue.enqueue(flowTriggerJob(shopDomain, shipment, occurrence, now), tx);
    });
  }

  if (decision.nextCheckAt)
    await deps.queue.enqueue(
      noDriverWatchJob(shopDomain, { id: shipment.id, courierShipmentId }, decision.nextCheckAt),
    );
  return {
    raisedCents,
    attention: decision.attention,
    alreadyAssigned: false,
    nextCheckAt: decision.nextCheckAt,
    note: decision.note,
  };
}
