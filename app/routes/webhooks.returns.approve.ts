import type { ActionFunctionArgs } from "@remix-run/node";
import { enqueueReturnPickup } from "~/returns/enqueue.server";
import { ReturnApprovedPayload } from "~/returns/webhook-payload";
import { getRuntime } from "~/runtime.server";
import { receiveWebhook } from "~/webhooks/receive.server";

export const action = ({ request }: ActionFunctionArgs) =>
  receiveWebhook(request, {
    payload: ReturnApprovedPayload,
    ids: (payload) => ({ orderGid: payload.order.admin_graphql_api_id }),
    handleInTransaction: ({ shop, payload }, tx) =>
      enqueueReturnPickup(
        getRuntime().queue,
        {
          shopDomain: shop,
          returnGid: payload.admin_graphql_api_id,
          orderGid: payload.order.admin_graphql_api_id,
          generation: 1,
        },
        tx,
      ),
  });
