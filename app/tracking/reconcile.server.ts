import type { CourierClient } from "~/courier/client.server";
import { dedupeKey, parseCourierEvent } from "~/courier/events";
import type { Db } from "~/db/client.server";
import type { JobQueue } from "~/jobs/queue.server";
import { isUniqueViolation } from "~/db/errors";
import { synthesizeEvents } from "./reconcile";
import { applyEventsJob } from "./jobs";

export const RECONCILE_JOB = "tracking.reconcile";
export const RECONCILE_INTERVAL_MS = 5 * 60 * 1000;
/** Shipments in these states can still change; the others are final or not at the courier yet. */
export const RECONCILABLE_STATES = ["scheduled", "assigned", "en_route", "attempted"];
const MAX_SHIPMENTS_PER_RUN = 200;

/** One reconciliation job per installed shop and interval, however many instances ask. */
export async function scheduleReconciliation(deps: { db: Db; queue: JobQueue; clock: () => Date }) {
  const bucket = Math.floor(deps.clock().getTime() / RECONCILE_INTERVAL_MS);
  const shops = await deps.db.shop.findMany({
    where: { uninstalledAt: null, courierTokenEncrypted: { not: null } },
    select: { domain: true },
  });
  for (const shop of shops) {
    await deps.queue.enqueue({
      shopDomain: shop.domain,
      kind: RECONCILE_JOB,
      payload: {},
      uniqueKey: `reconcile:${shop.domain}:${bucket}`,
      maxAttempts: 2,
    });
  }
  return shops.length;
}

/**
 * Retrieves from the courier every shipment of the shop that is not final and has been silent
 * longer than `silenceMinutes`, and stores the events that bring it to the courier's state (marked
 * synthesised, deduplicated like real ones), then enqueues their application.
 */
export async function reconcileShop(
  deps: { db: Db; queue: JobQueue; courier: CourierClient; clock: () => Date },
  shopDomain: string,
  silenceMinutes: number,
) {
  const now = deps.clock();
  const silentSince = new Date(now.getTime() - silenceMinutes * 60_000);
  const shop = await deps.db.shop.findUnique({ where: { domain: shopDomain }, select: { id: true } });
  if (!shop) return { checked: 0, synthesized: 0 };
  const shipments = await deps.db.shipment.findMany({
    where: {
      shopId: shop.id,
      state: { in: RECONCILABLE_STATES },
      courierShipmentId: { not: null },
      OR: [{ lastEventAt: { lt: silentSince } }, { lastEventAt: null, createdAt: { lt: silentSince } }],
    },
    orderBy: { lastEventAt: "asc" },
    take: MAX_SHIPMENTS_PER_RUN,
    select: { id: true, courierShipmentId: true },
  });
  let synthesized = 0;
  for (const shipment of shipments) {
    const remote = await deps.courier.getShipment(shipment.courierShipmentId!, { lane: "background" });
    const events = synthesizeEvents(
      { ...remote, state: remote.state === "unknown" ? (remote.state_raw ?? "unknown") : remote.state },
      now,
    );
    let stored = 0;
    for (const synthetic of events) {
      const rawBody = JSON.stringify(synthetic);
      const parsed = parseCourierEvent(rawBody);
      if (!parsed.ok) continue;
      try {
        await deps.db.courierEvent.create({
          data: {
            shopId: shop.id,
            shipmentId: shipment.id,
            courierShipmentId: shipment.courierShipmentId,
            eventName: parsed.event.name,
            occurredAt: parsed.event.occurredAt ?? now,
            dedupeKey: dedupeKey(parsed.event),
            payloadJson: rawBody,
            synthesized: true,
            receivedAt: now,
          },
        });
        stored++;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    if (stored > 0) {
      await deps.queue.enqueue(applyEventsJob(shopDomain, shipment.id));
      synthesized += stored;
    }
  }
  return { checked: shipments.length, synthesized };
}
