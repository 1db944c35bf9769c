import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { OrderShipmentsResponse } from "../../extensions/shared/api-contract";
import { apiResponse, authenticateStaffApi, methodNotAllowed, staffDeps } from "~/server/staff-http.server";
import { OrderIdParam, parseInput } from "~/staff/inputs";
import { orderShipments } from "~/staff/order-shipments.server";

/** GET /api/orders/:orderId/shipments — the order's deliveries and whether "Dispatch now" is offered. */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session, admin, cors } = await authenticateStaffApi(request);
  return apiResponse(cors, async (): Promise<OrderShipmentsResponse> => {
    const { orderId } = parseInput(OrderIdParam, params);
    return orderShipments({ ...staffDeps(), admin }, { shopDomain: session.shop, orderId });
  });
};

// Preflight (OPTIONS) reaches the action; authenticate.admin answers it.
export const action = async ({ request }: ActionFunctionArgs) => {
  const { cors } = await authenticateStaffApi(request);
  return methodNotAllowed(cors, "GET");
};
