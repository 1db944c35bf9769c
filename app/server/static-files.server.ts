import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import serveStatic from "serve-static";

/** The client build's file names carry a hash of their content: a name never changes content. */
export const BUILD_ASSET_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** Other public/ files keep their names across releases. */
export const PUBLIC_FILE_CACHE_CONTROL = "public, max-age=3600";

/**
 * GET and HEAD of the files in `publicDir` (the client build under build/, then anything else put
 * there), by `serve-static`: paths that leave the folder, dot files, folders and missing files are
 * not answered but passed to `next`, so Remix answers them (its 404 for an unknown path).
 */
export function createStaticFiles(
  publicDir: string,
): (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void {
  const buildDir = path.join(path.resolve(publicDir), "build") + path.sep;
  return serveStatic(publicDir, {
    index: false,
    redirect: false,
    cacheControl: false,
    setHeaders: (res, file) =>
      res.setHeader("Cache-Control", file.startsWith(buildDir) ? BUILD_ASSET_CACHE_CONTROL : PUBLIC_FILE_CACHE_CONTROL),
  });
}
