import type { LoaderFunctionArgs } from "@remix-run/node";
import { getRuntime } from "~/runtime.server";
import { shipmentsCsv } from "~/shipments/csv-export.server";
import { parseListQuery } from "~/shipments/list-query";
import { authenticate } from "~/shopify.server";

/** GET /app/shipments/export?<the list's query> — the list's current view as CSV, streamed. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const stream = await shipmentsCsv(getRuntime(), session.shop, parseListQuery(new URL(request.url).searchParams));
  if (!stream) return new Response("Unknown shop", { status: 404 });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="deliveries.csv"',
      "Cache-Control": "no-store",
    },
  });
};
