/**
 * Shopify's carrier-service rate requests, answered by the production server without Remix: checkout
 * waits on each one, and building a Fetch Request, matching every route and streaming a Fetch
 * Response back cost more than answering a cached quote (bench:rates). Same checks, same answer as
 * the Remix route app/routes/carrier-service.rates.ts (answerRateCallback).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { RATES_CALLBACK_PATH } from "~/carrier-service/register.server";
import { BodyTooLargeError, readCappedBody } from "~/http/capped-body.server";
import { answerRateCallback, RATE_REQUEST_TOO_LARGE, type RateCallbackAnswer } from "~/quote/rate-callback.server";
import type { QuoteDeps } from "~/quote/quote.server";
import { MAX_RATE_REQUEST_BYTES } from "~/quote/rate-request";
import { releaseUnreadBody } from "./node-adapter.server";

/** Whether this server answers the request itself: a POST to the callback path (any other method: Remix's 405). */
export function isRateCallback(method: string | undefined, pathname: string): boolean {
  return method === "POST" && pathname === RATES_CALLBACK_PATH;
}

export async function answerRateCallbackRequest(
  deps: QuoteDeps,
  apiSecret: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  let rawBody: Uint8Array;
  try {
    rawBody = await readCappedBody(req, req.headers["content-length"], MAX_RATE_REQUEST_BYTES);
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    // The rest of the body is drained within the server's 1 MiB cap, else the connection closes with the answer.
    releaseUnreadBody(req, res);
    send(res, RATE_REQUEST_TOO_LARGE());
    return;
  }
  const header = (name: string) => {
    const value = req.headers[name];
    return typeof value === "string" ? value : null;
  };
  send(
    res,
    await answerRateCallback(deps, {
      rawBody,
      hmac: header("x-shopify-hmac-sha256"),
      shopDomain: header("x-shopify-shop-domain"),
      apiSecret,
    }),
  );
}

/** One write: the headers with Content-Length and the body together. */
function send(res: ServerResponse, answer: RateCallbackAnswer): void {
  res.writeHead(answer.status, { ...answer.headers, "Content-Length": String(Buffer.byteLength(answer.body)) });
  res.end(answer.body);
}
