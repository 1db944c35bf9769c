import type { NoDriverRaise, Shipment } from "@prisma/client";
import type { CourierClient } from "~/courier/client.server";
import type { Db } from "~/db/client.server";
import { JobError, permanentFailure } from "~/jobs/errors";
import type { JobQueue } from "~/jobs/queue.server";
import { parseShopSettings } from "~/settings/shop-settings";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import type { ShipmentState } from "~/shipments/states";
import { markNoDriverYet } from "./mark-no-driver.server";
import { noDriverYetKind, WATCHDOG_ACTIVITY } from "~/shipments/activity-kinds";
import { recordOnShipment } from "~/shipments/record.server";
import { decideNoDriverWatch } from "./no-driver-decision";
import { confirmRaise, dropRaise, reserveRaise } from "./raise-ledger.server";
import { createdOptions, raiseExtraCompensation, startingExtraCents } from "./raise-payout.server";
import { raisedOnShopDay } from "./raises.server";
import { type NoDriverCause, noDriverWatchJob, type NoDriverWatchPayload } from "~/tracking/public";

/**
 * One look of the no-driver watchdog (decision in no-driver-decision.ts): the shipment, its raises
 * and the shop's day are read again now; a raise the decision asks for is reserved under the caps
 * (raise-ledger.server.ts), sent to the courier and confirmed; "no driver yet" is marked once per
 * courier shipment; and the next look is enqueued. A raise reserved by a run that did not finish is
 * sent first (the same absolute amount: the courier's answer to the lost request is unknown).
 */

export type NoDriverWatchDeps = {
  db: Db;
  queue: JobQueue;
  courier: CourierClient | null;
  /** Shopify, for the order's attention tag (only when the shipment needs attention). */
  admin: () => Promise<AdminGraphql>;
  clock: () => Date;
};

export type NoDriverWatchResult = {
  raisedCents: number;
  attention: NoDriverCause | null;
  alreadyAssigned: boolean;
  nextCheckAt: Date | null;
  note: string;
};

const ended = (note: string, alreadyAssigned = false): NoDriverWatchResult => ({
  raisedCents: 0,
  attention: null,
  alreadyAssigned,
  nextCheckAt: null,
  note,
});

/** Sends a reserved raise; false when the courier answered 1003 (a driver already took the shipment). */
async function sendRaise(deps: NoDriverWatchDeps, shipment: Shipment, raise: NoDriverRaise): Promise<boolean> {
  if (!deps.courier) {
    await dropRaise(deps.db, raise);
    throw permanentFailure("Connect a courier account in the app's settings to raise a driver's pay.");
  }
  let outcome;
  try {
    outcome = await raiseExtraCompensation(deps.courier, {
      courierShipmentId: raise.courierShipmentId,
      options: createdOptions(shipment.requestJson),
      extraCompensationCents: raise.extraCompensationCents,
    });
  } catch (error) {
    // A refusal spends nothing; a failure worth retrying keeps the reservation for the retry.
    if (error instanceof JobError && error.permanent) await dropRaise(deps.db, raise);
    throw error;
  }
  const now = deps.clock();
  if (outcome.kind === "raised") {
    await confirmRaise(deps.db, raise, outcome.priceCents, now);
    return true;
  }
  await dropRaise(deps.db, raise);
  await recordOnShipment(deps.db, {
    shipmentId: shipment.id,
    at: now,
    entry: {
      kind: WATCHDOG_ACTIVITY.alreadyAssigned,
      message: "Driver's pay not raised: the courier reports a driver has already taken the delivery.",
    },
  });
  return false;
}

export async function runNoDriverWatch(
  deps: NoDriverWatchDeps,
  shopDomain: string,
  payload: NoDriverWatchPayload,
): Promise<NoDriverWatchResult> {
  const found = await deps.db.shipment.findUnique({
    where: { id: payload.shipmentId },
    include: { shop: { select: { id: true, domain: true, timezone: true, settingsJson: true } } },
  });
  if (!found || found.shop.domain !== shopDomain) return ended("No such shipment");
  const { shop, ...shipment } = found;
  // A repost or another dispatch: this chain watched a courier shipment the row no longer follows.
  if (shipment.courierShipmentId !== payload.courierShipmentId)
    return ended("The shipment follows another courier shipment");
  const courierShipmentId = payload.courierShipmentId;
  const settings = parseShopSettings(shop.settingsJson);
  const now = deps.clock();
  const raisesOf = () =>
    deps.db.noDriverRaise.findMany({
      where: { shipmentId: shipment.id, courierShipmentId },
      orderBy: { raisedAt: "asc" },
    });

  const unsent = (await raisesOf()).find((r) => r.sentAt === null);
  if (unsent && !(await sendRaise(deps, shipment, unsent))) return ended("Already assigned", true);
  // Sent by this run, though reserved by an earlier one (the decision below counts it as made).
  const resumedCents = unsent?.amountCents ?? 0;

  const [raises, marked, shopToday] = await Promise.all([
    raisesOf(),
    deps.db.shipmentActivity.count({ where: { shipmentId: shipment.id, kind: noDriverYetKind(courierShipmentId) } }),
    raisedOnShopDay(deps.db, shop, now),
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
  let attention = decision.attention;
  if (decision.raise) {
    const reserved = await reserveRaise(deps.db, {
      shop,
      shipmentId: shipment.id,
      courierShipmentId,
      checkAt: new Date(payload.checkAt),
      settings: settings.noDriverWatch,
      startingExtraCents: startingExtraCents(createdOptions(shipment.requestJson)),
      now,
    });
    if (!reserved) {
      // Another shipment's look spent the rest of the day's money meanwhile.
      attention ??= marked > 0 ? null : "cap_reached";
    } else if (await sendRaise(deps, shipment, reserved)) {
      raisedCents = reserved.amountCents;
    } else {
      return ended("Already assigned", true);
    }
  }

  if (attention) {
    const raisedSoFar = raises.reduce((sum, r) => sum + r.amountCents, 0);
    await markNoDriverYet(deps, {
      shopDomain,
      shipment,
      courierShipmentId,
      attentionTag: settings.tags.attention,
      cause: attention,
      raisedCents: raisedSoFar + raisedCents,
      now,
    });
  }
  if (decision.nextCheckAt)
    await deps.queue.enqueue(
      noDriverWatchJob(shopDomain, { id: shipment.id, courierShipmentId }, decision.nextCheckAt),
    );
  return {
    raisedCents: resumedCents + raisedCents,
    attention,
    alreadyAssigned: false,
    nextCheckAt: decision.nextCheckAt,
    note: decision.note,
  };
}
