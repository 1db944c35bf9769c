import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { QuoteResponse } from "../../extensions/shared/api-contract";
import { apiResponse, authenticateStaffApi, methodNotAllowed, staffDeps } from "~/server/staff-http.server";
import { OrderIdParam, parseInput } from "~/staff/inputs";
import { quoteForOrder } from "~/staff/order-dispatch.server";

/** POST /api/orders/:orderId/quote — a fresh courier price for each delivery window open now. */
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { session, admin, cors } = await authenticateStaffApi(request);
  if (request.method !== "POST") return methodNotAllowed(cors, "POST");
  return apiResponse(cors, async (): Promise<QuoteResponse> => {
    const { orderId } = parseInput(OrderIdParam, params);
    return quoteForOrder({ ...staffDeps(), admin }, { shopDomain: session.shop, orderId });
  });
};

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { cors } = await authenticateStaffApi(request);
  return methodNotAllowed(cors, "POST");
};
