import type { ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { handleScopesUpdate } from "~/webhooks/app-lifecycle.server";
import { ScopesUpdatePayload } from "~/webhooks/payloads";
import { receiveWebhook } from "~/server/shopify-webhooks.server";

export const action = ({ request }: ActionFunctionArgs) =>
  receiveWebhook(request, {
    payload: ScopesUpdatePayload,
    handle: ({ shop, payload }) => handleScopesUpdate(db, shop, payload.current),
  });
