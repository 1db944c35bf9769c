/**
 * The stand-in's HTTP surface, as Shopify answers it:
 * - POST /admin/api/2026-10/graphql.json on <shop>.myshopify.com (X-Shopify-Access-Token);
 * - POST /admin/oauth/access_token on <shop>.myshopify.com (token exchange, refresh).
 * `handleShopifyRequest` is a plain fetch-style handler; `mswHandlers` wires it into MSW and
 * ./serve.ts into a real HTTP server.
 */
import { randomUUID } from "node:crypto";
import { http, HttpResponse, type HttpHandler } from "msw";
import { ADMIN_API_VERSION } from "../tools/admin-schema";
import type { GraphqlRequest, GraphqlResponseBody } from "./executor";
import { answerAccessTokenRequest, type OAuthDeps } from "./oauth";
import type { ShopState } from "./shop-state";
import type { TokenStore } from "./tokens";

export const INVALID_TOKEN_BODY = {
  errors: "[API] Invalid API key or access token (unrecognized login or wrong password)",
} as const;
export const MAX_REQUEST_BODY_BYTES = 10 * 1024 * 1024;

const GRAPHQL_PATH = /^\/admin\/api\/([^/]+)\/graphql\.json$/;
const TOKEN_PATH = "/admin/oauth/access_token";
const MYSHOPIFY_HOST = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

export type RejectedRequest = { shop: string; path: string; status: number; reason: string; at: string };

export type HttpDeps = {
  shops: ReadonlyMap<string, ShopState>;
  tokens: TokenStore;
  oauth: OAuthDeps;
  execute: (request: GraphqlRequest) => Promise<GraphqlResponseBody>;
  /** A request the stand-in cannot answer as Shopify would (wrong API version, unknown shop ...). */
  onUnsupported: (message: string) => void;
  onRejected: (rejected: Omit<RejectedRequest, "at">) => void;
};

function json(body: unknown, status = 200, extraHeaders: Record<string, string> = {}): Response {
  return HttpResponse.json(body as Record<string, unknown>, {
    status,
    headers: { "X-Request-Id": randomUUID(), "X-Shopify-API-Version": ADMIN_API_VERSION, ...extraHeaders },
  });
}

/**
 * JSON.parse, except that an integer beyond 2^53 becomes a BigInt of its exact digits: Shopify reads
 * 64-bit ids from JSON numbers exactly, and a JavaScript number would hide a client that rounds them.
 */
export function parseKeepingLargeIntegers(text: string): unknown {
  const parse = JSON.parse as (
    text: string,
    reviver: (key: string, value: unknown, context?: { source?: string }) => unknown,
  ) => unknown;
  return parse(text, (_key, value, context) =>
    typeof value === "number" && !Number.isSafeInteger(value) && context?.source && /^-?\d+$/.test(context.source)
      ? BigInt(context.source)
      : value,
  );
}

async function readParams(request: Request): Promise<Record<string, unknown> | null> {
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_REQUEST_BODY_BYTES) return null;
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  try {
    const parsed: unknown = parseKeepingLargeIntegers(text);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

async function answerGraphql(request: Request, shop: ShopState, version: string, deps: HttpDeps): Promise<Response> {
  const path = new URL(request.url).pathname;
  const token = deps.tokens.live(shop.myshopifyDomain, request.headers.get("x-shopify-access-token") ?? "");
  if (!token) {
    deps.onRejected({
      shop: shop.myshopifyDomain,
      path,
      status: 401,
      reason: "missing, unknown, revoked or expired access token",
    });
    return json(INVALID_TOKEN_BODY, 401);
  }
  if (version !== ADMIN_API_VERSION) {
    deps.onUnsupported(`Admin API version ${version} (the stand-in serves ${ADMIN_API_VERSION} only)`);
    return json({ errors: "Not Found" }, 404);
  }
  let params: Record<string, unknown> | null;
  if ((request.headers.get("content-type") ?? "").includes("application/graphql"))
    params = { query: await request.text() };
  else params = await readParams(request);
  if (!params || typeof params.query !== "string" || !params.query.trim()) {
    return json({ errors: { query: "Required parameter missing or invalid" } }, 400);
  }
  const variables =
    params.variables && typeof params.variables === "object" ? (params.variables as Record<string, unknown>) : null;
  const body = await deps.execute({
    shop,
    query: params.query,
    variables,
    operationName: typeof params.operationName === "string" ? params.operationName : null,
    scopes: new Set(token.scope.split(",").filter(Boolean)),
  });
  return json(body);
}

async function answerToken(request: Request, shop: ShopState, deps: HttpDeps): Promise<Response> {
  const params = await readParams(request);
  if (!params)
    return json(
      { error: "invalid_request", error_description: "The request body is not valid JSON or form data." },
      400,
    );
  const answer = answerAccessTokenRequest(shop, params, deps.oauth);
  if (answer.status !== 200) {
    deps.onRejected({
      shop: shop.myshopifyDomain,
      path: TOKEN_PATH,
      status: answer.status,
      reason: String(answer.body.error_description ?? answer.body.error),
    });
  }
  return json(answer.body, answer.status);
}

/** Answers a request to a shop's myshopify.com host as Shopify would; null when it is not one. */
export async function handleShopifyRequest(request: Request, deps: HttpDeps): Promise<Response | null> {
  const url = new URL(request.url);
  const host = url.hostname.toLowerCase();
  if (!MYSHOPIFY_HOST.test(host)) return null;
  const graphqlMatch = GRAPHQL_PATH.exec(url.pathname);
  if (request.method !== "POST" || (!graphqlMatch && url.pathname !== TOKEN_PATH)) {
    deps.onUnsupported(`${request.method} ${url.pathname}`);
    return json({ errors: "Not Found" }, 404);
  }
  const shop = deps.shops.get(host);
  if (!shop) {
    deps.onUnsupported(`a request for shop ${host}, which the test did not add to the stand-in`);
    return json({ errors: "Not Found" }, 404);
  }
  return graphqlMatch ? answerGraphql(request, shop, graphqlMatch[1]!, deps) : answerToken(request, shop, deps);
}

/** MSW handlers for every *.myshopify.com Admin GraphQL and OAuth token request. */
export function mswHandlers(deps: HttpDeps): HttpHandler[] {
  const answer = async ({ request }: { request: Request }) =>
    (await handleShopifyRequest(request, deps)) ?? json({ errors: "Not Found" }, 404);
  return [
    http.post(/^https:\/\/[a-z0-9-]+\.myshopify\.com\/admin\/api\/[^/]+\/graphql\.json$/i, answer),
    http.post(/^https:\/\/[a-z0-9-]+\.myshopify\.com\/admin\/oauth\/access_token$/i, answer),
  ];
}
