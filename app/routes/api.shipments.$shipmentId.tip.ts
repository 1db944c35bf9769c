import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { TipResponse } from "../../extensions/shared/api-contract";
import {
  apiResponse,
  authenticateStaffApi,
  methodNotAllowed,
  readJsonBody,
  staffDeps,
} from "~/server/staff-http.server";
import { parseInput, TipInput } from "~/staff/inputs";
import { parseShipmentId } from "~/staff/shipments.server";
import { tipDriver } from "~/staff/tip-rate.server";
import { staffActorOf } from "~/shops/staff-actor";

/** POST /api/shipments/:shipmentId/tip — tip the driver once, from acceptance to 3 days after delivery. */
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const auth = await authenticateStaffApi(request);
  const { session, cors } = auth;
  if (request.method !== "POST") return methodNotAllowed(cors, "POST");
  return apiResponse(cors, async (): Promise<TipResponse> => {
    const shipmentId = parseShipmentId(params.shipmentId);
    const tip = parseInput(TipInput, await readJsonBody(request));
    return {
      shipment: await tipDriver(staffDeps(), {
        shopDomain: session.shop,
        shipmentId,
        request: tip,
        staff: staffActorOf(auth),
      }),
    };
  });
};

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { cors } = await authenticateStaffApi(request);
  return methodNotAllowed(cors, "POST");
};
