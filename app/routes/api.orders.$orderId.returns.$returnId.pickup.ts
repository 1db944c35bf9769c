import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { orderGidFromId } from "../../extensions/shared/api-contract";
import type { ReturnPickupResponse } from "../../extensions/shared/return-pickups-contract";
import { bookReturnPickupByStaff } from "~/returns/staff-booking.server";
import { getRuntime } from "~/runtime.server";
import { apiResponse, authenticateStaffApi, methodNotAllowed } from "~/server/staff-http.server";
import { OrderIdParam, parseInput } from "~/staff/inputs";
import { staffActorOf } from "~/shops/staff-actor";

const ReturnIdParam = z.object({
  returnId: z.string({ error: "A return id is required." }).regex(/^\d{1,20}$/, "This is not a return id."),
});

/** POST /api/orders/:orderId/returns/:returnId/pickup — book a driver to collect an approved return. */
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const auth = await authenticateStaffApi(request);
  const { session, cors } = auth;
  if (request.method !== "POST") return methodNotAllowed(cors, "POST");
  return apiResponse(cors, async (): Promise<ReturnPickupResponse> => {
    const { orderId } = parseInput(OrderIdParam, params);
    const { returnId } = parseInput(ReturnIdParam, params);
    const runtime = getRuntime();
    return bookReturnPickupByStaff(
      { db: runtime.db, queue: runtime.queue, admin: auth.admin, clock: runtime.clock },
      {
        shopDomain: session.shop,
        returnGid: `gid://shopify/Return/${returnId}`,
        orderGid: orderGidFromId(orderId),
        staff: staffActorOf(auth),
      },
    );
  });
};

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { cors } = await authenticateStaffApi(request);
  return methodNotAllowed(cors, "POST");
};
