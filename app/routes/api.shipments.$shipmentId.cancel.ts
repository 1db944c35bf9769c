import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { CancelResponse } from "../../extensions/shared/api-contract";
import { cancelShipment } from "~/staff/cancel.server";
import {
  apiResponse,
  authenticateStaffApi,
  methodNotAllowed,
  readJsonBody,
  staffDeps,
} from "~/server/staff-http.server";
import { CancelInput, parseInput } from "~/staff/inputs";
import { parseShipmentId } from "~/staff/shipments.server";
import { staffActorOf } from "~/shops/staff-actor";

/** POST /api/shipments/:shipmentId/cancel — cancel with a reason and a comment. */
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const auth = await authenticateStaffApi(request);
  const { session, admin, cors } = auth;
  if (request.method !== "POST") return methodNotAllowed(cors, "POST");
  return apiResponse(cors, async (): Promise<CancelResponse> => {
    const shipmentId = parseShipmentId(params.shipmentId);
    const cancel = parseInput(CancelInput, await readJsonBody(request));
    return {
      shipment: await cancelShipment(
        { ...staffDeps(), admin },
        { shopDomain: session.shop, shipmentId, request: cancel, staff: staffActorOf(auth) },
      ),
    };
  });
};

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { cors } = await authenticateStaffApi(request);
  return methodNotAllowed(cors, "POST");
};
