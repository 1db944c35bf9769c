import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { MAX_WEBHOOK_BODY_BYTES } from "~/courier/events";
import { BodyTooLargeError, readRequestText } from "~/http/capped-body.server";
import { getRuntime } from "~/runtime.server";
import {
  authenticateCourierWebhook,
  COURIER_WEBHOOK_BODY_TOO_LARGE,
  COURIER_WEBHOOK_UNAUTHORIZED,
  COURIER_WEBHOOK_HTTP_METHOD,
  CourierWebhookPathId,
  courierWebhookAnswer,
  receiveAuthenticatedCourierWebhook,
  type ReceiveResult,
} from "~/tracking/receive.server";

const Params = z.object({ pathId: CourierWebhookPathId });

/**
 * Where the courier posts its events for one shop (the URL shown in settings). The production
 * server answers these requests itself before Remix (app/server/courier-webhooks.server.ts); this
 * route serves them under `remix dev` and in tests, with the same answer.
 */
export const action = async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== COURIER_WEBHOOK_HTTP_METHOD)
    return Response.json({ error: "Method not allowed" }, { status: 405 });
  const parsed = Params.safeParse(params);
  if (!parsed.success) return Response.json({ error: "Unauthorized" }, { status: 401 });
  const answer = courierWebhookAnswer(await receive(request, parsed.data.pathId));
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
};

async function receive(request: Request, pathId: string): Promise<ReceiveResult> {
  const deps = getRuntime().courierWebhooks;
  // The headers first: a stranger's body is never read.
  const credentials = await authenticateCourierWebhook(deps, pathId, request.headers);
  if (!credentials) return COURIER_WEBHOOK_UNAUTHORIZED;
  let rawBody: string;
  try {
    rawBody = await readRequestText(request, MAX_WEBHOOK_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return COURIER_WEBHOOK_BODY_TOO_LARGE;
    throw error;
  }
  return receiveAuthenticatedCourierWebhook(deps, credentials, rawBody);
}

export const loader = () => Response.json({ error: "Method not allowed" }, { status: 405 });
