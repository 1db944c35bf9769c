import type { IncomingMessage, ServerResponse } from "node:http";
import { type Readable, Transform } from "node:stream";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@remix-run/node";
import { BodyTooLargeError, declaredLengthExceeds } from "~/http/capped-body.server";

/** Bodies larger than this are refused with 413 before any route sees them. */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;

/** A request body being handed to Remix: how much of it has been read so far, and through what. */
type BodyReading = { seen: number; limiter: Transform };
const readings = new WeakMap<IncomingMessage, BodyReading>();

function limitedBody(req: IncomingMessage, maxBytes: number): ReadableStream<Uint8Array> {
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      reading.seen += chunk.length;
      if (reading.seen > maxBytes) callback(new BodyTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
  const reading: BodyReading = { seen: 0, limiter };
  readings.set(req, reading);
  req.on("error", (error) => limiter.destroy(error));
  return createReadableStreamFromReadable(req.pipe(limiter) as Readable);
}

/**
 * Keeps a kept-alive connection usable when a request is answered before its body was read to the
 * end (a route that refuses early, a body over a route's own cap). Node discards an unread body by
 * itself only when nothing ever read from the request; once the body was piped towards Remix, the
 * rest would sit unread and the next request on the connection would never be parsed. Call it before
 * the answer's headers are written:
 * - a rest whose Content-Length keeps the whole body within MAX_REQUEST_BODY_BYTES is read and dropped
 *   (the connection stays open, and the next request is parsed once it is through);
 * - a rest of unknown size (chunked) or past the cap: the answer says `Connection: close`, so the
 *   connection ends with it instead of reading without bound.
 */
export function releaseUnreadBody(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete) return;
  const reading = readings.get(req);
  const declared = Number(req.headers["content-length"]);
  const bounded =
    !req.destroyed &&
    Number.isSafeInteger(declared) &&
    declared <= MAX_REQUEST_BODY_BYTES &&
    (reading?.seen ?? 0) <= declared;
  if (!bounded) {
    if (!res.headersSent) res.setHeader("Connection", "close");
    else res.once("finish", () => req.socket.destroy());
    return;
  }
  if (reading) req.unpipe(reading.limiter);
  let drained = reading?.seen ?? 0;
  req.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    // More than it declared: not HTTP/1.1 (Node's parser stops at Content-Length); never read past the cap.
    if (drained > MAX_REQUEST_BODY_BYTES) req.socket.destroy();
  });
  req.resume();
}

/** A Node request's headers as Fetch API Headers. */
export function fetchHeadersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

/** A Fetch API Request for a Node request; the origin comes from the configured app URL, not the Host header. */
export function toFetchRequest(req: IncomingMessage, res: ServerResponse, origin: string): Request {
  const controller = new AbortController();
  res.on("close", () => controller.abort());
  const headers = fetchHeadersOf(req);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(new URL(req.url ?? "/", origin), {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: limitedBody(req, MAX_REQUEST_BODY_BYTES), duplex: "half" } : {}),
  } as RequestInit);
}

export async function sendFetchResponse(res: ServerResponse, response: Response) {
  releaseUnreadBody(res.req, res);
  res.statusCode = response.status;
  res.statusMessage = response.statusText;
  const cookies = response.headers.getSetCookie();
  for (const [name, value] of response.headers) {
    if (name.toLowerCase() !== "set-cookie") res.appendHeader(name, value);
  }
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

export function declaredBodyTooLarge(req: IncomingMessage): boolean {
  return declaredLengthExceeds(req.headers["content-length"], MAX_REQUEST_BODY_BYTES);
}

/** Whether a request failed because its body passed MAX_REQUEST_BODY_BYTES (Fetch wraps the stream's error as its cause). */
export function isBodyTooLarge(error: unknown): boolean {
  return (
    error instanceof BodyTooLargeError || (error as { cause?: unknown } | null)?.cause instanceof BodyTooLargeError
  );
}
