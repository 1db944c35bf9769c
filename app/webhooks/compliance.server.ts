import type { Db } from "~/db/client.server";
import type { Tx } from "~/jobs/queue.server";
import {
  customerDataReport,
  customerEventsWhere,
  customerJobsWhere,
  findCustomerRows,
  type CustomerScope,
} from "./customer-data.server";

/**
 * The three mandatory privacy webhooks. Personal data the app holds: the recipient's name, phone and
 * address in a shipment's request (requestJson) and staff's search column made from it (recipientSearch), the signatory's name and photo links on shipments,
 * the driver's name, phone, vehicle and last position near the delivery, and the same in stored
 * courier event payloads; free text that may quote them (attention reasons, the timeline, dispatch
 * reasons, jobs' last errors); the order's delivery metafield in Shopify. The shoppers' tracking page
 * shows parts of these; redaction also removes its token, so the page is gone. Everything else is
 * ids, states and prices.
 */

/** customers/data_request: records the request with the customer's data, for the merchant to download in the app. */
export async function handleCustomersDataRequest(db: Db, request: CustomerScope & { requestId?: string }) {
  const rows = await findCustomerRows(db, request);
  const report = await customerDataReport(db, rows);
  await db.dataRequest.create({
    data: {
      shopDomain: request.shopDomain,
      customerGid: rows.customerGid,
      requestId: request.requestId ?? null,
      reportJson: JSON.stringify(report),
    },
  });
  return report;
}

export const REDACTED = "[redacted]";

/** A job's payload with every `Reason` text (a Flow trigger's, which may quote the courier's notes) redacted. */
function withReasonsRedacted(payloadJson: string): string {
  try {
    return JSON.stringify(JSON.parse(payloadJson), (key, value: unknown) =>
      key === "Reason" && typeof value === "string" ? REDACTED : value,
    );
  } catch {
    return JSON.stringify({ redacted: true });
  }
}

/**
 * customers/redact: removes that customer's personal data from every table that holds it, found by
 * the customer and by their orders before the link to the customer is erased. The order's delivery
 * metafield (signatory, photos, driver's first name) is written again from the redacted rows by the
 * order's annotation job (`annotate`, enqueued in the same transaction).
 */
export async function handleCustomersRedact(
  db: Db,
  scope: CustomerScope,
  annotate: (tx: Tx, orderGid: string) => Promise<unknown>,
) {
  return db.$transaction(async (tx) => {
    const rows = await findCustomerRows(tx, scope);
    const ids = rows.shipments.map((s) => s.id);
    if (ids.length) {
      await tx.shipment.updateMany({
        where: { id: { in: ids } },
        data: {
          requestJson: null,
          recipientSearch: null,
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
      });
      // Free text: a courier's message may quote the address.
      await tx.shipment.updateMany({
        where: { id: { in: ids }, attentionReason: { not: null } },
        data: { attentionReason: REDACTED },
      });
      await tx.shipmentActivity.updateMany({ where: { shipmentId: { in: ids } }, data: { message: REDACTED } });
      await tx.courierEvent.updateMany({
        where: customerEventsWhere(rows),
        data: { payloadJson: JSON.stringify({ redacted: true }) },
      });
    }
    if (rows.orderGids.length) {
      await tx.orderDispatch.updateMany({
        where: { shopDomain: scope.shopDomain, orderGid: { in: rows.orderGids }, reason: { not: null } },
        data: { reason: REDACTED },
      });
      await tx.job.updateMany({
        where: { ...customerJobsWhere(scope.shopDomain, rows), lastError: { not: null } },
        data: { lastError: REDACTED },
      });
      // A Flow trigger job stored before its reason was read at sending holds the sentence itself.
      const withReasons = await tx.job.findMany({
        where: { ...customerJobsWhere(scope.shopDomain, rows), payloadJson: { contains: '"Reason":' } },
        select: { id: true, payloadJson: true },
      });
      for (const job of withReasons)
        await tx.job.update({ where: { id: job.id }, data: { payloadJson: withReasonsRedacted(job.payloadJson) } });
    }
    await tx.dataRequest.deleteMany({ where: { shopDomain: scope.shopDomain, customerGid: rows.customerGid } });
    // Last: the link that found the orders above.
    await tx.webhookDelivery.updateMany({
      where: { shopDomain: scope.shopDomain, customerGid: rows.customerGid },
      data: { customerGid: null },
    });
    const annotated = [...new Set(rows.shipments.map((s) => s.orderGid))];
    for (const order of annotated) await annotate(tx, order);
    return { shipments: ids.length, orders: annotated.length };
  });
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
    db.flowActionRun.deleteMany({ where: { shopDomain } }),
  ]);
}
