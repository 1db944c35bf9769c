/**
 * The courier's event posts, answered by the production server without Remix: they come in bursts
 * of hundreds a second (every driver's every step), and building a Fetch Request and matching
 * routes for each cost more CPU than storing the event (bench:events). Same checks, same answer
 * as the Remix route app/routes/courier.webhooks.$pathId.ts.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { MAX_WEBHOOK_BODY_BYTES } from "~/courier/events";
import {
  CourierWebhookPathId,
  courierWebhookAnswer,
  receiveCourierWebhook,
  type ReceiveDeps,
} from "~/tracking/receive.server";
import { fetchHeadersOf } from "./node-adapter.server";

const PATH = /^\/courier\/webhooks\/([^/]+)$/;

/** The path id when the request is a courier event post for this server to answer, else null. */
export function courierWebhookPathOf(method: string | undefined, pathname: string): string | null {
  if (method !== "POST") return null;
  const match = PATH.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/** The body as text, or null when it grows past the courier's limit (the rest is not read). */
async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_WEBHOOK_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export async function answerCourierWebhook(
  deps: ReceiveDeps,
  req: IncomingMessage,
  res: ServerResponse,
  pathId: string,
): Promise<void> {
  const send = (status: number, headers: Record<string, string>, body: string) => {
    res.writeHead(status, headers).end(body);
  };
  const parsedPath = CourierWebhookPathId.safeParse(pathId);
  if (!parsedPath.success) {
    send(401, { "Content-Type": "application/json" }, JSON.stringify({ error: "Unauthorized" }));
    req.resume();
    return;
  }
  const rawBody = await readBody(req);
  if (rawBody === null) {
    res.setHeader("Connection", "close");
    send(413, { "Content-Type": "application/json" }, JSON.stringify({ error: "Body too large" }));
    return;
  }
  const answer = courierWebhookAnswer(
    await receiveCourierWebhook(deps, { pathId: parsedPath.data, headers: fetchHeadersOf(req), rawBody }),
  );
  send(answer.status, answer.headers, answer.body);
}
