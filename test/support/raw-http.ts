/**
 * HTTP/1.1 over one TCP connection, by hand: what a proxy that pools connections to the app does.
 * `fetch` and node:http's agent hide which socket carries a request; these tests need to send the
 * next request on the very connection the last answer came back on.
 */
import { connect, type Socket } from "node:net";

export type RawResponse = { status: number; headers: Map<string, string>; body: Buffer };

export type RawConnection = {
  /** Writes raw bytes (a request, or part of one). */
  send: (bytes: string | Buffer) => void;
  /** The next whole response on the connection; rejects if the connection ends first or after `timeoutMs`. */
  nextResponse: (timeoutMs: number) => Promise<RawResponse>;
  /** Resolves when the server has ended the connection. */
  ended: Promise<void>;
  close: () => void;
};

/** Parses one response at the start of `data`; null while it is incomplete. */
function parseResponse(data: Buffer): { response: RawResponse; rest: Buffer } | null {
  const headEnd = data.indexOf("\r\n\r\n");
  if (headEnd < 0) return null;
  const [statusLine, ...lines] = data.subarray(0, headEnd).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine ?? "")?.[1]);
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  let offset = headEnd + 4;
  if (headers.get("transfer-encoding")?.toLowerCase() === "chunked") {
    const chunks: Buffer[] = [];
    for (;;) {
      const sizeEnd = data.indexOf("\r\n", offset);
      if (sizeEnd < 0) return null;
      const size = parseInt(data.subarray(offset, sizeEnd).toString("latin1"), 16);
      if (data.length < sizeEnd + 2 + size + 2) return null;
      chunks.push(data.subarray(sizeEnd + 2, sizeEnd + 2 + size));
      offset = sizeEnd + 2 + size + 2;
      if (size === 0)
        return { response: { status, headers, body: Buffer.concat(chunks) }, rest: data.subarray(offset) };
    }
  }
  const length = Number(headers.get("content-length") ?? "0");
  if (data.length < offset + length) return null;
  return {
    response: { status, headers, body: data.subarray(offset, offset + length) },
    rest: data.subarray(offset + length),
  };
}

export async function openRawConnection(port: number): Promise<RawConnection> {
  const socket: Socket = connect({ host: "127.0.0.1", port });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  let buffered: Buffer = Buffer.alloc(0);
  let wake: (() => void) | null = null;
  let isEnded = false;
  socket.on("data", (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    wake?.();
  });
  const ended = new Promise<void>((resolve) => {
    socket.once("close", () => {
      isEnded = true;
      wake?.();
      resolve();
    });
  });
  socket.on("error", () => undefined);

  async function nextResponse(timeoutMs: number): Promise<RawResponse> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const parsed = parseResponse(buffered);
      if (parsed) {
        buffered = parsed.rest;
        return parsed.response;
      }
      if (isEnded) throw new Error("the server ended the connection before a whole response");
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no whole response within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  }

  return {
    send: (bytes) => void socket.write(bytes),
    nextResponse,
    ended,
    close: () => socket.destroy(),
  };
}

/** A request's bytes: the request line, `Host`, the headers given, and the body with its Content-Length unless one is given. */
export function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer | string = "",
): Buffer {
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  const all: Record<string, string> = { Host: "127.0.0.1", ...headers };
  if (!Object.keys(all).some((name) => name.toLowerCase() === "content-length") && method !== "GET")
    all["Content-Length"] = String(bytes.length);
  const head = [`${method} ${path} HTTP/1.1`, ...Object.entries(all).map(([k, v]) => `${k}: ${v}`), "", ""].join(
    "\r\n",
  );
  return Buffer.concat([Buffer.from(head, "latin1"), bytes]);
}
