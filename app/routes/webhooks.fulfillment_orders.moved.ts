import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveFulfillmentOrderMoved } from "~/order-changes/receive.server";

export const action = ({ request }: ActionFunctionArgs) => receiveFulfillmentOrderMoved(request);
