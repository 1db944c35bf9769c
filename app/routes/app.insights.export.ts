import type { LoaderFunctionArgs } from "@remix-run/node";
import { insightsCsv } from "~/insights/insights.server";
import { InsightsExportQuery } from "~/routes/app.insights/insights-page.server";
import { getRuntime } from "~/runtime.server";
import { authenticate } from "~/shopify.server";

/** GET /app/insights/export?days=&location=&figure= — the deliveries behind one Insights figure, as CSV. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const query = InsightsExportQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return new Response("Unknown figure, period or location.", { status: 400 });
  const runtime = getRuntime();
  const csv = await insightsCsv(runtime.db, {
    shopDomain: session.shop,
    now: runtime.clock(),
    days: query.data.days,
    locationGid: query.data.location ?? null,
    figure: query.data.figure,
  });
  if (csv === null) return new Response("Unknown shop", { status: 404 });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="insights-${query.data.figure}-${query.data.days}d.csv"`,
      "Cache-Control": "no-store",
    },
  });
};
