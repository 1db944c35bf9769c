import { STATE_LABELS } from "../../../extensions/shared/english-words";
import type { Db } from "~/db/client.server";
import { toShipmentState } from "~/staff/view-model";
import { csvAmount, csvDateTime } from "~/text/staff-format";
import { csvLine } from "~/text/csv";
import type { ShipmentListQuery } from "./list-query";
import { LIST_COLUMNS, presentRow, searchMatches, shopListContext } from "./list.server";
import { listOrderBy, listWhere } from "./list-where";

/**
 * The current view of the Shipments list as CSV, streamed: rows are read a batch at a time (keyset
 * on the list's sort and the id), so an export of 100,000 deliveries holds one batch in memory.
 */

export const CSV_BATCH = 500;
/** Times as ISO 8601 with the shop's offset; amounts as decimals with their currency in a column. */
const HEADER = [
  "Order",
  "Kind",
  "Customer",
  "Customer phone",
  "Pickup at",
  "Location",
  "Window start",
  "Window end",
  "State",
  "Driver",
  "Shopper paid",
  "Courier charged",
  "Currency",
  "Tracking number",
  "Needs attention",
];

export async function shipmentsCsv(
  deps: { db: Db; clock: () => Date },
  shopDomain: string,
  query: ShipmentListQuery,
): Promise<ReadableStream<Uint8Array> | null> {
  const shop = await shopListContext(deps.db, shopDomain);
  if (!shop) return null;
  const now = deps.clock();
  const where = listWhere(shop.id, query, now, shop.timezone, await searchMatches(deps.db, shop.id, query));
  const orderBy = listOrderBy(query.sort);
  const context = {
    timeZone: shop.timezone,
    now,
    locations: new Map(shop.pickupLocations.map((l) => [l.locationGid, l.name])),
  };
  const encoder = new TextEncoder();
  let cursor: string | null = null;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvLine(HEADER)));
        return;
      }
      const rows = await deps.db.shipment.findMany({
        where,
        orderBy,
        take: CSV_BATCH,
        ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
        select: LIST_COLUMNS,
      });
      const text = rows
        .map((row) => {
          const item = presentRow(row, context);
          return csvLine([
            item.orderName,
            item.roleWords,
            item.customerName,
            item.customerPhone,
            csvDateTime(item.pickupIso, shop.timezone),
            item.locationName,
            csvDateTime(item.windowStartIso, shop.timezone),
            csvDateTime(item.windowEndIso, shop.timezone),
            STATE_LABELS[toShipmentState(item.state)],
            item.driverName,
            csvAmount(item.shopperPriceCents),
            csvAmount(item.priceCents),
            shop.currency,
            item.trackingNumber,
            item.needsAttention ? "yes" : "no",
          ]);
        })
        .join("");
      if (text) controller.enqueue(encoder.encode(text));
      if (rows.length < CSV_BATCH) controller.close();
      else cursor = rows[rows.length - 1]!.id;
    },
  });
}
