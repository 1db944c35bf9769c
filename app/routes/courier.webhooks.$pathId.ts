import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getRuntime } from "~/runtime.server";
import { CourierWebhookPathId, courierWebhookAnswer, receiveCourierWebhook } from "~/tracking/receive.server";

const Params = z.object({ pathId: CourierWebhookPathId });

/**
 * Where the courier posts its events for one shop (the URL shown in settings). The production
 * server answers these requests itself before Remix (app/server/courier-webhooks.server.ts); this
 * route serves them under `remix dev` and in tests, with the same answer.
 */
export const action = async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405 });
  const parsed = Params.safeParse(params);
  if (!parsed.success) return Response.json({ error: "Unauthorized" }, { status: 401 });
  const result = await receiveCourierWebhook(getRuntime().courierWebhooks, {
    pathId: parsed.data.pathId,
    headers: request.headers,
    rawBody: await request.text(),
  });
  const answer = courierWebhookAnswer(result);
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
};

export const loader = () => Response.json({ error: "Method not allowed" }, { status: 405 });
