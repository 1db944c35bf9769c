import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getRuntime } from "~/runtime.server";
import { receiveCourierWebhook } from "~/tracking/receive.server";

const Params = z.object({ pathId: z.string().min(1).max(64) });

/** Where the courier posts its events for one shop (the URL shown in settings). */
export const action = async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405 });
  const parsed = Params.safeParse(params);
  if (!parsed.success) return Response.json({ error: "Unauthorized" }, { status: 401 });
  const result = await receiveCourierWebhook(getRuntime(), {
    pathId: parsed.data.pathId,
    headers: request.headers,
    rawBody: await request.text(),
  });
  return Response.json(result.body, { status: result.status });
};

export const loader = () => Response.json({ error: "Method not allowed" }, { status: 405 });
