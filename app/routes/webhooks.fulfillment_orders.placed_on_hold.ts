import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveFulfillmentOrderChanged } from "~/server/order-change-webhooks.server";

export const action = ({ request }: ActionFunctionArgs) => receiveFulfillmentOrderChanged(request);
