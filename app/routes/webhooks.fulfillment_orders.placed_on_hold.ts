import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveFulfillmentOrderChanged } from "~/order-changes/receive.server";

export const action = ({ request }: ActionFunctionArgs) => receiveFulfillmentOrderChanged(request);
