import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { OrderReturnsResponse } from "../../extensions/shared/return-pickups-contract";
import { orderReturnsForStaff } from "~/returns/order-returns.server";
import { getRuntime } from "~/runtime.server";
import { apiResponse, authenticateStaffApi, methodNotAllowed } from "~/server/staff-http.server";
import { OrderIdParam, parseInput } from "~/staff/inputs";

/** GET /api/orders/:orderId/returns — the order's returns and whether "Book return pickup" is offered for each. */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session, admin, cors } = await authenticateStaffApi(request);
  return apiResponse(cors, async (): Promise<OrderReturnsResponse> => {
    const { orderId } = parseInput(OrderIdParam, params);
    return orderReturnsForStaff({ db: getRuntime().db, admin }, { shopDomain: session.shop, orderId });
  });
};

// Preflight (OPTIONS) reaches the action; authenticate.admin answers it.
export const action = async ({ request }: ActionFunctionArgs) => {
  const { cors } = await authenticateStaffApi(request);
  return methodNotAllowed(cors, "GET");
};
