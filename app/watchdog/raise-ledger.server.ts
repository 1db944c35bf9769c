import type { NoDriverRaise } from "@prisma/client";
import type { Db } from "~/db/client.server";
import type { NoDriverWatchSettings } from "~/settings/no-driver-schema";
import { RAISE_ACTIVITY } from "~/shipments/activity-kinds";
import { recordOnShipment } from "~/shipments/record.server";
import { raisedOnShopDay } from "./raises.server";
import { raiseInWords } from "~/tracking/public";

/**
 * The raises as a ledger: a raise is reserved before the courier is asked, confirmed once it
 * accepted, deleted when it refused. Reserving locks the shop's row (an update of it) and reads the
 * caps again inside that transaction, so looks at several shipments of one shop at the same moment
 * (one worker runs jobs side by side; several instances share PostgreSQL) never spend past the
 * shop's daily cap: the second waits for the first to commit and then counts its raise.
 */

export type RaiseRequest = {
  shop: { id: string; timezone: string };
  shipmentId: string;
  courierShipmentId: string;
  /** The look the raise belongs to (one raise per look). */
  checkAt: Date;
  settings: NoDriverWatchSettings;
  /** What the shipment's extra compensation was at creation (cents). */
  startingExtraCents: number;
  now: Date;
};

/** The raise reserved for this look (an earlier run's, or a new one), or null when the caps leave nothing. */
export async function reserveRaise(db: Db, request: RaiseRequest): Promise<NoDriverRaise | null> {
  const { shop, shipmentId, courierShipmentId, checkAt, settings, now } = request;
  return db.$transaction(async (tx) => {
    await tx.shop.update({ where: { id: shop.id }, data: { updatedAt: now } });
    const key = { shipmentId, courierShipmentId, checkAt };
    const existing = await tx.noDriverRaise.findUnique({ where: { shipmentId_courierShipmentId_checkAt: key } });
    if (existing) return existing;
    const [shipmentSum, shopToday] = await Promise.all([
      tx.noDriverRaise.aggregate({ where: { shipmentId, courierShipmentId }, _sum: { amountCents: true } }),
      raisedOnShopDay(tx, shop, now),
    ]);
    const raised = shipmentSum._sum.amountCents ?? 0;
    const cents = Math.min(
      settings.stepCents,
      settings.maxPerShipmentCents - raised,
      settings.maxPerShopPerDayCents - shopToday,
    );
    if (cents <= 0) return null;
    return tx.noDriverRaise.create({
      data: {
        ...key,
        shopId: shop.id,
        amountCents: cents,
        extraCompensationCents: request.startingExtraCents + raised + cents,
        raisedAt: now,
      },
    });
  });
}

/** The courier accepted: the raise counts as sent, on the timeline with its amount, and the new price kept. */
export async function confirmRaise(db: Db, raise: NoDriverRaise, priceCents: number | null, now: Date) {
  await db.$transaction(async (tx) => {
    await tx.noDriverRaise.update({ where: { id: raise.id }, data: { sentAt: now } });
    await recordOnShipment(tx, {
      shipmentId: raise.shipmentId,
      at: now,
      entry: { kind: RAISE_ACTIVITY, message: raiseInWords(raise.amountCents, raise.extraCompensationCents) },
    });
    if (priceCents !== null) await tx.shipment.update({ where: { id: raise.shipmentId }, data: { priceCents } });
  });
}

/** The courier refused (a driver took the shipment, or the request was wrong): nothing was spent. */
export async function dropRaise(db: Db, raise: NoDriverRaise) {
  await db.noDriverRaise.deleteMany({ where: { id: raise.id, sentAt: null } });
}
