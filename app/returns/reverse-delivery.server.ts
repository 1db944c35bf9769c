import { z } from "zod";
import type { Db } from "~/db/client.server";
import { permanentFailure } from "~/jobs/errors";
import type { AdminGraphql } from "~/shopify/admin-request.server";
import {
  createReverseDeliveryWithTracking,
  fetchReturnForPickup,
  updateReverseDeliveryTracking,
} from "~/shopify/returns.server";
import { newTrackingToken } from "~/shipments/tracking-token.server";
import type { TrackingSettings } from "~/tracking/apply.server";

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

/**
 * The tracking URL Shopify keeps on the reverse delivery: the merchant's template, else the app's
 * tracking page, with a token stored (hashed, and sealed for the order status block) before Shopify hears of it.
 */
async function trackingUrl(
  deps: ReverseDeliveryDeps,
  shipment: { id: string; trackingTokenSealed: string | null },
  number: string,
) {
  const merchants = deps.settings.trackingUrl(number);
  if (merchants) return merchants;
  const kept = shipment.trackingTokenSealed
    ? deps.settings.openPageToken(shipment.trackingTokenSealed, shipment.id)
    : null;
  if (kept) return deps.settings.pageUrl(kept);
  const page = newTrackingToken();
  await deps.db.shipment.update({
    where: { id: shipment.id },
    data: { trackingTokenHash: page.hash, trackingTokenSealed: deps.settings.sealPageToken(page.token, shipment.id) },
  });
  return deps.settings.pageUrl(page.token);
}

/**
 * Records a booked collection's courier tracking on the return in Shopify: one reverse delivery per
 * reverse fulfillment order it carries, with the tracking number and URL; a reverse delivery made
 * before the courier reposted the collection (a new tracking number) gets the new number
 * (`reverseDeliveryShippingUpdate`), as a delivery's fulfillment does. Run twice, it adds nothing:
 * a reverse delivery already carrying this tracking number is taken as made (a crash before its id was
 * stored), each id is stored as soon as Shopify answers, and one already showing the number is left.
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
  /** The tracking number Shopify shows on a reverse delivery made earlier. */
  const shownNumber = (id: string) => {
    const made = ret.reverseFulfillmentOrders.nodes.flatMap((r) => r.reverseDeliveries.nodes).find((d) => d.id === id);
    return made?.deliverable && "tracking" in made.deliverable ? (made.deliverable.tracking?.number ?? null) : null;
  };
  const stale = plans.filter((p) => p.reverseDeliveryGid && shownNumber(p.reverseDeliveryGid) !== number);
  if (plans.every((p) => p.reverseDeliveryGid) && stale.length === 0) return { created: 0, updated: 0 };
  const url = await trackingUrl(deps, shipment, number);
  let updated = 0;
  for (const plan of stale) {
    await updateReverseDeliveryTracking(deps.admin, {
      reverseDeliveryGid: plan.reverseDeliveryGid!,
      tracking: { number, url },
    });
    updated++;
  }
  let created = 0;
  for (const plan of plans) {
    if (plan.reverseDeliveryGid) continue;
    const rfo = ret.reverseFulfillmentOrders.nodes.find((r) => r.id === plan.reverseFulfillmentOrderGid);
    const existing = rfo?.reverseDeliveries.nodes.find(
      (d) => d.deliverable && "tracking" in d.deliverable && d.deliverable.tracking?.number === number,
    );
    plan.reverseDeliveryGid =
      existing?.id ??
      (
        await createReverseDeliveryWithTracking(deps.admin, {
          reverseFulfillmentOrderGid: plan.reverseFulfillmentOrderGid,
          lines: plan.lines,
          tracking: { number, url },
        })
      ).id;
    if (!existing) created++;
    await deps.db.shipment.update({
      where: { id: shipment.id },
      data: { reverseDeliveriesJson: JSON.stringify(plans) },
    });
  }
  return { created, updated };
}
