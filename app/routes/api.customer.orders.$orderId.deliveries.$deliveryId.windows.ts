import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { customerChangeResponse } from "~/server/customer-change-http.server";

/**
 * GET /api/customer/orders/:orderId/deliveries/:deliveryId/windows — the windows the order status
 * block offers to move the delivery to (the tracking page's list). Preflight reaches the action.
 */
export const loader = (args: LoaderFunctionArgs) => customerChangeResponse(args, "windows");
export const action = (args: ActionFunctionArgs) => customerChangeResponse(args, "windows");
