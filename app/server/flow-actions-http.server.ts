import { appConfig } from "~/config/env.server";
import { runFlowAction, type FlowActionDeps } from "~/flow-actions/run.server";
import { FLOW_ACTION_MAX_BODY_BYTES, parseFlowActionRequest } from "~/flow-actions/flow-action-request";
import { BodyTooLargeError, readRequestBytes } from "~/http/capped-body.server";
import { jsonDepthExceeds } from "~/http/json-depth";
import { parseJsonKeepingIds } from "~/http/json-ids";
import { componentLogger } from "~/logging/logger.server";
import { verifyCallbackHmac } from "~/quote/callback-auth.server";
import { unauthenticated } from "~/shopify.server";
import { StaffActionError } from "~/staff/errors";
import { STAFF_ACTION_BUDGET_MS, staffFailureOf, withinBudget } from "~/staff/failures.server";
import { staffDeps } from "./staff-http.server";

/**
 * The shell of the app's Shopify Flow actions (POST /flow/actions, every action's runtime_url).
 * Flow signs the raw body as Shopify signs webhooks (X-Shopify-Hmac-Sha256, base64 HMAC-SHA256 with
 * the app's secret), checked in constant time by the repository's helper for that scheme: the
 * library's `authenticate.flow` reads the body without a size limit and logs every forged request as
 * an error. Flow's answers (shopify.dev, "Create Flow action endpoints"): a 2xx is done; a 4xx other
 * than 429 marks the run failed and is not retried (a wrong input, an unknown delivery, a state that
 * no longer allows the action); a 429 (after Retry-After) or a 5xx is retried, so they are kept for
 * what may pass: the courier or Shopify busy or down, the app's own failure. Flow waits 10 s: the
 * staff actions' 8 s budget answers 503 before that, and the work goes on (and is not done twice).
 */

const log = componentLogger("flow-actions");

const answer = (status: number, message: string, headers: Record<string, string> = {}) =>
  Response.json({ message }, { status, headers });

function deps(): FlowActionDeps {
  return {
    ...staffDeps(),
    adminFor: async (shopDomain) => (await unauthenticated.admin(shopDomain)).admin,
  };
}

export async function answerFlowAction(request: Request): Promise<Response> {
  if (request.method !== "POST") return answer(405, "Flow actions are POST requests.", { Allow: "POST" });
  let rawBody: Uint8Array;
  try {
    rawBody = await readRequestBytes(request, FLOW_ACTION_MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return answer(413, "The request is larger than a Flow action's.");
    throw error;
  }
  if (!verifyCallbackHmac(rawBody, request.headers.get("x-shopify-hmac-sha256"), appConfig().shopify.apiSecret))
    return answer(401, "The request is not signed by Shopify for this app.");
  let body: unknown;
  try {
    body = parseJsonKeepingIds(new TextDecoder().decode(rawBody));
  } catch {
    return answer(400, "The request body is not JSON.");
  }
  if (jsonDepthExceeds(body)) return answer(400, "The request body nests too deeply.");
  const parsed = parseFlowActionRequest(body);
  if (!parsed.ok) return answer(400, `Unexpected Flow action request: ${parsed.problems.join("; ")}`);
  try {
    const late = (error: unknown) => log.warn("Flow action ended in an error after its 503", { err: error });
    const done = await withinBudget(() => runFlowAction(deps(), parsed.request), STAFF_ACTION_BUDGET_MS, late);
    return answer(200, done.message);
  } catch (thrown) {
    const error = thrown instanceof StaffActionError ? thrown : staffFailureOf(thrown);
    if (error.status === 500) log.error("Flow action failed", { handle: parsed.request.handle, err: thrown });
    else if (error.status >= 500) log.warn("Flow action failed", { status: error.status, err: error.cause ?? error });
    const retryAfter: Record<string, string> =
      error.retryAfterMs !== undefined && (error.status === 429 || error.status === 503)
        ? { "Retry-After": String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))) }
        : {};
    return answer(error.status, error.message, retryAfter);
  }
}
