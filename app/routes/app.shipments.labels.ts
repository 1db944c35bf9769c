import type { ActionFunctionArgs } from "@remix-run/node";
import { readFormData } from "~/forms/read-form.server";
import { mergedLabels, parseBulkSelection } from "~/shipments/bulk.server";
import { StaffActionError } from "~/staff/errors";
import { staffDeps } from "~/staff/http.server";
import { authenticate } from "~/shopify.server";

/**
 * POST /app/shipments/labels (ids=a,b,c) — the selected deliveries' labels as one PDF. A label the
 * courier could not give is left out; the X-Labels-Failed header lists those deliveries' ids.
 */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const fields = Object.fromEntries(await readFormData(request));
  try {
    const ids = parseBulkSelection(fields);
    const { pdf, printed, failures } = await mergedLabels(staffDeps(), { shopDomain: session.shop, ids });
    return new Response(new Uint8Array(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": 'inline; filename="labels.pdf"',
        "Cache-Control": "no-store",
        "X-Labels-Printed": String(printed),
        "X-Labels-Failed": JSON.stringify(failures.map((f) => f.shipmentId)),
      },
    });
  } catch (error) {
    if (error instanceof StaffActionError)
      return Response.json({ ok: false, message: error.message }, { status: error.status });
    throw error;
  }
};
