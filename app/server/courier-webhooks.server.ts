/**
 * The courier's event posts, answered by the production server without Remix: they come in bursts
 * of hundreds a second (every driver's every step), and building a Fetch Request and matching
 * routes for each cost more CPU than storing the event (bench:events). Same checks, same answer
 * as the Remix route app/routes/courier.webhooks.$pathId.ts.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { MAX_WEBHOOK_BODY_BYTES } from "~/courier/events";
import { BodyTooLargeError, readCappedText } from "~/http/capped-body.server";
import {
  authenticateCourierWebhook,
  COURIER_WEBHOOK_BODY_TOO_LARGE,
  COURIER_WEBHOOK_HTTP_METHOD,
  COURIER_WEBHOOK_UNAUTHORIZED,
  CourierWebhookPathId,
  courierWebhookAnswer,
  receiveAuthenticatedCourierWebhook,
  type ReceiveDeps,
} from "~/tracking/receive.server";
import { fetchHeadersOf, releaseUnreadBody } from "./node-adapter.server";

const PATH = /^\/courier\/webhooks\/([^/]+)$/;

/** The path id when the request is a courier event post for this server to answer, else null. */
export function courierWebhookPathOf(method: string | undefined, pathname: string): string | null {
  if (method !== COURIER_WEBHOOK_HTTP_METHOD) return null;
  const match = PATH.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

export async function answerCourierWebhook(
  deps: ReceiveDeps,
  req: IncomingMessage,
  res: ServerResponse,
  pathId: string,
): Promise<void> {
  const send = (status: number, headers: Record<string, string>, body: string) => {
    // An answer before the body was read to its end (refused early, or over the cap) keeps the connection usable.
    releaseUnreadBody(req, res);
    res.writeHead(status, headers).end(body);
  };
  const parsedPath = CourierWebhookPathId.safeParse(pathId);
  // Authenticated on the headers before the body is read: a stranger's post costs no read of its body
  // into memory and no event parsing (send() releases what is left unread).
  const credentials = parsedPath.success
    ? await authenticateCourierWebhook(deps, parsedPath.data, fetchHeadersOf(req))
    : null;
  if (!credentials) {
    const answer = courierWebhookAnswer(COURIER_WEBHOOK_UNAUTHORIZED);
    send(answer.status, answer.headers, answer.body);
    return;
  }
  let rawBody: string;
  try {
    rawBody = await readCappedText(req, req.headers["content-length"], MAX_WEBHOOK_BODY_BYTES);
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    const answer = courierWebhookAnswer(COURIER_WEBHOOK_BODY_TOO_LARGE);
    send(answer.status, answer.headers, answer.body);
    return;
  }
  const answer = courierWebhookAnswer(await receiveAuthenticatedCourierWebhook(deps, credentials, rawBody));
  send(answer.status, answer.headers, answer.body);
}
