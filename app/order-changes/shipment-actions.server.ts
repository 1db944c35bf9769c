import { recipientColumns } from "~/shipments/recipient";
import type { Prisma, Shipment } from "@prisma/client";
import type { CourierClient } from "~/courier/client.server";
import { CourierError } from "~/courier/errors";
import { API_ERROR_CODES } from "~/courier/limits";
import type { CreateShipmentRequest } from "~/courier/requests";
import { permanentFailure, retryLater } from "~/jobs/errors";
import type { ShopSettings } from "~/settings/shop-settings";
import { cancelAtCourier, markShipmentCanceled } from "~/shipments/cancel.server";
import { recordOnShipment } from "~/shipments/record.server";
import type { OrderForDispatch } from "~/shopify-admin/orders.server";
import { ORDER_CHANGE_ACTIVITY, flaggedKind } from "~/shipments/activity-kinds";
import { phaseOf, type Decision, type ShipmentPhase } from "./decide";
import { applyPatch, type ShipmentDiff } from "./shipment-diff";
import {
  COURIER_LOST,
  ORDER_CHANGE_ATTENTION,
  canceledInWords,
  cancellationFor,
  feeInWords,
  flagInWords,
  updateRefusedInWords,
  updatedInWords,
  type LocationNames,
} from "./wording";
import type { pickupPointsOf } from "~/dispatch/public";
import type { DispatchDeps } from "~/dispatch/public.server";
import { dollarsToCents } from "~/quote/public";
import { keepRaisedPay } from "~/watchdog/public.server";

/**
 * What the order-change job does to one shipment, at the courier and in the database: update,
 * cancel (after making sure no driver took it meanwhile, unless the order is cancelled), or flag
 * for staff once. Each outcome is written to the shipment's timeline in the same transaction as
 * the shipment's new state.
 */

/** The same collaborators as the dispatch jobs (the worker builds them once for both). */
export type OrderSyncDeps = DispatchDeps;

export const COURIER_NOT_CONNECTED =
  "Connect a courier account in the app's settings: the order changed and its delivery cannot be updated.";

export type ShipmentOutcome =
  "none" | "in_step" | "updated" | "update_refused" | "canceled" | "flagged" | "already_flagged";

export type ShipmentRow = Shipment & { activities: { kind: string; message: string }[] };
export type FulfillmentOrder = OrderForDispatch["fulfillmentOrders"]["nodes"][number];

export type SyncContext = {
  deps: OrderSyncDeps;
  shop: { id: string; domain: string; timezone: string };
  settings: ShopSettings;
  order: OrderForDispatch;
  pickupPoints: ReturnType<typeof pickupPointsOf>;
  orderServiceCode: string | null;
  /** Something changed on a shipment: the order's summary metafield is refreshed. */
  changed: boolean;
  /** A shipment was newly flagged: the order gets the attention tag. */
  flagged: boolean;
};

function locationName(ctx: SyncContext, locationGid: string | null | undefined, fallback: string): string {
  return (locationGid ? ctx.pickupPoints.get(locationGid)?.name : undefined) ?? fallback;
}

export function namesFor(
  ctx: SyncContext,
  shipment: ShipmentRow,
  fo: FulfillmentOrder | undefined,
  requested: CreateShipmentRequest | null,
): LocationNames {
  const from = locationName(
    ctx,
    shipment.locationGid,
    requested?.pickup_location.address.name ?? "the original location",
  );
  const to = fo ? locationName(ctx, fo.assignedLocation.location?.id, fo.assignedLocation.name) : "another location";
  return { from, to };
}

function requireCourier(ctx: SyncContext): CourierClient {
  if (!ctx.deps.courier) throw permanentFailure(COURIER_NOT_CONNECTED);
  return ctx.deps.courier;
}

/** A courier failure that is not an answer about the shipment: retried, or the job stops with the courier's words. */
function courierJobError(error: CourierError) {
  return error.retryable
    ? retryLater(error.merchantMessage, error.retryAfterMs ?? 5_000, error)
    : permanentFailure(error.merchantMessage, error);
}

/** A shipment the courier no longer knows is flagged for staff; any other failure retries or stops the job. */
async function courierFailure(ctx: SyncContext, shipment: ShipmentRow, error: CourierError): Promise<ShipmentOutcome> {
  if (error.kind === "not_found")
    return raiseFlag(ctx, shipment, ORDER_CHANGE_ACTIVITY.updateRefused, {
      timeline: COURIER_LOST,
      attention: COURIER_LOST,
    });
  throw courierJobError(error);
}

const isRuleViolation = (error: CourierError) => error.apiErrors.some((e) => e.code === API_ERROR_CODES.rule);
export const raisedByOrderChange = (shipment: Shipment) =>
  shipment.needsAttention && (shipment.attentionReason ?? "").startsWith(ORDER_CHANGE_ATTENTION);

export async function record(
  ctx: SyncContext,
  shipmentId: string,
  kind: string,
  message: string,
  data: Prisma.ShipmentUpdateInput = {},
) {
  const at = ctx.deps.clock();
  await ctx.deps.db.$transaction((tx) => recordOnShipment(tx, { shipmentId, at, data, entry: { kind, message } }));
  ctx.changed = true;
}

/** Raises a flag once: the same reason already raised adds nothing (webhooks repeat; our own tags trigger updates). */
export async function raiseFlag(
  ctx: SyncContext,
  shipment: ShipmentRow,
  kind: string,
  words: { timeline: string; attention: string },
): Promise<ShipmentOutcome> {
  const last = shipment.activities[0];
  if (
    shipment.needsAttention &&
    shipment.attentionReason === words.attention &&
    last?.kind === kind &&
    last.message === words.timeline
  )
    return "already_flagged";
  // An ended shipment flagged here could not be dispatched again as the order stands: the order needs fixing.
  const attentionCode =
    phaseOf(shipment.state, Boolean(shipment.courierShipmentId)) === "ended" ? "dispatch_failed" : "order_changed";
  await record(ctx, shipment.id, kind, words.timeline, {
    needsAttention: true,
    attentionReason: words.attention,
    attentionCode,
  });
  ctx.flagged = true;
  return "flagged";
}

export async function flag(
  ctx: SyncContext,
  shipment: ShipmentRow,
  decision: Extract<Decision, { action: "flag" }>,
  names: LocationNames,
) {
  const changes = decision.diff?.changes ?? [];
  const code = cancellationFor(decision.cause, changes).cancellation_code ?? "other";
  return raiseFlag(
    ctx,
    shipment,
    flaggedKind(decision.cause, code),
    flagInWords(decision.cause, { changes, reason: decision.reason, names }),
  );
}

export async function update(
  ctx: SyncContext,
  shipment: ShipmentRow,
  diff: ShipmentDiff,
  requested: CreateShipmentRequest,
  names: LocationNames,
): Promise<ShipmentOutcome> {
  const courier = requireCourier(ctx);
  let sent;
  try {
    const patch = await keepRaisedPay(ctx.deps.db, shipment, diff.patch);
    sent = await courier.updateShipment(shipment.courierShipmentId!, patch, { lane: "background" });
  } catch (error) {
    if (!(error instanceof CourierError)) throw error;
    // The courier's "not any more": a driver accepted before our state knew it.
    if (isRuleViolation(error)) return flag(ctx, shipment, { action: "flag", cause: "changed", diff }, names);
    if (error.kind === "validation" || error.kind === "invalid_request") {
      const words = updateRefusedInWords(diff.changes, error.merchantMessage);
      const outcome = await raiseFlag(ctx, shipment, ORDER_CHANGE_ACTIVITY.updateRefused, words);
      return outcome === "flagged" ? "update_refused" : outcome;
    }
    return courierFailure(ctx, shipment, error);
  }
  const next = applyPatch(requested, diff.patch);
  const date = (value: string | Date) => (value instanceof Date ? value : new Date(value));
  await record(ctx, shipment.id, ORDER_CHANGE_ACTIVITY.updated, updatedInWords(diff.changes), {
    requestJson: JSON.stringify(next),
    ...recipientColumns(JSON.stringify(next)),
    pickupAfter: date(next.pickup_after),
    deliverStart: date(next.deliver_between.start),
    deliverEnd: date(next.deliver_between.end),
    ...(typeof sent.price === "number" && sent.price >= 0 ? { priceCents: dollarsToCents(sent.price) } : {}),
    ...(typeof sent.estimated_distance === "number" ? { estimatedDistance: sent.estimated_distance } : {}),
    ...(raisedByOrderChange(shipment) ? { needsAttention: false, attentionReason: null, attentionCode: null } : {}),
  });
  return "updated";
}

const PHASE_OF_COURIER_STATE: Record<string, ShipmentPhase> = {
  scheduled: "unassigned",
  assigned: "assigned",
  en_route: "picked_up",
  attempted: "picked_up",
};

export async function cancel(
  ctx: SyncContext,
  shipment: ShipmentRow,
  decision: Extract<Decision, { action: "cancel" }>,
  facts: { phase: ShipmentPhase; names: LocationNames; redecide: (phase: ShipmentPhase) => Decision },
): Promise<ShipmentOutcome> {
  const courier = requireCourier(ctx);
  const courierId = shipment.courierShipmentId!;
  // Only a cancelled order is worth a fee: for any other cause, make sure no driver took it meanwhile.
  if (decision.cause !== "order_cancelled") {
    let current;
    try {
      current = await courier.getShipment(courierId, { lane: "background" });
    } catch (error) {
      if (!(error instanceof CourierError)) throw error;
      return courierFailure(ctx, shipment, error);
    }
    const known = PHASE_OF_COURIER_STATE[current.state];
    const phase: ShipmentPhase =
      known === undefined ? "ended" : known === "unassigned" && current.driver ? "assigned" : known;
    if (phase !== "unassigned") {
      const again = facts.redecide(phase);
      return again.action === "flag" ? flag(ctx, shipment, again, facts.names) : "none";
    }
  }
  let outcome;
  try {
    outcome = await cancelAtCourier(courier, courierId, cancellationFor(decision.cause));
  } catch (error) {
    if (!(error instanceof CourierError)) throw error;
    return courierFailure(ctx, shipment, error);
  }
  if (!outcome.canceled) {
    const again = facts.redecide("picked_up");
    return again.action === "flag" ? flag(ctx, shipment, again, facts.names) : "none";
  }
  const now = ctx.deps.clock();
  const message = `${canceledInWords(decision.cause, facts.names, decision.then)}${feeInWords(outcome.cancellationFee, facts.phase === "assigned")}`;
  await ctx.deps.db.$transaction((tx) =>
    markShipmentCanceled(tx, {
      shipmentId: shipment.id,
      at: now,
      entry: { kind: ORDER_CHANGE_ACTIVITY.canceled, message },
      ...(decision.then === "nothing"
        ? {}
        : {
            followedBy: {
              kind: ORDER_CHANGE_ACTIVITY.redispatchPending,
              message:
                decision.then === "await_release"
                  ? "Waiting for the hold to be released to dispatch again."
                  : "Waiting to be dispatched again.",
            },
          }),
    }),
  );
  // The redispatch (if any) is picked up below, in dispatchWhatWaits, from the marker just written.
  shipment.state = "canceled";
  shipment.activities.unshift({
    kind: decision.then === "nothing" ? ORDER_CHANGE_ACTIVITY.canceled : ORDER_CHANGE_ACTIVITY.redispatchPending,
    message,
  });
  ctx.changed = true;
  return "canceled";
}
