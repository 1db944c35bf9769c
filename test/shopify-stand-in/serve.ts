/**
 * The stand-in on a real server at 127.0.0.1 for app processes (demo, benchmarks):
 * - plain HTTP requests routed by their Host header (`<shop>.myshopify.com`) or absolute URL;
 * - an HTTP CONNECT proxy that terminates TLS for *.myshopify.com with a throw-away certificate, so
 *   an unmodified app started with `proxyEnv()` reaches the stand-in through its production code
 *   path. Every other destination is refused: nothing leaves the machine.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo, Socket } from "node:net";
import { MAX_REQUEST_BODY_BYTES } from "./http";
import { createStandInCertificates } from "./tls-certificate";

const MYSHOPIFY_AUTHORITY = /^([a-z0-9][a-z0-9-]*\.myshopify\.com)(?::443)?$/i;

export type ServedStandIn = {
  url: string;
  port: number;
  caCertPath: string;
  /** Environment for a child process so its fetch reaches the stand-in through the proxy. */
  proxyEnv: () => Record<string, string>;
  close: () => Promise<void>;
};

type FetchLike = { fetch: (request: Request) => Promise<Response | null> };

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_REQUEST_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function targetUrl(req: IncomingMessage, secure: boolean): URL | null {
  const raw = req.url ?? "/";
  if (/^https?:\/\//i.test(raw)) return new URL(raw);
  const host = req.headers.host;
  if (!host) return null;
  return new URL(raw, `${secure ? "https" : "http"}://${host}`);
}

function handler(standIn: FetchLike, secure: boolean) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const url = targetUrl(req, secure);
      const body = await readBody(req);
      if (body === null) return void res.writeHead(413).end();
      if (!url || !MYSHOPIFY_AUTHORITY.test(url.host)) {
        return void res
          .writeHead(403, { "Content-Type": "text/plain" })
          .end("The Shopify stand-in only answers *.myshopify.com.\n");
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined && !name.startsWith(":"))
          headers.set(name, Array.isArray(value) ? value.join(", ") : value);
      }
      const shopifyUrl = new URL(url.pathname + url.search, `https://${url.hostname}`);
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const response = await standIn.fetch(
        new Request(shopifyUrl, { method: req.method, headers, ...(hasBody ? { body: new Uint8Array(body) } : {}) }),
      );
      if (!response)
        return void res.writeHead(404, { "Content-Type": "application/json" }).end('{"errors":"Not Found"}');
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      console.error("Shopify stand-in server failed to answer", error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    }
  };
}

export async function serveShopifyStandIn(standIn: FetchLike): Promise<ServedStandIn> {
  const certificates = createStandInCertificates();
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  };
  const tlsServer = createHttpsServer({ key: certificates.key, cert: certificates.cert }, handler(standIn, true));
  tlsServer.on("secureConnection", track);
  const server: Server = createServer(handler(standIn, false));
  server.on("connection", track);
  server.on("connect", (req: IncomingMessage, socket: Socket, head: Buffer) => {
    if (!MYSHOPIFY_AUTHORITY.test(req.url ?? "")) {
      socket.end("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    if (head.length > 0) socket.unshift(head);
    tlsServer.emit("connection", socket);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    caCertPath: certificates.caCertPath,
    proxyEnv: () => ({
      NODE_USE_ENV_PROXY: "1",
      HTTPS_PROXY: url,
      HTTP_PROXY: url,
      NO_PROXY: "127.0.0.1,localhost",
      NODE_EXTRA_CA_CERTS: certificates.caCertPath,
    }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      tlsServer.close();
      certificates.remove();
    },
  };
}
