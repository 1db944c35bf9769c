/**
 * Requests as the embedded admin sends them: document loads with `?embedded=1&shop&host&id_token`
 * and fetches (Remix data requests, admin-extension calls) with `Authorization: Bearer <session token>`.
 * Tokens are real HS256 session tokens signed with the test app secret.
 */
import { mintSessionToken } from "../../support/shopify-signing";
import { TEST_API_KEY, TEST_API_SECRET, TEST_APP_URL } from "../../support/test-env";

export const hostParam = (shop: string) =>
  Buffer.from(`admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, "")}`).toString("base64");

export const sessionToken = (
  shop: string,
  options: { apiSecret?: string; expiresInS?: number; userId?: string } = {},
) =>
  mintSessionToken({
    shop,
    apiKey: TEST_API_KEY,
    apiSecret: options.apiSecret ?? TEST_API_SECRET,
    expiresInS: options.expiresInS,
    userId: options.userId,
  });

/** A fetch from the embedded app or an admin extension, with the session token. */
export function apiRequest(
  path: string,
  options: {
    shop?: string;
    method?: string;
    body?: unknown;
    form?: Record<string, string>;
    token?: string | null;
    origin?: string;
  } = {},
): Request {
  const headers = new Headers();
  if (options.token !== null && options.shop)
    headers.set("Authorization", `Bearer ${options.token ?? sessionToken(options.shop)}`);
  if (options.origin) headers.set("Origin", options.origin);
  let body: BodyInit | undefined;
  if (options.form) body = new URLSearchParams(options.form);
  else if (options.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  }
  return new Request(`${TEST_APP_URL}${path}`, { method: options.method ?? (body ? "POST" : "GET"), headers, body });
}

/** The admin opening an embedded page (a document request: no Authorization header). */
export function documentRequest(path: string, shop: string, options: { idToken?: string | null } = {}): Request {
  const url = new URL(`${TEST_APP_URL}${path}`);
  url.searchParams.set("embedded", "1");
  url.searchParams.set("shop", shop);
  url.searchParams.set("host", hostParam(shop));
  if (options.idToken !== null) url.searchParams.set("id_token", options.idToken ?? sessionToken(shop));
  return new Request(url);
}

type RouteFunction = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => unknown;

/** Runs a loader or action as Remix would; a thrown Response (redirect, 401) is returned. */
export async function call<F extends RouteFunction>(
  fn: F,
  request: Request,
  params: Record<string, string> = {},
  context: Record<string, unknown> = {},
): Promise<Awaited<ReturnType<F>> | Response> {
  try {
    return (await fn({ request, params, context })) as Awaited<ReturnType<F>>;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The JSON of a route's Response (the extension endpoints answer with Response objects). */
export async function json<T = Record<string, unknown>>(
  result: unknown,
): Promise<{ status: number; body: T; headers: Headers }> {
  if (!(result instanceof Response)) throw new Error(`expected a Response, got ${JSON.stringify(result)}`);
  const text = await result.text();
  return { status: result.status, body: (text ? JSON.parse(text) : null) as T, headers: result.headers };
}

/** A page action's or loader's plain data (not a Response). */
export function data<T>(result: T | Response): T {
  if (result instanceof Response) throw new Error(`expected data, got a ${result.status} response`);
  return result;
}
