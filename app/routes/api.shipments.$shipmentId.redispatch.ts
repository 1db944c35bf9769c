import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiResponse, authenticateStaffApi, methodNotAllowed, staffDeps } from "~/server/staff-http.server";
import { redispatchShipment } from "~/staff/order-dispatch.server";
import { parseShipmentId } from "~/staff/shipments.server";
import { staffActorOf } from "~/shops/staff-actor";

/** POST /api/shipments/:shipmentId/redispatch — cancel at the courier and dispatch again with the order's current details. */
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const auth = await authenticateStaffApi(request);
  const { session, cors } = auth;
  if (request.method !== "POST") return methodNotAllowed(cors, "POST");
  return apiResponse(cors, async () => {
    const shipmentId = parseShipmentId(params.shipmentId);
    return redispatchShipment(
      { ...staffDeps(), admin: auth.admin },
      { shopDomain: session.shop, shipmentId, staff: staffActorOf(auth) },
    );
  });
};

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { cors } = await authenticateStaffApi(request);
  return methodNotAllowed(cors, "POST");
};
