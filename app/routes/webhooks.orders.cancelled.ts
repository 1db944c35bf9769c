import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveOrderChanged } from "~/order-changes/receive.server";

export const action = ({ request }: ActionFunctionArgs) => receiveOrderChanged(request);
