import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveFulfillmentOrderMoved } from "~/server/order-change-webhooks.server";

export const action = ({ request }: ActionFunctionArgs) => receiveFulfillmentOrderMoved(request);
