import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { BulkDispatchResponse } from "../../extensions/shared/api-contract";
import {
  apiResponse,
  authenticateStaffApi,
  methodNotAllowed,
  readJsonBody,
  staffDeps,
} from "~/server/staff-http.server";
import { BulkDispatchInput, parseInput } from "~/staff/inputs";
import { bulkDispatch } from "~/staff/order-dispatch.server";
import { staffActorOf } from "~/shops/staff-actor";

/** POST /api/orders/dispatch — "Dispatch selected" on the orders list: one result per order. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const auth = await authenticateStaffApi(request);
  const { session, cors } = auth;
  if (request.method !== "POST") return methodNotAllowed(cors, "POST");
  return apiResponse(cors, async (): Promise<BulkDispatchResponse> => {
    const { orderIds } = parseInput(BulkDispatchInput, await readJsonBody(request));
    return bulkDispatch(
      { ...staffDeps(), admin: auth.admin },
      { shopDomain: session.shop, orderIds, staff: staffActorOf(auth) },
    );
  });
};

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { cors } = await authenticateStaffApi(request);
  return methodNotAllowed(cors, "POST");
};
