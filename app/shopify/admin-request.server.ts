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
type GraphqlBody<T> = {
  data?: T;
  errors?: GraphqlErrorEntry[] | string;
  extensions?: { cost?: { requestedQueryCost?: number; throttleStatus?: ThrottleStatus } };
};

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

/** Seconds Shopify needs to restore enough points for the request, per its documented formula. */
export function throttleWaitMs(requestedCost: number, status: ThrottleStatus): number {
  const missing = Math.max(0, requestedCost - status.currentlyAvailable);
  const rate = status.restoreRate > 0 ? status.restoreRate : 50;
  return Math.ceil((missing / rate) * 1000) + 50;
}

function isThrottled(body: GraphqlBody<unknown>): boolean {
  return Array.isArray(body.errors) && body.errors.some((e) => e.extensions?.code === "THROTTLED");
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
  for (let attempt = 0; ; attempt++) {
    let body: GraphqlBody<T>;
    try {
      const response = await admin.graphql(query, { variables });
      body = (await response.json()) as GraphqlBody<T>;
    } catch (error) {
      const thrown = bodyOfThrown(error);
      if (!thrown) throw error;
      body = thrown as GraphqlBody<T>;
    }
    if (isThrottled(body)) {
      const status = body.extensions?.cost?.throttleStatus;
      const waitMs = status ? throttleWaitMs(body.extensions?.cost?.requestedQueryCost ?? 10, status) : 1000;
      if (attempt >= maxRetries) {
        throw new AdminApiError("Shopify is throttling the app's requests; the work will be retried.", "throttled", waitMs);
      }
      await sleep(waitMs);
      continue;
    }
    if (body.errors) {
      const messages = typeof body.errors === "string" ? [body.errors] : body.errors.map((e) => e.message);
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
