import type { ActionFunctionArgs } from "@remix-run/node";
import { enqueueOrderDispatch } from "~/dispatch/enqueue-dispatch.server";
import { OrderPaidPayload } from "~/order-changes/webhook-payloads";
import { getRuntime } from "~/runtime.server";
import { receiveWebhook } from "~/server/shopify-webhooks.server";

export const action = ({ request }: ActionFunctionArgs) =>
  receiveWebhook(request, {
    payload: OrderPaidPayload,
    ids: (order) => ({
      orderGid: order.admin_graphql_api_id,
      customerGid: order.customer?.admin_graphql_api_id ?? null,
    }),
    handleInTransaction: ({ shop, payload }, tx) =>
      enqueueOrderDispatch(
        getRuntime().queue,
        { shopDomain: shop, orderGid: payload.admin_graphql_api_id, generation: 1 },
        tx,
      ),
  });
