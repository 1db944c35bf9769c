import type { ApiErrorBody } from "../../extensions/shared/api-contract";
import { appConfig } from "~/config/env.server";
import { BodyTooLargeError, readRequestText } from "~/http/capped-body.server";
import { componentLogger } from "~/logging/logger.server";
import { authenticate } from "~/shopify.server";
import { getRuntime } from "~/runtime.server";
import type { StaffDeps } from "~/staff/deps";
import { StaffActionError } from "~/staff/errors";
import { STAFF_ACTION_BUDGET_MS, staffFailureOf, withinBudget } from "~/staff/failures.server";
import { createFileFetches, type FileFetches } from "~/staff/file-fetches.server";
import { createFileLinkSigner } from "~/staff/file-links.server";
import { MAX_ACTION_BODY_BYTES } from "~/staff/inputs";

/** The shell around staff actions: deps from the process runtime, JSON bodies, error responses. */

const log = componentLogger("staff-api");

let deps: StaffDeps | undefined;
let fetches: FileFetches | undefined;

/** The process's file-link fetches: their cache and limits (app/staff/file-fetches.server.ts). */
export function fileFetches(): FileFetches {
  const clock = getRuntime().clock;
  return (fetches ??= createFileFetches({ clock: () => clock().getTime() }));
}

export function staffDeps(): StaffDeps {
  if (!deps) {
    const runtime = getRuntime();
    const config = appConfig();
    deps = {
      db: runtime.db,
      clock: runtime.clock,
      courierFor: runtime.courierFor,
      queue: runtime.queue,
      files: createFileLinkSigner({
        appSecret: config.shopify.apiSecret,
        appUrl: config.shopify.appUrl,
        clock: runtime.clock,
      }),
    };
  }
  return deps;
}

/** The request's JSON body, at most MAX_ACTION_BODY_BYTES; anything unreadable is a 400 in words. */
export async function readJsonBody(request: Request): Promise<unknown> {
  let text: string;
  try {
    text = await readRequestText(request, MAX_ACTION_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new StaffActionError(400, "The request is too large.");
    throw error;
  }
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new StaffActionError(400, "The request body is not valid JSON.");
  }
}

export function errorBody(error: StaffActionError): ApiErrorBody {
  return { error: { message: error.message, ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}) } };
}

/**
 * Runs one staff action for an extension route: its result as JSON (200), a StaffActionError as
 * the contract's error body and status. `cors` is the one `authenticate.admin` returned.
 */
export async function apiResponse<T>(
  cors: (response: Response) => Response,
  run: () => Promise<T>,
  options: { budgetMs?: number } = {},
): Promise<Response> {
  try {
    const late = (error: unknown) => log.warn("staff action ended in an error after its 503", { err: error });
    return cors(Response.json(await withinBudget(run, options.budgetMs ?? STAFF_ACTION_BUDGET_MS, late)));
  } catch (thrown) {
    // The library's own answers (a re-authentication, a redirect) pass through.
    if (thrown instanceof Response) throw thrown;
    const error = staffFailureOf(thrown);
    // Every 5xx once, with its cause (no personal data in it): the operator's only trace of it.
    if (error.status === 500) log.error("staff action failed", { status: error.status, err: thrown });
    else if (error.status >= 500) log.warn("staff action failed", { status: error.status, err: error.cause ?? error });
    const headers: Record<string, string> = {};
    if ((error.status === 429 || error.status === 503) && error.retryAfterMs !== undefined)
      headers["Retry-After"] = String(Math.max(1, Math.ceil(error.retryAfterMs / 1000)));
    return cors(Response.json(errorBody(error), { status: error.status, headers }));
  }
}

/**
 * `authenticate.admin` for the staff API. A request with no session token is answered 401 in the
 * contract's words: the library takes it for a page load and redirects it to the login page, which
 * tells an extension's fetch nothing. Preflights (no token, by design) still reach the library.
 */
export async function authenticateStaffApi(request: Request) {
  if (request.method !== "OPTIONS" && !/^Bearer \S/.test(request.headers.get("Authorization") ?? "")) {
    throw Response.json(
      {
        error: { message: "This request carries no Shopify session token. Reload the page and try again." },
      } satisfies ApiErrorBody,
      // The CORS headers the library adds to its own answers to other origins (the extensions' CDN).
      {
        status: 401,
        headers: { "Access-Control-Allow-Origin": "*", "Access-Control-Allow-Headers": "Authorization, Content-Type" },
      },
    );
  }
  return authenticate.admin(request);
}

/** For the methods a route does not serve (after authenticate.admin answered any preflight). */
export function methodNotAllowed(cors: (response: Response) => Response, allowed: string): Response {
  return cors(
    Response.json({ error: { message: "This method is not allowed here." } } satisfies ApiErrorBody, {
      status: 405,
      headers: { Allow: allowed },
    }),
  );
}
