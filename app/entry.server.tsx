import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable, type EntryContext } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import type { HandleErrorFunction } from "@remix-run/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { componentLogger } from "./logging/logger.server";
import { addDocumentResponseHeaders } from "./shopify.server";

export const streamTimeout = 5000;

const requestLog = componentLogger("request");

/**
 * Errors Remix caught in a loader, an action or the render: logged once, as JSON through the app's
 * logger, with the cause and where (method, path; never the query, which may carry tokens). A 4xx
 * answer (a 404 for an unknown path, a thrown 4xx Response) is the client's, not an error; a request
 * the client abandoned is not either.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const status = isRouteErrorResponse(error) ? error.status : error instanceof Response ? error.status : 500;
  // Long segments are tokens and ids (a tracking page's token opens it): not for the log.
  const path = new URL(request.url).pathname.replace(/[A-Za-z0-9_-]{20,}/g, "…");
  const where = { method: request.method, path, status };
  if (status < 500) {
    requestLog.debug("request refused", where);
    return;
  }
  requestLog.error("request failed", { ...where, err: error });
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  addDocumentResponseHeaders(request, responseHeaders);
  const callbackName = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(<RemixServer context={remixContext} url={request.url} />, {
      [callbackName]: () => {
        const body = new PassThrough();
        const stream = createReadableStreamFromReadable(body);
        responseHeaders.set("Content-Type", "text/html");
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error) {
        reject(error);
      },
      onError(error) {
        responseStatusCode = 500;
        componentLogger("render").error("Rendering the page failed", { err: error });
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}
