import type {
  BulkDispatchResponse,
  BulkDispatchResult,
  DispatchResponse,
  QuoteResponse,
  ShipmentView,
} from "../../extensions/shared/api-contract";
import { orderGidFromId } from "../../extensions/shared/api-contract";
import type { StaffDeps, WithAdmin } from "./deps";
import { COURIER_NOT_CONNECTED } from "~/courier/errors";
import { courierCall, ORDER_NOT_FOUND, SHIPMENT_NOT_FOUND, StaffActionError } from "./errors";
import { shipmentViewModel, shipmentViews } from "./shipments.server";
import { recordStaffAction, STAFF_ACTIONS } from "~/shops/staff-actions.server";
import type { StaffActor } from "~/shops/staff-actor";
import { windowTitle } from "~/dispatch/public";
import { deliverAgain, DispatchRefused, dispatchNow, quoteOrder } from "~/dispatch/public.server";
import { cancelAndRedispatch, RedispatchRefused } from "~/order-changes/public.server";

/** "Dispatch now", bulk dispatch and cancel-and-re-dispatch, for the order page and the orders list. */

type Deps = StaffDeps & WithAdmin;

function refusal(error: DispatchRefused): StaffActionError {
  if (error.reason === "unknown_shop" || error.reason === "unknown_order")
    return new StaffActionError(404, ORDER_NOT_FOUND);
  if (error.reason === "no_courier") return new StaffActionError(409, COURIER_NOT_CONNECTED);
  return new StaffActionError(409, error.message);
}

export async function quoteForOrder(
  deps: StaffDeps & WithAdmin,
  input: { shopDomain: string; orderId: string; redeliveryOf?: { fulfillmentOrderGid: string } },
): Promise<QuoteResponse> {
  const shop = await deps.db.shop.findUnique({ where: { domain: input.shopDomain }, select: { timezone: true } });
  if (!shop) throw new StaffActionError(404, ORDER_NOT_FOUND);
  try {
    const courier = await deps.courierFor(input.shopDomain);
    const result = await courierCall(
      () =>
        quoteOrder(
          { db: deps.db, admin: deps.admin, courier, clock: deps.clock },
          {
            shopDomain: input.shopDomain,
            orderGid: orderGidFromId(input.orderId),
            ...(input.redeliveryOf ? { redeliveryOf: input.redeliveryOf } : {}),
          },
        ),
      "The courier refused to price this delivery.",
    );
    const now = deps.clock();
    return {
      windows: result.windows.map((w) => ({
        serviceCode: w.serviceCode,
        title: windowTitle(w.deliverStart, w.deliverEnd, now, shop.timezone),
        deliverStartIso: w.deliverStart.toISOString(),
        deliverEndIso: w.deliverEnd.toISOString(),
        priceCents: w.priceCents,
        currencyCode: result.currencyCode,
      })),
      unavailableReason: result.unavailableReason,
      areaNote: result.areaNote,
    };
  } catch (error) {
    if (error instanceof DispatchRefused) throw refusal(error);
    throw error;
  }
}

async function dispatchOne(
  deps: Deps,
  shopDomain: string,
  orderId: string,
  serviceCode: string | null,
  staff: StaffActor,
) {
  const orderGid = orderGidFromId(orderId);
  const outcome = await dispatchNow(
    { db: deps.db, queue: deps.queue, clock: deps.clock, admin: deps.admin },
    { shopDomain, orderGid, serviceCode },
  );
  const shop = await deps.db.shop.findUniqueOrThrow({
    where: { domain: shopDomain },
    select: { id: true, domain: true, settingsJson: true },
  });
  const orderName = outcome.shipments[0]?.orderName ?? outcome.decision?.orderName ?? null;
  const order = orderName ? `order ${orderName}` : "the order";
  await recordStaffAction(deps.db, {
    shop: { id: shop.id },
    orderGid,
    action: STAFF_ACTIONS.dispatch,
    detail:
      outcome.decision?.outcome === "skipped"
        ? `Asked to dispatch ${order}; not dispatched: ${outcome.decision.reason}`
        : `Dispatched ${order} now${serviceCode ? "" : " in its default window"}.`,
    staff,
    at: deps.clock(),
  });
  return { ...outcome, views: await shipmentViews(deps, shop, outcome.shipments) };
}

export async function dispatchOrderNow(
  deps: Deps,
  input: { shopDomain: string; orderId: string; windowServiceCode: string; staff: StaffActor },
): Promise<DispatchResponse> {
  try {
    const { views, decision } = await dispatchOne(
      deps,
      input.shopDomain,
      input.orderId,
      input.windowServiceCode,
      input.staff,
    );
    if (views.length === 0) {
      throw new StaffActionError(
        409,
        decision?.reason ?? "The dispatch is still running; reload the order in a moment to see it.",
      );
    }
    return { shipments: views };
  } catch (error) {
    if (error instanceof DispatchRefused) throw refusal(error);
    throw error;
  }
}

function bulkResult(
  orderId: string,
  orderName: string | null,
  outcome: BulkDispatchResult["outcome"],
  message: string | null,
  shipments: ShipmentView[] = [],
): BulkDispatchResult {
  return { orderId, orderName, outcome, message, shipments };
}

/** Each selected order in its default window, one after the other; one result per order whatever happens. */
export async function bulkDispatch(
  deps: Deps,
  input: { shopDomain: string; orderIds: string[]; staff: StaffActor },
): Promise<BulkDispatchResponse> {
  const results: BulkDispatchResult[] = [];
  for (const orderId of input.orderIds) {
    try {
      const { views, decision, shipments } = await dispatchOne(deps, input.shopDomain, orderId, null, input.staff);
      const name = shipments[0]?.orderName ?? decision?.orderName ?? null;
      const created = views.filter((v) => !v.needsAttention);
      if (created.length > 0) results.push(bulkResult(orderId, name, "dispatched", null, views));
      else if (views.length > 0) results.push(bulkResult(orderId, name, "failed", views[0]!.attentionReason, views));
      else if (decision?.outcome === "skipped")
        results.push(bulkResult(orderId, name, "not_eligible", decision.reason));
      else
        results.push(
          bulkResult(orderId, name, "failed", "The dispatch is still running; reload the order in a moment to see it."),
        );
    } catch (error) {
      if (error instanceof DispatchRefused) {
        results.push(
          bulkResult(
            orderId,
            null,
            error.reason === "already_dispatched" ? "already_dispatched" : "not_eligible",
            refusal(error).message,
          ),
        );
      } else if (error instanceof StaffActionError) {
        results.push(bulkResult(orderId, null, "failed", error.message));
      } else {
        throw error;
      }
    }
  }
  return { results };
}

/** "Cancel and re-dispatch" for a shipment the order has outgrown; "dispatch again" for one the courier canceled. */
export async function redispatchShipment(
  deps: Deps,
  input: { shopDomain: string; shipmentId: string; staff: StaffActor },
): Promise<{ shipment: ShipmentView }> {
  let alreadyCanceled = false;
  try {
    ({ alreadyCanceled } = await courierCall(
      () =>
        cancelAndRedispatch(
          { db: deps.db, queue: deps.queue, courierFor: deps.courierFor, clock: deps.clock },
          input.shopDomain,
          input.shipmentId,
        ),
      "The courier no longer allows canceling this delivery: the driver has picked it up.",
    ));
  } catch (error) {
    if (error instanceof RedispatchRefused) {
      throw error.reason === "not_found"
        ? new StaffActionError(404, SHIPMENT_NOT_FOUND)
        : error.reason === "no_courier"
          ? new StaffActionError(409, COURIER_NOT_CONNECTED)
          : new StaffActionError(409, error.message);
    }
    throw error;
  }
  await recordStaffAction(deps.db, {
    shop: { domain: input.shopDomain },
    shipmentId: input.shipmentId,
    action: STAFF_ACTIONS.redispatch,
    detail: alreadyCanceled
      ? "Dispatched the canceled delivery again with the order's current details."
      : "Canceled the delivery at the courier and dispatched it again with the order's current details.",
    staff: input.staff,
    at: deps.clock(),
  });
  return { shipment: await shipmentViewModel(deps, input.shopDomain, input.shipmentId) };
}

/**
 * "Deliver again" on a delivery the courier returned to the store: a new courier shipment of the
 * returned items in the window kind staff confirmed (app/dispatch/redelivery.server.ts); the worker books it.
 */
export async function deliverAgainShipment(
  deps: Deps,
  input: { shopDomain: string; shipmentId: string; serviceCode: string | null; staff: StaffActor },
): Promise<void> {
  let booked: Awaited<ReturnType<typeof deliverAgain>>;
  try {
    booked = await deliverAgain(deps, input);
  } catch (error) {
    if (!(error instanceof DispatchRefused)) throw error;
    throw error.reason === "unknown_order"
      ? new StaffActionError(404, SHIPMENT_NOT_FOUND)
      : new StaffActionError(409, error.message);
  }
  await recordStaffAction(deps.db, {
    shop: { domain: input.shopDomain },
    shipmentId: input.shipmentId,
    orderGid: booked.orderGid,
    action: STAFF_ACTIONS.deliverAgain,
    detail: `Sent the returned items of order ${booked.orderName} out again as a new delivery (dispatch ${booked.generation}).`,
    staff: input.staff,
    at: deps.clock(),
  });
}
