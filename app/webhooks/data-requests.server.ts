import type { Db } from "~/db/client.server";

/** How many of a shop's data requests the page lists, newest first. */
export const DATA_REQUESTS_LISTED = 50;

export type DataRequestView = { id: string; customer: string | null; requestId: string | null; receivedAt: string };

/** The shop's customers/data_request deliveries, for the Data requests page. */
export async function dataRequestsOfShop(db: Db, shopDomain: string): Promise<DataRequestView[]> {
  const rows = await db.dataRequest.findMany({
    where: { shopDomain },
    orderBy: { createdAt: "desc" },
    take: DATA_REQUESTS_LISTED,
    select: { id: true, customerGid: true, requestId: true, createdAt: true },
  });
  return rows.map((r) => ({
    id: r.id,
    customer: r.customerGid,
    requestId: r.requestId,
    receivedAt: r.createdAt.toISOString(),
  }));
}

/** One request's report as the file the merchant sends the customer; null when it is not this shop's. */
export async function dataRequestFile(db: Db, shopDomain: string, id: string) {
  const row = await db.dataRequest.findFirst({ where: { id, shopDomain }, select: { id: true, reportJson: true } });
  if (!row) return null;
  return { fileName: `data-request-${row.id}.json`, body: row.reportJson };
}
