import { z } from "zod";
import type { Db } from "~/db/client.server";
import { permanentFailure } from "~/jobs/errors";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import {
  createReverseDeliveryWithTracking,
  fetchReturnForPickup,
  updateReverseDeliveryTracking,
} from "~/shopify-admin/returns.server";
import { shipmentTrackingUrl, type TrackingSettings } from "~/tracking/public.server";

export type ReverseDeliveryDeps = {
  db: Db;
  admin: AdminGraphql;
  settings: Pick<TrackingSettings, "trackingUrl" | "pageUrl" | "sealPageToken" | "openPageToken">;
};

/** Shipment.reverseDeliveriesJson: what return-to-pickups.ts planned, and each reverse delivery's id once made. */
const StoredReverseDeliveries = z.array(
  z.object({
    reverseFulfillmentOrderGid: z.string(),
    lines: z.array(z.object({ reverseFulfillmentOrderLineItemGid: z.string(), quantity: z.number().int().min(1) })),
    reverseDeliveryGid: z.string().optional(),
  }),
);

/** Reverse delivery ids an earlier booking of the same return made, by reverse fulfillment order. */
async function earlierReverseDeliveries(
  deps: ReverseDeliveryDeps,
  shipment: { id: string; shopId: string; returnGid: string },
) {
  const rows = await deps.db.shipment.findMany({
    where: { shopId: shipment.shopId, returnGid: shipment.returnGid, kind: "return_pickup", id: { not: shipment.id } },
    select: { reverseDeliveriesJson: true },
    orderBy: { generation: "desc" },
  });
  const byRfo = new Map<string, string>();
  for (const row of rows) {
    const stored = StoredReverseDeliveries.safeParse(JSON.parse(row.reverseDeliveriesJson ?? "[]"));
    for (const plan of stored.success ? stored.data : [])
      if (plan.reverseDeliveryGid && !byRfo.has(plan.reverseFulfillmentOrderGid))
        byRfo.set(plan.reverseFulfillmentOrderGid, plan.reverseDeliveryGid);
  }
  return byRfo;
}

/**
 * Records a booked collection's courier tracking on the return in Shopify: one reverse delivery per
 * reverse fulfillment order it carries, with the tracking number and URL. A reverse delivery that
 * shows another number gets this one (`reverseDeliveryShippingUpdate`), as a delivery's fulfillment
 * does: after the courier reposted the collection, or when staff booked the return again after a
 * canceled collection (its reverse delivery already holds the items, so it is taken over, not made
 * twice). Run twice, it adds nothing: a reverse delivery already carrying this tracking number is
 * taken as made (a crash before its id was stored), and each id is stored as soon as it is known.
 */
export async function attachReverseDeliveries(deps: ReverseDeliveryDeps, shipmentId: string) {
  const shipment = await deps.db.shipment.findUnique({ where: { id: shipmentId } });
  if (!shipment || shipment.kind !== "return_pickup" || !shipment.returnGid) return { created: 0, updated: 0 };
  const number = shipment.trackingNumber ?? shipment.courierShipmentId;
  if (!number) return { created: 0, updated: 0 };
  const parsed = StoredReverseDeliveries.safeParse(JSON.parse(shipment.reverseDeliveriesJson ?? "[]"));
  if (!parsed.success) throw permanentFailure("The collection's planned reverse deliveries are unreadable.");
  const plans = parsed.data;
  if (plans.length === 0) return { created: 0, updated: 0 };

  const ret = await fetchReturnForPickup(deps.admin, shipment.returnGid);
  if (!ret) throw permanentFailure("Shopify has no such return.");
  const made = ret.reverseFulfillmentOrders.nodes.flatMap((r) => r.reverseDeliveries.nodes);
  /** The tracking number Shopify shows on a reverse delivery. */
  const shownNumber = (id: string) => {
    const found = made.find((d) => d.id === id);
    return found?.deliverable && "tracking" in found.deliverable ? (found.deliverable.tracking?.number ?? null) : null;
  };
  const save = () =>
    deps.db.shipment.update({ where: { id: shipment.id }, data: { reverseDeliveriesJson: JSON.stringify(plans) } });

  // Those Shopify already has: carrying this number, or made for an earlier booking of the return.
  const earlier = plans.some((p) => !p.reverseDeliveryGid)
    ? await earlierReverseDeliveries(deps, { id: shipment.id, shopId: shipment.shopId, returnGid: shipment.returnGid })
    : new Map<string, string>();
  for (const plan of plans) {
    if (plan.reverseDeliveryGid) continue;
    const rfo = ret.reverseFulfillmentOrders.nodes.find((r) => r.id === plan.reverseFulfillmentOrderGid);
    const carrying = rfo?.reverseDeliveries.nodes.find((d) => shownNumber(d.id) === number);
    const taken = carrying?.id ?? earlier.get(plan.reverseFulfillmentOrderGid);
    if (taken && made.some((d) => d.id === taken)) plan.reverseDeliveryGid = taken;
  }
  if (plans.some((p) => p.reverseDeliveryGid)) await save();

  const stale = plans.filter((p) => p.reverseDeliveryGid && shownNumber(p.reverseDeliveryGid) !== number);
  if (plans.every((p) => p.reverseDeliveryGid) && stale.length === 0) return { created: 0, updated: 0 };
  // The merchant's template, else the tracking page the shopper already has (or a new one, stored first).
  const url = await shipmentTrackingUrl(deps, shipment, number);
  for (const plan of stale)
    await updateReverseDeliveryTracking(deps.admin, {
      reverseDeliveryGid: plan.reverseDeliveryGid!,
      tracking: { number, url },
    });
  let created = 0;
  for (const plan of plans) {
    if (plan.reverseDeliveryGid) continue;
    plan.reverseDeliveryGid = (
      await createReverseDeliveryWithTracking(deps.admin, {
        reverseFulfillmentOrderGid: plan.reverseFulfillmentOrderGid,
        lines: plan.lines,
        tracking: { number, url },
      })
    ).id;
    created++;
    await save();
  }
  return { created, updated: stale.length };
}
