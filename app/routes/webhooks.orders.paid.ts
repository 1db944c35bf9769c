import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { enqueueOrderDispatch } from "~/dispatch/enqueue.server";
import { getRuntime } from "~/runtime.server";
import { receiveWebhook } from "~/webhooks/receive.server";

// The job reads the order through the Admin API; the webhook only names it.
const PaidOrder = z.looseObject({ admin_graphql_api_id: z.string().startsWith("gid://shopify/Order/") });

export const action = ({ request }: ActionFunctionArgs) =>
  receiveWebhook(request, {
    payload: PaidOrder,
    ids: (order) => ({ orderGid: order.admin_graphql_api_id }),
    handleInTransaction: ({ shop, payload }, tx) =>
      enqueueOrderDispatch(
        getRuntime().queue,
        { shopDomain: shop, orderGid: payload.admin_graphql_api_id, generation: 1 },
        tx,
      ),
  });
