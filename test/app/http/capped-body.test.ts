import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  BodyTooLargeError,
  declaredLengthExceeds,
  readCappedBody,
  readCappedText,
  readRequestBytes,
  readRequestText,
} from "~/http/capped-body.server";

const LIMIT = 1024;

/** A body sent in `chunks` chunks of `size` bytes, counting how many were pulled and whether it was cancelled. */
function countedStream(chunks: number, size: number) {
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled >= chunks) {
        controller.close();
        return;
      }
      seen.pulled += 1;
      controller.enqueue(new Uint8Array(size).fill(120));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

describe("declaredLengthExceeds", () => {
  it.each([
    [null, false],
    [undefined, false],
    ["", false],
    ["abc", false],
    ["0", false],
    [String(LIMIT), false],
    [String(LIMIT + 1), true],
  ])("Content-Length %j over %i: %s", (header, over) => {
    expect(declaredLengthExceeds(header, LIMIT)).toBe(over);
  });
});

describe("readCappedBody", () => {
  it("refuses a declared length over the limit without reading anything", async () => {
    const { stream, seen } = countedStream(4, 512);
    await expect(readCappedBody(stream, String(LIMIT + 1), LIMIT)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(seen.cancelled).toBe(true);
    // The stream asks for its first chunk when made; nothing after that is read.
    expect(seen.pulled).toBeLessThanOrEqual(1);
  });

  it("stops reading an undeclared (chunked) body once it passes the limit and cancels the rest", async () => {
    const { stream, seen } = countedStream(100, 512);
    const error: unknown = await readCappedBody(stream, null, LIMIT).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BodyTooLargeError);
    expect((error as BodyTooLargeError).maxBytes).toBe(LIMIT);
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThan(10);
  });

  it("reads a body of exactly the limit, in several chunks", async () => {
    const { stream, seen } = countedStream(4, LIMIT / 4);
    const bytes = await readCappedBody(stream, null, LIMIT);
    expect(bytes.byteLength).toBe(LIMIT);
    expect(bytes.every((byte) => byte === 120)).toBe(true);
    expect(seen.cancelled).toBe(false);
  });

  it("refuses one byte more than the limit when it is not declared", async () => {
    const { stream } = countedStream(1, LIMIT + 1);
    await expect(readCappedBody(stream, null, LIMIT)).rejects.toBeInstanceOf(BodyTooLargeError);
  });

  it("reads no body and an empty body as no bytes", async () => {
    expect((await readCappedBody(null, null, LIMIT)).byteLength).toBe(0);
    expect((await readCappedBody(countedStream(0, 1).stream, "0", LIMIT)).byteLength).toBe(0);
  });

  it("reads a Node stream (the production server's IncomingMessage) the same way", async () => {
    const chunks = ['{"a":', '"ü"}'].map((text) => Buffer.from(text, "utf8"));
    expect(await readCappedText(Readable.from(chunks), null, LIMIT)).toBe('{"a":"ü"}');
    const endless = Readable.from(
      (function* () {
        for (let i = 0; i < 1000; i++) yield Buffer.alloc(512);
      })(),
    );
    await expect(readCappedBody(endless, null, LIMIT)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(endless.destroyed).toBe(true);
  });
});

describe("readRequestBytes / readRequestText", () => {
  const request = (body: BodyInit | null, headers: Record<string, string> = {}) =>
    new Request("https://courier-app.test/x", { method: "POST", body, headers });

  it("returns a request's bytes and text up to the limit", async () => {
    expect(await readRequestText(request('{"ok":true}'), LIMIT)).toBe('{"ok":true}');
    expect(Array.from(await readRequestBytes(request(new Uint8Array([1, 2, 3])), LIMIT))).toEqual([1, 2, 3]);
    expect(await readRequestText(request(null), LIMIT)).toBe("");
    expect(await readRequestText(request("x".repeat(LIMIT)), LIMIT)).toHaveLength(LIMIT);
  });

  it("refuses a request whose declared or actual body is over the limit", async () => {
    await expect(readRequestText(request("x".repeat(LIMIT + 1)), LIMIT)).rejects.toBeInstanceOf(BodyTooLargeError);
    await expect(
      readRequestText(request("small", { "content-length": String(LIMIT + 1) }), LIMIT),
    ).rejects.toBeInstanceOf(BodyTooLargeError);
  });
});
