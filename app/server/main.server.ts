/**
 * The production server: `npm start` runs the built form of this file (remix.config.js `server`).
 * One node:http server for the Remix app and its static assets; the job worker runs in the same
 * process unless WORKER_ENABLED=false; SIGTERM/SIGINT drain both before exit.
 */
import { createServer } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@remix-run/node";
import * as build from "@remix-run/dev/server-build";
import { appConfig } from "~/config/env.server";
import { db } from "~/db.server";
import { BodyTooLargeError, declaredBodyTooLarge, sendFetchResponse, toFetchRequest } from "./node-adapter.server";
import { serveStatic } from "./static-files.server";

const config = appConfig();
const publicDir = path.resolve(process.cwd(), "public");
const handleRequest = createRequestHandler(build, config.nodeEnv === "development" ? "development" : "production");

const server = createServer(async (req, res) => {
  try {
    const pathname = new URL(req.url ?? "/", "http://local").pathname;
    if ((req.method === "GET" || req.method === "HEAD") && serveStatic(publicDir, pathname, res)) return;
    if (declaredBodyTooLarge(req)) {
      res.writeHead(413, { "Content-Type": "application/json" }).end('{"error":"Request body too large"}');
      return;
    }
    const response = await handleRequest(toFetchRequest(req, res, config.shopify.appUrl));
    await sendFetchResponse(res, response);
  } catch (error) {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const tooLarge = error instanceof BodyTooLargeError || (error as { cause?: unknown })?.cause instanceof BodyTooLargeError;
    if (!tooLarge) console.error("Unhandled request error", error instanceof Error ? error.message : error);
    res.writeHead(tooLarge ? 413 : 500, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ error: tooLarge ? "Request body too large" : "Internal error" }));
  }
});

server.keepAliveTimeout = 65_000;
server.listen(config.port, () => {
  console.log(`App server listening on port ${config.port} (${config.shopify.appUrl})`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: draining requests`);
  server.close();
  server.closeIdleConnections();
  await db.$disconnect();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
