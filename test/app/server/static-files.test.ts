import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILD_ASSET_CACHE_CONTROL, createStaticFiles, PUBLIC_FILE_CACHE_CONTROL } from "~/server/static-files.server";

// A public/ folder as `remix build` leaves it, with a secret next to it that must never be served.
const root = mkdtempSync(path.join(tmpdir(), "static-files-"));
const publicDir = path.join(root, "public");
const ASSET = "entry.client-HQOSUKB2.js";
const ASSET_BODY = "console.log('client');\n";
let server: Server;
let port: number;

beforeAll(async () => {
  mkdirSync(path.join(publicDir, "build", "_shared"), { recursive: true });
  writeFileSync(path.join(publicDir, "build", ASSET), ASSET_BODY);
  writeFileSync(path.join(publicDir, "favicon.ico"), Buffer.from([0, 0, 1, 0]));
  writeFileSync(path.join(publicDir, ".env"), "SECRET=1");
  writeFileSync(path.join(root, "secret.txt"), "outside public/");
  const staticFiles = createStaticFiles(publicDir);
  // As the production server: what static files do not answer goes on (here a marked 404).
  server = createServer((req, res) => {
    const next = (error?: unknown) =>
      res.writeHead(error === undefined ? 404 : 500, { "X-Answered-By": "next" }).end("not a file");
    staticFiles(req, res, next);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

/** A request with the path sent exactly as written (fetch would normalise `..` away). */
function get(rawPath: string, method = "GET") {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path: rawPath, method }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on("error", reject);
      req.end();
    },
  );
}

describe("static files", () => {
  it("serves a fingerprinted build asset with a year's immutable caching", async () => {
    const response = await get(`/build/${ASSET}`);
    expect(response.status).toBe(200);
    expect(response.body).toBe(ASSET_BODY);
    expect(response.headers["cache-control"]).toBe(BUILD_ASSET_CACHE_CONTROL);
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers["content-length"]).toBe(String(Buffer.byteLength(ASSET_BODY)));
  });

  it("serves other public files with an hour's caching", async () => {
    const response = await get("/favicon.ico");
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).toBe(PUBLIC_FILE_CACHE_CONTROL);
  });

  it("answers HEAD without a body, and a repeat with the ETag as 304", async () => {
    const head = await get(`/build/${ASSET}`, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    const etag = head.headers.etag as string;
    expect(etag).toBeTruthy();
    const repeat = await new Promise<number>((resolve, reject) => {
      request({ host: "127.0.0.1", port, path: `/build/${ASSET}`, headers: { "if-none-match": etag } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on("error", reject)
        .end();
    });
    expect(repeat).toBe(304);
  });

  it.each([
    ["a missing file", "/build/missing-ABC.js"],
    ["a folder", "/build/_shared"],
    ["the root", "/"],
    ["a route path", "/app/settings"],
    ["a dot file", "/.env"],
    ["a path out of public/", "/../secret.txt"],
    ["a path out of public/ through build/", "/build/../../secret.txt"],
    ["an encoded path out of public/", "/build/%2e%2e/%2e%2e/secret.txt"],
    ["an encoded separator out of public/", "/build/..%2f..%2fsecret.txt"],
    ["a malformed escape", "/build/%E0%A4%A"],
  ])("passes %s on (Remix answers it)", async (_what, rawPath) => {
    const response = await get(rawPath);
    expect(response.status).toBe(404);
    expect(response.headers["x-answered-by"]).toBe("next");
    expect(response.body).not.toContain("outside public/");
  });

  it("passes other methods on, even for a file", async () => {
    const response = await get(`/build/${ASSET}`, "POST");
    expect(response.headers["x-answered-by"]).toBe("next");
  });
});
