import type { Db } from "~/db/client.server";
import type { JobQueue } from "~/jobs/queue.server";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import { fetchReturnForPickup } from "~/shopify-admin/returns.server";
import { recordStaffAction, STAFF_ACTIONS } from "~/shops/staff-actions.server";
import type { StaffActor } from "~/shops/staff-actor";
import { enqueueReturnPickup } from "./enqueue.server";
import { pickupRefusal, RETURN_LEG_FIELDS, RETURN_NOT_OPEN } from "./pickup-offer";
import { StaffActionError } from "~/staff/public";

export { PICKUP_ALREADY_BOOKED, RETURN_ALREADY_COLLECTED, RETURN_NOT_OPEN } from "./pickup-offer";
export const RETURN_NOT_FOUND = "This return was not found on this order.";

/**
 * Staff book a driver for an approved return (the order page): the next generation of the return's
 * booking, so the courier's idempotency keys are new and the earlier legs (canceled, expired, failed)
 * stay as they were. The shop's "courier returns" switch does not stop a staff action. The return is
 * read from Shopify first: another order's return, or one not open, is refused here, not in the job.
 */
export async function bookReturnPickupByStaff(
  deps: { db: Db; queue: JobQueue; admin: AdminGraphql; clock: () => Date },
  input: { shopDomain: string; returnGid: string; orderGid: string; staff: StaffActor },
): Promise<{ generation: number }> {
  const shop = await deps.db.shop.findUnique({ where: { domain: input.shopDomain }, select: { id: true } });
  if (!shop) throw new StaffActionError(404, "This order was not found in your store.");
  const ret = await fetchReturnForPickup(deps.admin, input.returnGid);
  if (!ret || ret.order.id !== input.orderGid) throw new StaffActionError(404, RETURN_NOT_FOUND);
  if (ret.status !== "OPEN") throw new StaffActionError(409, RETURN_NOT_OPEN);
  const legs = await deps.db.shipment.findMany({
    where: { shopId: shop.id, returnGid: input.returnGid },
    select: RETURN_LEG_FIELDS,
  });
  const refusal = pickupRefusal(ret.status, legs);
  if (refusal) throw new StaffActionError(409, refusal);
  const generation = Math.max(0, ...legs.map((leg) => leg.generation)) + 1;
  await deps.db.$transaction(async (tx) => {
    await enqueueReturnPickup(
      deps.queue,
      { shopDomain: input.shopDomain, returnGid: input.returnGid, orderGid: input.orderGid, generation, byStaff: true },
      tx,
    );
    await recordStaffAction(tx, {
      shop: { id: shop.id },
      orderGid: input.orderGid,
      action: STAFF_ACTIONS.returnPickup,
      detail: `Booked a driver to collect return ${input.returnGid.slice(input.returnGid.lastIndexOf("/") + 1)}.`,
      staff: input.staff,
      at: deps.clock(),
    });
  });
  return { generation };
}
