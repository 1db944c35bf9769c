import type { ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { handleShopRedact } from "~/webhooks/compliance.server";
import { ShopRedactPayload } from "~/webhooks/payloads";
import { receiveWebhook } from "~/server/shopify-webhooks.server";

export const action = ({ request }: ActionFunctionArgs) =>
  receiveWebhook(request, {
    payload: ShopRedactPayload,
    handle: ({ shop }) => handleShopRedact(db, shop),
  });
