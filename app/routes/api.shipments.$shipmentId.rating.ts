import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { RatingResponse } from "../../extensions/shared/api-contract";
import {
  apiResponse,
  authenticateStaffApi,
  methodNotAllowed,
  readJsonBody,
  staffDeps,
} from "~/server/staff-http.server";
import { parseInput, RatingInput } from "~/staff/inputs";
import { parseShipmentId } from "~/staff/shipments.server";
import { rateDriver } from "~/staff/tip-rate.server";
import { staffActorOf } from "~/shops/staff-actor";

/** POST /api/shipments/:shipmentId/rating — rate the driver 1 to 5, once. */
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const auth = await authenticateStaffApi(request);
  const { session, cors } = auth;
  if (request.method !== "POST") return methodNotAllowed(cors, "POST");
  return apiResponse(cors, async (): Promise<RatingResponse> => {
    const shipmentId = parseShipmentId(params.shipmentId);
    const rating = parseInput(RatingInput, await readJsonBody(request));
    return {
      shipment: await rateDriver(staffDeps(), {
        shopDomain: session.shop,
        shipmentId,
        request: rating,
        staff: staffActorOf(auth),
      }),
    };
  });
};

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { cors } = await authenticateStaffApi(request);
  return methodNotAllowed(cors, "POST");
};
