import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { db } from "~/db.server";
import { handleAppUninstalled } from "~/webhooks/app-lifecycle.server";
import { receiveWebhook } from "~/server/shopify-webhooks.server";

export const action = ({ request }: ActionFunctionArgs) =>
  receiveWebhook(request, {
    payload: z.unknown(),
    handle: ({ shop }) => handleAppUninstalled(db, shop),
  });
