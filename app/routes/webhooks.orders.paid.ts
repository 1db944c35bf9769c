import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { receiveWebhook } from "~/webhooks/receive.server";

// Dispatch arrives with its own issue; until then the delivery is recorded and acknowledged.
const OrderIds = z.looseObject({ admin_graphql_api_id: z.string().startsWith("gid://shopify/Order/") });

export const action = ({ request }: ActionFunctionArgs) =>
  receiveWebhook(request, {
    payload: OrderIds,
    ids: (order) => ({ orderGid: order.admin_graphql_api_id }),
    handle: async () => undefined,
  });
