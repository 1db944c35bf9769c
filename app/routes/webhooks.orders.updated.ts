import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveOrderChanged } from "~/server/order-change-webhooks.server";

export const action = ({ request }: ActionFunctionArgs) => receiveOrderChanged(request);
