/**
 * The Shopify stand-in for tests: in-memory shops served through Shopify's Admin GraphQL 2026-10
 * schema and OAuth token endpoint, reached by the real @shopify/shopify-api client via MSW
 * (`mswServer.use(...standIn.handlers)`) or by another process via `serveShopifyStandIn`.
 */
import { TEST_SCOPES } from "../support/test-env";
import { buildShop, type ShopInput } from "./builders";
import { createExecutor, type GraphqlProblem, type GraphqlResponseBody, type OperationLogEntry } from "./executor";
import { handleShopifyRequest, mswHandlers, type HttpDeps, type RejectedRequest } from "./http";
import { resolveNamespace } from "./domain/metafields";
import type { AppIdentity } from "./resolvers";
import type { ShopState } from "./shop-state";
import { CostBuckets, type ThrottleOptions, type ThrottleStatus } from "./throttle";
import { TokenStore, type IssuedToken } from "./tokens";
import { isoDateTime } from "./values";

export type ShopifyStandInOptions = {
  /** The app's client id (API key) and secret, as configured in the app under test. */
  apiKey: string;
  apiSecret: string;
  /** Scopes granted to the app's tokens (default: the test environment's SCOPES); enforced per field. */
  scopes?: string[];
  /** The numeric app id behind `$app` namespaces and `gid://shopify/App/<id>`. */
  apiClientId?: string;
  appTitle?: string;
  appHandle?: string;
  clock?: () => Date;
  throttle?: ThrottleOptions;
  /**
   * Called for every request Shopify would reject as an app bug (invalid query, wrong variables,
   * missing scope, a field the stand-in does not implement, ...). Default: console.error, which
   * fails the test (test/support/setup-file.ts).
   */
  onInvalidOperation?: (problem: GraphqlProblem) => void;
  shops?: ShopInput[];
};

export function describeProblem(problem: GraphqlProblem): string {
  const what = problem.operationName ?? "an anonymous operation";
  const messages = problem.errors.map((e) => `  - ${e.message}${e.path ? ` (at ${e.path.join(".")})` : ""}`).join("\n");
  return `Shopify stand-in: ${problem.kind} error in ${what} on ${problem.shop}:\n${messages}`;
}

function defaultOnInvalidOperation(problem: GraphqlProblem): void {
  console.error(describeProblem(problem), ...(problem.cause ? [problem.cause] : []));
}

export function createShopifyStandIn(options: ShopifyStandInOptions) {
  const clock = options.clock ?? (() => new Date());
  const scopes = options.scopes ?? TEST_SCOPES.split(",");
  const app: AppIdentity = {
    apiKey: options.apiKey,
    apiClientId: options.apiClientId ?? "4321098765",
    title: options.appTitle ?? "Same-day courier",
    handle: options.appHandle ?? "same-day-courier",
  };
  const onInvalidOperation = options.onInvalidOperation ?? defaultOnInvalidOperation;
  const shops = new Map<string, ShopState>();
  const tokens = new TokenStore(clock);
  const buckets = new CostBuckets(options.throttle ?? {}, clock);
  const log: OperationLogEntry[] = [];
  const graphqlErrors: GraphqlProblem[] = [];
  const rejectedRequests: RejectedRequest[] = [];
  let throttledCount = 0;

  const reportProblem = (problem: GraphqlProblem) => {
    graphqlErrors.push(problem);
    onInvalidOperation(problem);
  };
  const reportUnsupported = (shop: string) => (message: string) =>
    reportProblem({
      shop,
      operationName: null,
      kind: "unimplemented",
      errors: [{ message: `Shopify stand-in does not implement ${message}` }],
      query: "",
      variables: {},
    });

  const executeRequest = createExecutor({
    app,
    clock,
    buckets,
    onProblem: reportProblem,
    onLog: (entry) => log.push(entry),
    onThrottled: () => {
      throttledCount += 1;
    },
  });

  const httpDeps: HttpDeps = {
    shops,
    tokens,
    oauth: {
      apiKey: options.apiKey,
      apiSecret: options.apiSecret,
      scopes,
      tokens,
      clock,
      onUnsupported: reportUnsupported("oauth"),
    },
    execute: executeRequest,
    onUnsupported: reportUnsupported("http"),
    onRejected: (rejected) => rejectedRequests.push({ ...rejected, at: isoDateTime(clock()) }),
  };

  function addShop(input: ShopInput | ShopState = {}): ShopState {
    const shop = "index" in input ? (input as ShopState) : buildShop(input);
    if (shops.has(shop.myshopifyDomain)) throw new Error(`the stand-in already has shop ${shop.myshopifyDomain}`);
    shops.set(shop.myshopifyDomain, shop);
    return shop;
  }

  function shop(domain: string): ShopState {
    const found = shops.get(domain);
    if (!found) throw new Error(`the stand-in has no shop ${domain}; add it with standIn.addShop()`);
    return found;
  }

  for (const input of options.shops ?? []) addShop(input);

  return {
    app,
    shops: shops as ReadonlyMap<string, ShopState>,
    addShop,
    shop,
    /** MSW handlers: `mswServer.use(...standIn.handlers)`. */
    handlers: mswHandlers(httpDeps),
    /** The fetch-style HTTP surface (null for requests that are not for *.myshopify.com). */
    fetch: (request: Request) => handleShopifyRequest(request, httpDeps),
    /** Runs an operation directly (no HTTP, no token), with the app's scopes. */
    execute: (
      shopDomain: string,
      query: string,
      variables?: Record<string, unknown>,
      operationName?: string,
    ): Promise<GraphqlResponseBody> =>
      executeRequest({
        shop: shop(shopDomain),
        query,
        variables: variables ?? null,
        operationName: operationName ?? null,
        scopes: new Set(scopes),
      }),
    /** Every operation executed or throttled, in order. */
    log,
    /** Every request Shopify would have rejected as a bug (see `onInvalidOperation`). */
    graphqlErrors,
    /** Requests refused with 401/400 (bad token, bad session token, ...). */
    rejectedRequests,
    get throttledCount() {
      return throttledCount;
    },
    issuedTokens: tokens.issued as readonly IssuedToken[],
    /** An access token for a shop without going through token exchange (for tests that start installed). */
    issueAccessToken(
      shopDomain: string,
      tokenOptions: { expiring?: boolean; scopes?: string[]; expiresInS?: number } = {},
    ): string {
      shop(shopDomain).appInstallation.installedAt ??= isoDateTime(clock());
      return tokens.issue({
        shop: shopDomain,
        kind: "offline",
        scope: (tokenOptions.scopes ?? scopes).join(","),
        expiring: tokenOptions.expiring ?? tokenOptions.expiresInS !== undefined,
        via: "test",
        ...(tokenOptions.expiresInS === undefined ? {} : { expiresInS: tokenOptions.expiresInS }),
      }).accessToken;
    },
    /** The merchant uninstalls the app: every token of the shop stops working. */
    uninstall(shopDomain: string): void {
      tokens.revokeShop(shopDomain);
      shop(shopDomain).appInstallation.installedAt = null;
    },
    /** `$app:courier` → `app--<apiClientId>--courier`, for seeding app-owned metafields. */
    appNamespace: (namespace = "$app") => resolveNamespace(namespace, app.apiClientId),
    throttle: {
      status: (shopDomain: string): ThrottleStatus => buckets.status(shopDomain),
      setAvailable: (shopDomain: string, points: number) => buckets.setAvailable(shopDomain, points),
      /** Throttles every Admin request of the shop until called with `false`. */
      holdEmpty: (shopDomain: string, held?: boolean) => buckets.holdEmpty(shopDomain, held),
    },
  };
}

export type ShopifyStandIn = ReturnType<typeof createShopifyStandIn>;

export * from "./builders";
export * from "./local-delivery";
export type * from "./shop-state";
export type { GraphqlProblem, GraphqlResponseBody, OperationLogEntry } from "./executor";
export type { IssuedToken } from "./tokens";
export type { RejectedRequest } from "./http";
export { serveShopifyStandIn, type ServedStandIn } from "./serve";
export { createFulfillment, createFulfillmentEvent, cancelFulfillment } from "./domain/fulfillments";
export { addReturn, approveReturn, type ReturnInput } from "./domain/returns";
export { planAllowsCarrierServices, CARRIER_SERVICE_PLAN_MESSAGE } from "./domain/carrier-services";
export { DEFAULT_MAXIMUM_AVAILABLE, DEFAULT_RESTORE_RATE, SINGLE_QUERY_MAX_COST } from "./throttle";
export { INVALID_TOKEN_BODY } from "./http";
