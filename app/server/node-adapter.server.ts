import type { IncomingMessage, ServerResponse } from "node:http";
import { type Readable, Transform } from "node:stream";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@remix-run/node";
import { MAX_REQUEST_BODY_BYTES } from "~/http/body-limit";
import { BodyTooLargeError, declaredLengthExceeds } from "~/http/capped-body.server";

function limitedBody(req: IncomingMessage, maxBytes: number): ReadableStream<Uint8Array> {
  let seen = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(new BodyTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
  req.on("error", (error) => limiter.destroy(error));
  return createReadableStreamFromReadable(req.pipe(limiter) as Readable);
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
