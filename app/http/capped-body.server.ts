/**
 * The one way the app reads an HTTP body with a size cap: request bodies in routes (Fetch Request),
 * in the production server (Node IncomingMessage) and the courier's responses. A declared
 * Content-Length over the cap is refused before anything is read; a body without one (chunked) is
 * read only until it passes the cap, and the rest is left unread (the stream is cancelled).
 */

export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Body larger than ${maxBytes} bytes`);
    this.name = "BodyTooLargeError";
  }
}

/** Whether a Content-Length header value declares more than `maxBytes` (absent or malformed: no). */
export function declaredLengthExceeds(contentLength: string | null | undefined, maxBytes: number): boolean {
  const declared = Number(contentLength ?? "0");
  return Number.isFinite(declared) && declared > maxBytes;
}

/** The chunks of a Fetch stream; stopping early cancels the stream so its source stops sending. */
async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      yield value;
    }
  } finally {
    if (!finished) await reader.cancel();
  }
}

/**
 * A body's bytes, at most `maxBytes`; throws BodyTooLargeError when `contentLength` declares more
 * (nothing is read) or when the body passes the cap (reading stops there). A Node IncomingMessage
 * is an async iterable of Buffers; leaving its loop early destroys it.
 */
export async function readCappedBody(
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null,
  contentLength: string | null | undefined,
  maxBytes: number,
): Promise<Uint8Array> {
  if (declaredLengthExceeds(contentLength, maxBytes)) {
    if (body instanceof ReadableStream) await body.cancel();
    throw new BodyTooLargeError(maxBytes);
  }
  if (body === null) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of body instanceof ReadableStream ? chunksOf(body) : body) {
    total += chunk.byteLength;
    if (total > maxBytes) throw new BodyTooLargeError(maxBytes);
    chunks.push(chunk);
  }
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const utf8 = new TextDecoder();

/** A body as UTF-8 text (as Fetch's `text()` reads it), at most `maxBytes` (see readCappedBody). */
export async function readCappedText(
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null,
  contentLength: string | null | undefined,
  maxBytes: number,
): Promise<string> {
  return utf8.decode(await readCappedBody(body, contentLength, maxBytes));
}

/** A Fetch Request's body bytes, at most `maxBytes` (see readCappedBody). */
export function readRequestBytes(request: Request, maxBytes: number): Promise<Uint8Array> {
  return readCappedBody(request.body, request.headers.get("content-length"), maxBytes);
}

/** A Fetch Request's body as UTF-8 text, at most `maxBytes` (see readCappedBody). */
export function readRequestText(request: Request, maxBytes: number): Promise<string> {
  return readCappedText(request.body, request.headers.get("content-length"), maxBytes);
}
