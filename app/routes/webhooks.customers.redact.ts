import type { ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { enqueueOrderAnnotation } from "~/dispatch/enqueue.server";
import { getRuntime } from "~/runtime.server";
import { handleCustomersRedact } from "~/webhooks/compliance.server";
import { CustomersRedactPayload, customerGid } from "~/webhooks/payloads";
import { receiveWebhook } from "~/webhooks/receive.server";

export const action = ({ request }: ActionFunctionArgs) =>
  receiveWebhook(request, {
    payload: CustomersRedactPayload,
    ids: (p) => ({ customerGid: customerGid(p.customer.id) }),
    handle: ({ shop, payload }) =>
      handleCustomersRedact(
        db,
        {
          shopDomain: shop,
          customerLegacyId: payload.customer.id,
          orderLegacyIds: payload.orders_to_redact,
        },
        (tx, orderGid) => enqueueOrderAnnotation(getRuntime().queue, { shopDomain: shop, orderGid }, tx),
      ),
  });
