import type { Db } from "~/db/client.server";

/** How many of a shop's data requests the page lists, newest first. */
export const DATA_REQUESTS_LISTED = 50;

export type DataRequestView = {
  id: string;
  /** The customer's page in Shopify admin (their id as a link, never as text); null when unknown. */
  customerAdminUrl: string | null;
  /** The orders the report covers, by name ("#1001"). */
  orderNames: string[];
  requestId: string | null;
  receivedAt: string;
};

/** The order names a stored report covers (its shipments' orders). */
function reportOrderNames(reportJson: string): string[] {
  try {
    const report = JSON.parse(reportJson) as { shipments?: { order?: unknown }[] };
    const names = (report.shipments ?? []).map((s) => s.order).filter((n): n is string => typeof n === "string");
    return [...new Set(names)];
  } catch {
    return [];
  }
}

/** The shop's customers/data_request deliveries, for the Data requests page. */
export async function dataRequestsOfShop(db: Db, shopDomain: string): Promise<DataRequestView[]> {
  const rows = await db.dataRequest.findMany({
    where: { shopDomain },
    orderBy: { createdAt: "desc" },
    take: DATA_REQUESTS_LISTED,
    select: { id: true, customerGid: true, requestId: true, createdAt: true, reportJson: true },
  });
  return rows.map((r) => ({
    id: r.id,
    customerAdminUrl: r.customerGid ? `shopify://admin/customers/${r.customerGid.split("/").pop()}` : null,
    orderNames: reportOrderNames(r.reportJson),
    requestId: r.requestId,
    receivedAt: r.createdAt.toISOString(),
  }));
}

/** The Data requests page: the requests and the shop's time zone to date them in. */
export async function dataRequestsPage(db: Db, shopDomain: string) {
  const shop = await db.shop.findUnique({ where: { domain: shopDomain }, select: { timezone: true } });
  return { requests: await dataRequestsOfShop(db, shopDomain), timeZone: shop?.timezone ?? "UTC" };
}

/** One request's report as the file the merchant sends the customer; null when it is not this shop's. */
export async function dataRequestFile(db: Db, shopDomain: string, id: string) {
  const row = await db.dataRequest.findFirst({ where: { id, shopDomain }, select: { id: true, reportJson: true } });
  if (!row) return null;
  return { fileName: `data-request-${row.id}.json`, body: row.reportJson };
}
