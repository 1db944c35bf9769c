import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { DispatchResponse } from "../../extensions/shared/api-contract";
import {
  apiResponse,
  authenticateStaffApi,
  methodNotAllowed,
  readJsonBody,
  staffDeps,
} from "~/server/staff-http.server";
import { DispatchInput, OrderIdParam, parseInput } from "~/staff/inputs";
import { dispatchOrderNow } from "~/staff/order-dispatch.server";
import { staffActorOf } from "~/shops/staff-actor";

/** POST /api/orders/:orderId/dispatch — dispatch now in the window staff chose from the quote. */
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const auth = await authenticateStaffApi(request);
  const { session, cors } = auth;
  if (request.method !== "POST") return methodNotAllowed(cors, "POST");
  return apiResponse(cors, async (): Promise<DispatchResponse> => {
    const { orderId } = parseInput(OrderIdParam, params);
    const { windowServiceCode } = parseInput(DispatchInput, await readJsonBody(request));
    return dispatchOrderNow(
      { ...staffDeps(), admin: auth.admin },
      { shopDomain: session.shop, orderId, windowServiceCode, staff: staffActorOf(auth) },
    );
  });
};

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { cors } = await authenticateStaffApi(request);
  return methodNotAllowed(cors, "POST");
};
