import type { UpdateShipmentRequest } from "~/courier/requests";
import type { Db } from "~/db/client.server";
import type { Tx } from "~/jobs/queue.server";
import { shopDay, shopMonth, type Period } from "./periods";

/**
 * The watchdog's money, read from NoDriverRaise: per shipment, per shop day (the cap) and per shop
 * month. The cap counts reserved raises too (raise-ledger.server.ts); what was spent counts only those
 * the courier accepted.
 */

const SENT = { sentAt: { not: null } };

async function raisedIn(db: Db | Tx, shopId: string, period: Period, sentOnly: boolean): Promise<number> {
  const sum = await db.noDriverRaise.aggregate({
    where: { shopId, raisedAt: { gte: period.start, lt: period.end }, ...(sentOnly ? SENT : {}) },
    _sum: { amountCents: true },
  });
  return sum._sum.amountCents ?? 0;
}

/** What the shop's raises, reserved or sent, add up to on the shop-local day of `now` (the daily cap's count). */
export function raisedOnShopDay(db: Db | Tx, shop: { id: string; timezone: string }, now: Date): Promise<number> {
  return raisedIn(db, shop.id, shopDay(now, shop.timezone), false);
}

/** What the shop's raises added to drivers' pay in the shop-local month of `now` (USD cents). */
export function raisedInShopMonth(db: Db | Tx, shop: { id: string; timezone: string }, now: Date): Promise<number> {
  return raisedIn(db, shop.id, shopMonth(now, shop.timezone), true);
}

/** What was raised for each of these shipments, all courier shipments they followed (USD cents). */
export async function raisedPerShipment(db: Db | Tx, shipmentIds: readonly string[]): Promise<Map<string, number>> {
  if (shipmentIds.length === 0) return new Map();
  const rows = await db.noDriverRaise.groupBy({
    by: ["shipmentId"],
    where: { shipmentId: { in: [...shipmentIds] }, ...SENT },
    _sum: { amountCents: true },
  });
  return new Map(rows.map((row) => [row.shipmentId, row._sum.amountCents ?? 0]));
}

/**
 * The figure the Deliveries page shows (and Home may): what the shop's raises added to drivers' pay
 * in the current month of its calendar, in USD cents (0 for an unknown shop).
 */
export async function driverPayRaisedThisMonth(db: Db, shopDomain: string, now: Date): Promise<number> {
  const shop = await db.shop.findUnique({ where: { domain: shopDomain }, select: { id: true, timezone: true } });
  return shop ? raisedInShopMonth(db, shop, now) : 0;
}

/**
 * An update of the shipment's options (an order change) sends the extra compensation the watchdog
 * reached, so the courier keeps paying the driver what was offered; other patches are left as they are.
 */
export async function keepRaisedPay(
  db: Db,
  shipment: { id: string; courierShipmentId: string | null },
  patch: UpdateShipmentRequest,
): Promise<UpdateShipmentRequest> {
  if (!patch.options || !shipment.courierShipmentId) return patch;
  const latest = await db.noDriverRaise.findFirst({
    where: { shipmentId: shipment.id, courierShipmentId: shipment.courierShipmentId, ...SENT },
    orderBy: { raisedAt: "desc" },
    select: { extraCompensationCents: true },
  });
  if (!latest) return patch;
  return { ...patch, options: { ...patch.options, extra_compensation: latest.extraCompensationCents / 100 } };
}
