import { createReadStream, statSync } from "node:fs";
import type { ServerResponse } from "node:http";
import path from "node:path";

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
};

/**
 * Serves the client build (hashed file names, cached for a year) and public/ files.
 * Returns false when the path is not a file there, so the request goes on to Remix.
 */
export function serveStatic(publicDir: string, pathname: string, res: ServerResponse): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const file = path.join(publicDir, path.normalize(decoded));
  if (!file.startsWith(publicDir + path.sep)) return false;
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) return false;
    size = stat.size;
  } catch {
    return false;
  }
  res.statusCode = 200;
  res.setHeader("Content-Type", CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream");
  res.setHeader("Content-Length", size);
  res.setHeader(
    "Cache-Control",
    decoded.startsWith("/build/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
  );
  createReadStream(file).pipe(res);
  return true;
}
