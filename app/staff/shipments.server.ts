import type { Shipment, Shop } from "@prisma/client";
import { z } from "zod";
import { SHIPMENT_ID_PATTERN, type ShipmentView } from "../../extensions/shared/api-contract";
import type { Db } from "~/db/client.server";
import { parseShopSettings, trackingUrlFor } from "~/settings/shop-settings";
import { cancellationCodeOfKind } from "~/shipments/activity-kinds";
import type { StaffDeps } from "./deps";
import { invalidInput, SHIPMENT_NOT_FOUND, StaffActionError } from "./errors";
import {
  ORDER_CHANGE_FLAG_KINDS,
  orderChangeFlagStands,
  PICKUP_APPROACH_EVENTS,
  toShipmentView,
  type ShipmentHistoryFacts,
} from "./view-model";
import { raisedPerShipment } from "~/watchdog/public.server";

/** Loading a shop's shipments and presenting them as the extension contract's `ShipmentView`. */

const ShipmentIdParam = z
  .string({ error: "A delivery id is required." })
  .regex(SHIPMENT_ID_PATTERN, "This is not a delivery id.");

export function parseShipmentId(raw: unknown): string {
  const parsed = ShipmentIdParam.safeParse(raw);
  if (!parsed.success)
    throw invalidInput({ shipmentId: parsed.error.issues[0]!.message }, "This is not a delivery id.");
  return parsed.data;
}

/** The shop's shipment; another shop's (or an unknown) id is "not found", never "forbidden". */
export async function findShopShipment(
  db: Db,
  shopDomain: string,
  shipmentId: string,
): Promise<{ shop: Shop; shipment: Shipment }> {
  const shipment = await db.shipment.findFirst({
    where: { id: shipmentId, shop: { domain: shopDomain } },
    include: { shop: true },
  });
  if (!shipment) throw new StaffActionError(404, SHIPMENT_NOT_FOUND);
  const { shop, ...row } = shipment;
  return { shop, shipment: row };
}

const CANCELED_EVENT = "shipment.canceled";

function cancellationCodeOf(payloadJson: string): string | null {
  try {
    const payload = JSON.parse(payloadJson) as { data?: { cancellation_code?: unknown } };
    const code = payload.data?.cancellation_code;
    return typeof code === "string" && code.trim() !== "" ? code.trim() : null;
  } catch {
    return null;
  }
}

/**
 * Facts from each shipment's events, its staff and order-change activities and the watchdog's raises,
 * in three queries for any number of shipments.
 */
export async function historyFacts(
  db: Db,
  shipments: Pick<Shipment, "id" | "courierShipmentId">[],
): Promise<Map<string, ShipmentHistoryFacts>> {
  const ids = shipments.map((s) => s.id);
  const [events, activities, raised] = await Promise.all([
    db.courierEvent.findMany({
      where: { shipmentId: { in: ids }, eventName: { in: [...PICKUP_APPROACH_EVENTS, CANCELED_EVENT] } },
      orderBy: { occurredAt: "asc" },
      select: { shipmentId: true, courierShipmentId: true, eventName: true, payloadJson: true },
    }),
    db.shipmentActivity.findMany({
      where: {
        shipmentId: { in: ids },
        OR: [
          { kind: { startsWith: "staff_cancel:" } },
          { kind: { startsWith: ORDER_CHANGE_FLAG_KINDS.raisedPrefix } },
          { kind: { in: [...ORDER_CHANGE_FLAG_KINDS.cleared] } },
        ],
      },
      orderBy: { createdAt: "asc" },
      select: { shipmentId: true, kind: true },
    }),
    raisedPerShipment(db, ids),
  ]);
  const facts = new Map<string, ShipmentHistoryFacts>();
  for (const shipment of shipments) {
    const own = events.filter((e) => e.shipmentId === shipment.id);
    // A repost gives the shipment a new courier id: only the current one's driver counts.
    const heading = own.some(
      (e) =>
        (PICKUP_APPROACH_EVENTS as readonly string[]).includes(e.eventName) &&
        (e.courierShipmentId === null || e.courierShipmentId === shipment.courierShipmentId),
    );
    const canceled = own.filter((e) => e.eventName === CANCELED_EVENT).map((e) => cancellationCodeOf(e.payloadJson));
    const kinds = activities.filter((a) => a.shipmentId === shipment.id).map((a) => a.kind);
    const staff = kinds.map(cancellationCodeOfKind);
    facts.set(shipment.id, {
      driverHeadingToPickup: heading,
      courierCancellationCode: canceled.filter((code) => code !== null).at(-1) ?? null,
      staffCancellationCode: staff.filter((code) => code !== null).at(-1) ?? null,
      orderChangeFlagged: orderChangeFlagStands(kinds),
      driverPayRaisedCents: raised.get(shipment.id) ?? 0,
    });
  }
  return facts;
}

const NO_HISTORY: ShipmentHistoryFacts = {
  driverHeadingToPickup: false,
  courierCancellationCode: null,
  staffCancellationCode: null,
  orderChangeFlagged: false,
  driverPayRaisedCents: 0,
};

/** Views of some of one shop's shipments, in the given order. */
export async function shipmentViews(
  deps: Pick<StaffDeps, "db" | "clock" | "files">,
  shop: Pick<Shop, "domain" | "settingsJson">,
  shipments: Shipment[],
): Promise<ShipmentView[]> {
  if (shipments.length === 0) return [];
  const settings = parseShopSettings(shop.settingsJson);
  const facts = await historyFacts(deps.db, shipments);
  const now = deps.clock();
  return shipments.map((shipment) =>
    toShipmentView(shipment, facts.get(shipment.id) ?? NO_HISTORY, {
      now,
      trackingUrl: (number) => trackingUrlFor(settings.tracking.urlTemplate, number),
      photoUrl: (kind) => deps.files.link({ shopDomain: shop.domain, shipmentId: shipment.id, file: kind }),
      labelsEnabled: true,
    }),
  );
}

/** One shipment of the shop as the extensions show it (404 for another shop's). */
export async function shipmentViewModel(
  deps: Pick<StaffDeps, "db" | "clock" | "files">,
  shopDomain: string,
  shipmentId: string,
): Promise<ShipmentView> {
  const { shop, shipment } = await findShopShipment(deps.db, shopDomain, shipmentId);
  const [view] = await shipmentViews(deps, shop, [shipment]);
  return view!;
}
