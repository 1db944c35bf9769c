import type { LoaderFunctionArgs } from "@remix-run/node";
import { requestClientRateKey } from "~/http/client-address.server";
import { fileForLink, safeContentType } from "~/staff/files.server";
import { FILE_LINK_TTL_MS, FileLinkInput } from "~/staff/file-links.server";
import { errorBody, fileFetches, staffDeps } from "~/server/staff-http.server";
import { StaffActionError } from "~/staff/errors";

/**
 * GET /api/files/:shipmentId/:file?exp=&sig= — a courier image or label through the app. No session
 * token (an <img> or a download cannot send one): the signed, short-lived link is the authority,
 * limited per link and per client. The bytes are served with a type the browser may render only
 * when it is an image or a PDF, and never as HTML, so a courier response can never run script on
 * the app's origin. A browser that goes away cancels the courier call.
 */
export const loader = async ({ request, params, context }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  const link = FileLinkInput.safeParse({
    ...params,
    exp: url.searchParams.get("exp"),
    sig: url.searchParams.get("sig"),
  });
  const security = {
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Referrer-Policy": "no-referrer",
  };
  try {
    if (!link.success) throw new StaffActionError(404, "This link is not valid. Reload the page to get a new one.");
    const fetches = fileFetches();
    const rate = fetches.take(link.data.sig, requestClientRateKey(request, context));
    if (!rate.allowed)
      throw new StaffActionError(429, "Too many requests for this file. Try again in a minute.", {
        retryAfterMs: rate.retryAfterS * 1000,
      });
    const file = await fileForLink(staffDeps(), link.data, fetches, request.signal);
    const { contentType, inline } = safeContentType(file.contentType);
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        ...security,
        "Content-Type": contentType,
        "Content-Disposition": `${inline && !file.fileName.startsWith("label-") ? "inline" : "attachment"}; filename="${file.fileName}"`,
        "Cache-Control": `private, max-age=${Math.floor(FILE_LINK_TTL_MS / 1000)}`,
      },
    });
  } catch (error) {
    if (!(error instanceof StaffActionError)) throw error;
    const retryAfter: Record<string, string> =
      error.retryAfterMs === undefined
        ? {}
        : { "Retry-After": String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))) };
    return Response.json(errorBody(error), {
      status: error.status,
      headers: { ...security, ...retryAfter, "Cache-Control": "no-store" },
    });
  }
};
