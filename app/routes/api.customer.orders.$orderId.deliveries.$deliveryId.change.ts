import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { customerChangeResponse } from "~/server/customer-change-http.server";

/**
 * POST /api/customer/orders/:orderId/deliveries/:deliveryId/change — the order status block's notes
 * edit or window move before a driver has the order (extensions/order-status-delivery). Preflight
 * (OPTIONS) reaches the action; the library answers it.
 */
export const action = (args: ActionFunctionArgs) => customerChangeResponse(args, "change");
export const loader = (args: LoaderFunctionArgs) => customerChangeResponse(args, "change");
