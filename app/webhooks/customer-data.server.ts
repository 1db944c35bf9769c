import type { Prisma } from "@prisma/client";
import type { Db } from "~/db/client.server";
import { customerGid, orderGid } from "./payloads";

/**
 * Every row that holds one customer's personal data, for customers/redact and customers/data_request.
 * Found by the customer (the shipment's customerGid, written at dispatch; the orders/paid deliveries
 * that named them) and by their orders (the payload's list): a shipment is the customer's when either
 * matches. Courier events are theirs by shipment row and also by courier shipment id, so events that
 * arrived before (or without) a matching row are found too.
 */

type DbOrTx = Db | Prisma.TransactionClient;

export type CustomerScope = { shopDomain: string; customerLegacyId: string; orderLegacyIds: string[] };

export const CUSTOMER_SHIPMENT_SELECT = {
  id: true,
  orderGid: true,
  orderName: true,
  state: true,
  trackingNumber: true,
  courierShipmentId: true,
  replacedByCourierId: true,
  requestJson: true,
  signatoryName: true,
  photosJson: true,
  driverName: true,
  driverPhone: true,
  attentionReason: true,
  createdAt: true,
} as const;

export type CustomerShipment = Prisma.ShipmentGetPayload<{ select: typeof CUSTOMER_SHIPMENT_SELECT }>;

export type CustomerRows = {
  shopDomain: string;
  shopId: string | null;
  customerGid: string;
  orderGids: string[];
  shipments: CustomerShipment[];
  /** Every courier shipment id those shipments had (reposts included). */
  courierShipmentIds: string[];
};

export async function findCustomerRows(db: DbOrTx, scope: CustomerScope): Promise<CustomerRows> {
  const customer = customerGid(scope.customerLegacyId);
  const linked = await db.webhookDelivery.findMany({
    where: { shopDomain: scope.shopDomain, customerGid: customer, orderGid: { not: null } },
    select: { orderGid: true },
  });
  const orders = new Set([...scope.orderLegacyIds.map(orderGid), ...linked.map((d) => d.orderGid!)]);
  const shop = await db.shop.findUnique({ where: { domain: scope.shopDomain }, select: { id: true } });
  if (!shop)
    return {
      shopDomain: scope.shopDomain,
      shopId: null,
      customerGid: customer,
      orderGids: [...orders],
      shipments: [],
      courierShipmentIds: [],
    };
  const shipments = await db.shipment.findMany({
    where: { shopId: shop.id, OR: [{ customerGid: customer }, { orderGid: { in: [...orders] } }] },
    select: CUSTOMER_SHIPMENT_SELECT,
    orderBy: { createdAt: "asc" },
  });
  for (const s of shipments) orders.add(s.orderGid);
  const courierShipmentIds = [
    ...new Set(shipments.flatMap((s) => [s.courierShipmentId, s.replacedByCourierId]).filter((id) => id !== null)),
  ];
  return {
    shopDomain: scope.shopDomain,
    shopId: shop.id,
    customerGid: customer,
    orderGids: [...orders],
    shipments,
    courierShipmentIds,
  };
}

/** The courier events of those shipments: by row, or by courier id when no row was matched. */
export function customerEventsWhere(rows: CustomerRows): Prisma.CourierEventWhereInput {
  return {
    shopId: rows.shopId ?? "none",
    OR: [
      { shipmentId: { in: rows.shipments.map((s) => s.id) } },
      { courierShipmentId: { in: rows.courierShipmentIds } },
    ],
  };
}

/** Jobs whose payload names one of those orders or shipments (their last error may quote the courier). */
export function customerJobsWhere(shopDomain: string, rows: CustomerRows): Prisma.JobWhereInput {
  const ids = [...rows.orderGids, ...rows.shipments.map((s) => s.id)];
  return { shopDomain, OR: ids.map((id) => ({ payloadJson: { contains: id } })) };
}

function parsed(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
}

/** The customer's data as the app holds it: what the merchant downloads for a data request. */
export async function customerDataReport(db: DbOrTx, rows: CustomerRows) {
  const events = rows.shipments.length
    ? await db.courierEvent.findMany({
        where: customerEventsWhere(rows),
        select: { shipmentId: true, courierShipmentId: true, eventName: true, occurredAt: true, payloadJson: true },
        orderBy: { occurredAt: "asc" },
      })
    : [];
  const activities = rows.shipments.length
    ? await db.shipmentActivity.findMany({
        where: { shipmentId: { in: rows.shipments.map((s) => s.id) } },
        select: { shipmentId: true, kind: true, message: true, createdAt: true },
        orderBy: { createdAt: "asc" },
      })
    : [];
  const jobs = rows.orderGids.length
    ? await db.job.findMany({
        where: customerJobsWhere(rows.shopDomain, rows),
        select: { kind: true, state: true, payloadJson: true, lastError: true, createdAt: true },
        orderBy: { createdAt: "asc" },
      })
    : [];
  return {
    customer: rows.customerGid,
    orders: rows.orderGids,
    heldData:
      "For each shipment: the recipient's name, phone and delivery address sent to the courier; the signatory's name and delivery photo links once delivered; the driver's name and phone; the courier's events and the shipment's timeline.",
    shipments: rows.shipments.map((s) => ({
      order: s.orderName,
      orderId: s.orderGid,
      state: s.state,
      trackingNumber: s.trackingNumber,
      createdAt: s.createdAt.toISOString(),
      sentToCourier: parsed(s.requestJson),
      signatory: s.signatoryName,
      photos: parsed(s.photosJson),
      driver: s.driverName === null && s.driverPhone === null ? null : { name: s.driverName, phone: s.driverPhone },
      attentionReason: s.attentionReason,
      timeline: activities
        .filter((a) => a.shipmentId === s.id)
        .map((a) => ({ at: a.createdAt.toISOString(), kind: a.kind, message: a.message })),
    })),
    // The app's background work for these orders and shipments: ids and codes, and its last error.
    jobs: jobs.map((j) => ({
      kind: j.kind,
      state: j.state,
      createdAt: j.createdAt.toISOString(),
      payload: parsed(j.payloadJson),
      lastError: j.lastError,
    })),
    courierEvents: events.map((e) => ({
      courierShipmentId: e.courierShipmentId,
      event: e.eventName,
      occurredAt: e.occurredAt.toISOString(),
      payload: parsed(e.payloadJson),
    })),
  };
}

export type CustomerDataReport = Awaited<ReturnType<typeof customerDataReport>>;
