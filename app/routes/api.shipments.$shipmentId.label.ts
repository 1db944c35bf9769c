import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { LabelResponse } from "../../extensions/shared/api-contract";
import { labelLink } from "~/staff/files.server";
import { apiResponse, authenticateStaffApi, methodNotAllowed, staffDeps } from "~/server/staff-http.server";
import { LabelFormatInput, parseInput } from "~/staff/inputs";
import { parseShipmentId } from "~/staff/shipments.server";

/** GET /api/shipments/:shipmentId/label?format=PDF|PNG — a short-lived link to the barcode label. */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session, cors } = await authenticateStaffApi(request);
  return apiResponse(cors, async (): Promise<LabelResponse> => {
    const shipmentId = parseShipmentId(params.shipmentId);
    const { format } = parseInput(LabelFormatInput, {
      format: new URL(request.url).searchParams.get("format") ?? undefined,
    });
    return labelLink(staffDeps(), { shopDomain: session.shop, shipmentId, format });
  });
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { cors } = await authenticateStaffApi(request);
  return methodNotAllowed(cors, "GET");
};
