import type { CourierClient } from "~/courier/client.server";
import type { CreateShipmentRequest } from "~/courier/requests";
import type { Db } from "~/db/client.server";
import type { JobQueue } from "~/jobs/queue.server";
import { dollarsToCents } from "~/quote/public";
import { spanLabel } from "~/schedule/labels";
import { dropSlotMove, heldSlotMove } from "~/schedule/slot-reservations.server";
import { parseShopSettings } from "~/settings/shop-settings";
import { MoveTarget } from "./slot-move-job";
import { recordWindowMove } from "./window-move.server";

export type SettleSlotMoveDeps = { db: Db; queue: JobQueue; courier: CourierClient | null; clock: () => Date };

const sameInstant = (a: Date | null | undefined, b: Date) => a instanceof Date && a.getTime() === b.getTime();

function parseTarget(moveJson: string | null): MoveTarget | null {
  try {
    const parsed = MoveTarget.safeParse(JSON.parse(moveJson ?? "null"));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * A window move still holding its place in the slot moved to when its settle job runs was never
 * finished (slot-move-job.ts): the process died, or the courier's answer never came. The courier's
 * record decides: when it has the new window, the move is recorded now, as the move would have
 * (window, price, the new place made the booking's, the no-driver watch); otherwise the held place is
 * given back and the booking keeps its old one. Without a courier to ask, the place is given back.
 * A finished move holds no place: nothing to do.
 */
export async function settleSlotMove(
  deps: SettleSlotMoveDeps,
  shipmentId: string,
): Promise<"none" | "recorded" | "given_back"> {
  const held = await heldSlotMove(deps.db, shipmentId);
  if (!held) return "none";
  const target = parseTarget(held.moveJson);
  const shipment = await deps.db.shipment.findUnique({ where: { id: shipmentId }, include: { shop: true } });
  const remote =
    target && shipment?.courierShipmentId && deps.courier
      ? await deps.courier.getShipment(shipment.courierShipmentId, { lane: "background" })
      : null;
  const taken =
    target !== null &&
    sameInstant(remote?.deliver_between?.start, target.deliverStart) &&
    sameInstant(remote?.deliver_between?.end, target.deliverEnd);
  if (!taken || !shipment || !target) {
    await dropSlotMove(deps.db, shipmentId);
    return "given_back";
  }
  const settings = parseShopSettings(shipment.shop.settingsJson);
  const timeZone = shipment.shop.timezone;
  const price = remote?.price;
  const at = deps.clock();
  await deps.db.$transaction((tx) =>
    recordWindowMove(tx, deps.queue, {
      shipment,
      request: JSON.parse(shipment.requestJson ?? "{}") as CreateShipmentRequest,
      target,
      priceCents: typeof price === "number" && price >= 0 ? dollarsToCents(price) : shipment.priceCents,
      place: {
        shopDomain: shipment.shop.domain,
        shipmentId,
        locationGid: shipment.locationGid,
        window: {
          windowId: target.windowId,
          serviceCode: target.serviceCode,
          deliverBetween: { start: target.deliverStart, end: target.deliverEnd },
        },
        settings,
        timeZone,
        at,
      },
      said: `The shopper's move to ${spanLabel(target.deliverStart, target.deliverEnd, null, timeZone)} reached the courier, but its answer was not recorded at the time; recorded now from the courier's record.`,
    }),
  );
  return "recorded";
}
