import { HttpThrottlingError } from "@shopify/shopify-api";

/**
 * The one way the app runs an Admin GraphQL operation: parses the response, waits and retries when
 * Shopify throttles (as `throttleStatus` says), and turns errors into `AdminApiError`.
 */

/** What both `authenticate.admin(...).admin` and `unauthenticated.admin(shop).admin` provide. */
export type AdminGraphql = {
  graphql: (query: string, options?: { variables?: Record<string, unknown> }) => Promise<Response>;
};

export type AdminRequestOptions = {
  sleep?: (ms: number) => Promise<void>;
  maxThrottleRetries?: number;
};

type ThrottleStatus = { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
type GraphqlErrorEntry = { message: string; extensions?: { code?: string } };
/**
 * A response body as Shopify sends it (`errors` a list) or as the library's GraphqlQueryError
 * carries it (`errors: { message, graphQLErrors }`).
 */
type GraphqlBody<T> = {
  data?: T;
  errors?: GraphqlErrorEntry[] | string | { message?: string; graphQLErrors?: GraphqlErrorEntry[] };
  extensions?: { cost?: { requestedQueryCost?: number; throttleStatus?: ThrottleStatus } };
};

function errorEntries(body: GraphqlBody<unknown>): GraphqlErrorEntry[] {
  const errors = body.errors;
  if (!errors) return [];
  if (typeof errors === "string") return [{ message: errors }];
  if (Array.isArray(errors)) return errors;
  if (errors.graphQLErrors?.length) return errors.graphQLErrors;
  return [{ message: errors.message ?? "GraphQL request failed" }];
}

export class AdminApiError extends Error {
  constructor(
    message: string,
    readonly kind: "throttled" | "graphql" | "http" | "user_errors",
    readonly retryAfterMs?: number,
    readonly details: string[] = [],
  ) {
    super(message);
    this.name = "AdminApiError";
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Time for Shopify to restore the points the request lacks at the bucket's restore rate (points per second), plus 50 ms. */
export function throttleWaitMs(requestedCost: number, status: ThrottleStatus): number {
  const missing = Math.max(0, requestedCost - status.currentlyAvailable);
  const rate = status.restoreRate > 0 ? status.restoreRate : 50;
  return Math.ceil((missing / rate) * 1000) + 50;
}

function isThrottled(body: GraphqlBody<unknown>): boolean {
  return errorEntries(body).some((e) => e.extensions?.code === "THROTTLED");
}

/** Seconds to wait when the call failed with HTTP 429 (thrown Response or HttpThrottlingError); null otherwise. */
function httpThrottleRetryAfter(error: unknown): number | null {
  if (error instanceof Response) {
    if (error.status !== 429) return null;
    const header = Number(error.headers.get("Retry-After"));
    return Number.isFinite(header) && header > 0 ? header : 1;
  }
  if (error instanceof HttpThrottlingError) {
    const retryAfter = (error.response as { retryAfter?: number }).retryAfter;
    return typeof retryAfter === "number" && retryAfter > 0 ? retryAfter : 1;
  }
  return null;
}

/** The library throws `GraphqlQueryError` for GraphQL errors on HTTP 200; its `body` holds the response. */
function bodyOfThrown(error: unknown): GraphqlBody<unknown> | null {
  if (error && typeof error === "object" && "body" in error) {
    const body = (error as { body: unknown }).body;
    if (body && typeof body === "object") return body as GraphqlBody<unknown>;
  }
  return null;
}

export async function adminRequest<T>(
  admin: AdminGraphql,
  query: string,
  variables: Record<string, unknown> = {},
  options: AdminRequestOptions = {},
): Promise<T> {
  const sleep = options.sleep ?? defaultSleep;
  const maxRetries = options.maxThrottleRetries ?? 8;
  /** Throttled (HTTP 429 or GraphQL THROTTLED): waits, or after the last retry hands the work back to be retried later. */
  const waitOutThrottle = async (attempt: number, waitMs: number) => {
    if (attempt >= maxRetries)
      throw new AdminApiError(
        "Shopify is throttling the app's requests; the work will be retried.",
        "throttled",
        waitMs,
      );
    await sleep(waitMs);
  };
  for (let attempt = 0; ; attempt++) {
    let body: GraphqlBody<T>;
    try {
      const response = await admin.graphql(query, { variables });
      body = (await response.json()) as GraphqlBody<T>;
    } catch (error) {
      // HTTP 429: shopify-app-remix turns the library's HttpThrottlingError into a thrown Response.
      const retryAfterS = httpThrottleRetryAfter(error);
      if (retryAfterS !== null) {
        await waitOutThrottle(attempt, Math.max(1000, retryAfterS * 1000));
        continue;
      }
      const thrown = bodyOfThrown(error);
      if (!thrown) throw error;
      body = thrown as GraphqlBody<T>;
    }
    if (isThrottled(body)) {
      const status = body.extensions?.cost?.throttleStatus;
      await waitOutThrottle(
        attempt,
        status ? throttleWaitMs(body.extensions?.cost?.requestedQueryCost ?? 10, status) : 1000,
      );
      continue;
    }
    const errors = errorEntries(body);
    if (errors.length > 0) {
      const messages = errors.map((e) => e.message);
      throw new AdminApiError(`Shopify rejected the request: ${messages.join("; ")}`, "graphql", undefined, messages);
    }
    if (!body.data) throw new AdminApiError("Shopify answered without data", "graphql");
    return body.data;
  }
}

/** Throws when a mutation payload carries userErrors; returns the payload otherwise. */
export function assertNoUserErrors<P extends { userErrors: { message: string; field?: string[] | null }[] }>(
  payload: P | null | undefined,
  what: string,
): P {
  if (!payload) throw new AdminApiError(`${what}: Shopify returned no result`, "graphql");
  if (payload.userErrors.length > 0) {
    const details = payload.userErrors.map((e) => (e.field?.length ? `${e.field.join(".")}: ${e.message}` : e.message));
    throw new AdminApiError(`${what}: ${details.join("; ")}`, "user_errors", undefined, details);
  }
  return payload;
}
