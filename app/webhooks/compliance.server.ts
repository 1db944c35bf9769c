import type { Db } from "~/db/client.server";
import { customerGid, orderGid } from "./payloads";

/**
 * The three mandatory privacy webhooks. Personal data the app holds: the recipient's name, phone and
 * address in a shipment's request (requestJson), the signatory's name and photo links on shipments,
 * the driver's name, phone, vehicle and last position near the delivery, and the same in stored
 * courier event payloads. The shoppers' tracking page shows parts of these; redaction also removes
 * its token, so the page is gone. Everything else is ids, states and prices.
 */

type CustomerScope = { shopDomain: string; customerLegacyId: string; orderLegacyIds: string[] };

async function shipmentsOfCustomer(db: Db, scope: CustomerScope) {
  const shop = await db.shop.findUnique({ where: { domain: scope.shopDomain }, select: { id: true } });
  if (!shop) return { shop: null, shipments: [] };
  const shipments = await db.shipment.findMany({
    where: {
      shopId: shop.id,
      OR: [
        { customerGid: customerGid(scope.customerLegacyId) },
        { orderGid: { in: scope.orderLegacyIds.map(orderGid) } },
      ],
    },
    select: { id: true, orderName: true, orderGid: true, state: true, trackingNumber: true, createdAt: true },
  });
  return { shop, shipments };
}

/** customers/data_request: records the request and reports what the app holds for that customer. */
export async function handleCustomersDataRequest(db: Db, request: CustomerScope & { requestId?: string }) {
  const { shipments } = await shipmentsOfCustomer(db, request);
  const eventCount = shipments.length
    ? await db.courierEvent.count({ where: { shipmentId: { in: shipments.map((s) => s.id) } } })
    : 0;
  const report = {
    heldData:
      "For each shipment: recipient name, phone and delivery address sent to the courier; signatory name and delivery photo links when delivered; courier events.",
    shipments: shipments.map((s) => ({
      order: s.orderName,
      orderId: s.orderGid,
      state: s.state,
      trackingNumber: s.trackingNumber,
      createdAt: s.createdAt.toISOString(),
    })),
    courierEvents: eventCount,
  };
  await db.dataRequest.create({
    data: {
      shopDomain: request.shopDomain,
      customerGid: customerGid(request.customerLegacyId),
      requestId: request.requestId ?? null,
      reportJson: JSON.stringify(report),
    },
  });
  return report;
}

export const REDACTED = "[redacted]";

/** customers/redact: removes that customer's personal data from every table that holds it. */
export async function handleCustomersRedact(db: Db, scope: CustomerScope) {
  // The orders/paid records name the customer (for the order status block): that link goes too.
  await db.webhookDelivery.updateMany({
    where: { shopDomain: scope.shopDomain, topic: "orders/paid", customerGid: customerGid(scope.customerLegacyId) },
    data: { customerGid: null },
  });
  const { shipments } = await shipmentsOfCustomer(db, scope);
  const ids = shipments.map((s) => s.id);
  if (ids.length === 0) return { shipments: 0 };
  await db.$transaction([
    db.shipment.updateMany({
      where: { id: { in: ids } },
      data: {
        requestJson: null,
        signatoryName: null,
        photosJson: null,
        customerGid: null,
        trackingTokenHash: null,
        trackingTokenSealed: null,
        driverName: null,
        driverPhone: null,
        vehicleJson: null,
        lastLatitude: null,
        lastLongitude: null,
      },
    }),
    db.courierEvent.updateMany({
      where: { shipmentId: { in: ids } },
      data: { payloadJson: JSON.stringify({ redacted: true }) },
    }),
    db.shipmentActivity.updateMany({ where: { shipmentId: { in: ids } }, data: { message: REDACTED } }),
  ]);
  return { shipments: ids.length };
}

/** shop/redact (48 hours after uninstall): deletes every row the app holds for the shop. */
export async function handleShopRedact(db: Db, shopDomain: string) {
  const shop = await db.shop.findUnique({ where: { domain: shopDomain }, select: { id: true } });
  await db.$transaction([
    ...(shop ? [db.courierEvent.deleteMany({ where: { shopId: shop.id } })] : []),
    // Cascades to pickup locations, shipments and their activities.
    db.shop.deleteMany({ where: { domain: shopDomain } }),
    db.session.deleteMany({ where: { shop: shopDomain } }),
    db.job.deleteMany({ where: { shopDomain } }),
    db.quoteMemory.deleteMany({ where: { shopDomain } }),
    db.dataRequest.deleteMany({ where: { shopDomain } }),
    db.orderDispatch.deleteMany({ where: { shopDomain } }),
    db.webhookDelivery.deleteMany({ where: { shopDomain } }),
  ]);
}
