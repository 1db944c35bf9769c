/**
 * Shopify's app proxy as a browser meets it: a server on 127.0.0.1 standing for the shop's domain
 * that forwards `/apps/courier-track/<path>` to `<app>/proxy/track/<path>` with the query Shopify adds
 * and signs (test/support/shopify-signing.ts `appProxyQuery`) and the client's address in
 * X-Forwarded-For, a POST with its body and content type, and hands the app's answer back unchanged;
 * `/<language>/apps/courier-track/<path>` alike, with the language's folder in `path_prefix`. Anything else is a 404, as a storefront
 * path the app does not own would be here.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { appProxyQuery } from "./shopify-signing";

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

export type AppProxyStandIn = { url: string; close(): Promise<void> };

export async function startAppProxyStandIn(options: {
  shop: string;
  appUrl: string;
  apiSecret: string;
  prefix?: string;
  proxyPath?: string;
}): Promise<AppProxyStandIn> {
  const prefix = options.prefix ?? "/apps/courier-track";
  const proxyPath = options.proxyPath ?? "/proxy/track";
  const server: Server = createServer((req, res) => {
    const incoming = new URL(req.url ?? "/", "http://shop.invalid");
    // A store selling in several languages serves each under its folder ("/fr/apps/courier-track/…"):
    // the path the shopper opened, with that folder, is the forwarded `path_prefix`.
    const folder = /^\/[a-z]{2,3}(-[a-z0-9]{2,8})?(?=\/)/i.exec(incoming.pathname)?.[0] ?? "";
    const opened = incoming.pathname.slice(folder.length);
    if ((req.method !== "GET" && req.method !== "POST") || !opened.startsWith(`${prefix}/`)) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
      return;
    }
    const extra = Object.fromEntries(incoming.searchParams);
    const query = appProxyQuery({
      shop: options.shop,
      secret: options.apiSecret,
      pathPrefix: `${folder}${prefix}`,
      extra,
    });
    const target = `${options.appUrl}${proxyPath}${opened.slice(prefix.length)}?${query}`;
    readBody(req)
      .then((body) =>
        fetch(target, {
          method: req.method,
          headers: {
            Accept: req.headers.accept ?? "*/*",
            "User-Agent": req.headers["user-agent"] ?? "",
            "X-Forwarded-For": req.socket.remoteAddress ?? "",
            ...(req.headers["content-type"] ? { "Content-Type": req.headers["content-type"] } : {}),
          },
          ...(req.method === "POST" ? { body: new Uint8Array(body) } : {}),
        }),
      )
      .then(async (answer) => {
        const headers: Record<string, string> = {};
        answer.headers.forEach((value, name) => {
          if (!["content-encoding", "content-length", "transfer-encoding", "connection"].includes(name))
            headers[name] = value;
        });
        res.writeHead(answer.status, headers).end(Buffer.from(await answer.arrayBuffer()));
      })
      .catch(() => res.writeHead(502, { "Content-Type": "text/plain" }).end("Bad gateway"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
