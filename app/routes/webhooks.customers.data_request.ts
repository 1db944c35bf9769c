import type { ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { handleCustomersDataRequest } from "~/webhooks/compliance.server";
import { CustomersDataRequestPayload, customerGid } from "~/webhooks/payloads";
import { receiveWebhook } from "~/server/shopify-webhooks.server";

export const action = ({ request }: ActionFunctionArgs) =>
  receiveWebhook(request, {
    payload: CustomersDataRequestPayload,
    ids: (p) => ({ customerGid: customerGid(p.customer.id) }),
    handle: ({ shop, payload }) =>
      handleCustomersDataRequest(db, {
        shopDomain: shop,
        customerLegacyId: payload.customer.id,
        orderLegacyIds: payload.orders_requested,
        requestId: payload.data_request?.id,
      }),
  });
