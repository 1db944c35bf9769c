import type { LoaderFunctionArgs } from "@remix-run/node";
import { getRuntime } from "~/runtime.server";
import { authenticate } from "~/shopify.server";
import { dataRequestFile } from "~/webhooks/data-requests.server";

/** One data request's report as a JSON download (only the shop's own). */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const file = await dataRequestFile(getRuntime().db, session.shop, params.id ?? "");
  if (!file) return Response.json({ error: "Not found" }, { status: 404 });
  return new Response(file.body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "no-store",
    },
  });
};
