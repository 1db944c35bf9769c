import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { PhotosResponse } from "../../extensions/shared/api-contract";
import { shipmentPhotos } from "~/staff/files.server";
import { apiResponse, authenticateStaffApi, methodNotAllowed, staffDeps } from "~/server/staff-http.server";
import { parseShipmentId } from "~/staff/shipments.server";

/** GET /api/shipments/:shipmentId/photos — short-lived links to the signature, pickup and delivery images. */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session, cors } = await authenticateStaffApi(request);
  return apiResponse(cors, async (): Promise<PhotosResponse> => {
    const shipmentId = parseShipmentId(params.shipmentId);
    return shipmentPhotos(staffDeps(), { shopDomain: session.shop, shipmentId });
  });
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { cors } = await authenticateStaffApi(request);
  return methodNotAllowed(cors, "GET");
};
