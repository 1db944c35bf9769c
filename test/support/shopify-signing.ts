/**
 * Requests signed the way Shopify signs them: webhooks and carrier-service callbacks (base64
 * HMAC-SHA256 of the raw body with the app secret) and App Bridge session tokens (HS256 JWT).
 */
import { createHmac, randomUUID } from "node:crypto";

export const WEBHOOK_API_VERSION = "2026-10";

/** Base64 HMAC-SHA256 of the raw body, as in `X-Shopify-Hmac-Sha256`. */
export function signWebhook(body: string | Buffer, secret: string): string {
  return createHmac("sha256", secret).update(body).digest("base64");
}

function rawBody(body: unknown): string {
  return typeof body === "string" ? body : JSON.stringify(body);
}

/** A webhook delivery with every X-Shopify-* header Shopify sends. */
export function webhookRequest(options: {
  url: string;
  topic: string;
  shop: string;
  body: unknown;
  secret: string;
  webhookId?: string;
  eventId?: string;
  apiVersion?: string;
  triggeredAt?: Date;
}): Request {
  const body = rawBody(options.body);
  return new Request(options.url, {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Topic": options.topic,
      "X-Shopify-Hmac-Sha256": signWebhook(body, options.secret),
      "X-Shopify-Shop-Domain": options.shop,
      "X-Shopify-API-Version": options.apiVersion ?? WEBHOOK_API_VERSION,
      "X-Shopify-Webhook-Id": options.webhookId ?? randomUUID(),
      "X-Shopify-Event-Id": options.eventId ?? randomUUID(),
      "X-Shopify-Triggered-At": (options.triggeredAt ?? new Date()).toISOString(),
    },
  });
}

/** Carrier-service rate request as observed from Shopify (signed like a webhook, `X-Shopify-Timeout` in ms). */
export function carrierCallbackRequest(options: {
  url: string;
  shop: string;
  body: unknown;
  secret: string;
  timeoutMs?: number;
}): Request {
  const body = rawBody(options.body);
  return new Request(options.url, {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Hmac-Sha256": signWebhook(body, options.secret),
      "X-Shopify-Shop-Domain": options.shop,
      "X-Shopify-Timeout": String(options.timeoutMs ?? 10_000),
      "User-Agent": "Ruby",
    },
  });
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

/** Session-token lifetime App Bridge uses. */
export const SESSION_TOKEN_TTL_S = 60;

/** An App Bridge session token (ID token) signed with the app secret. */
export function mintSessionToken(options: {
  shop: string;
  apiKey: string;
  apiSecret: string;
  userId?: string;
  expiresInS?: number;
  now?: Date;
  /** The `dest` claim as given (default: the shop's https URL, as in an admin session token). */
  dest?: string;
}): string {
  const nowS = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const header = base64url({ alg: "HS256", typ: "JWT" });
  const payload = base64url({
    iss: `https://${options.shop}/admin`,
    dest: options.dest ?? `https://${options.shop}`,
    aud: options.apiKey,
    sub: options.userId ?? "42",
    exp: nowS + (options.expiresInS ?? SESSION_TOKEN_TTL_S),
    nbf: nowS,
    iat: nowS,
    jti: randomUUID(),
    sid: randomUUID(),
  });
  const signature = createHmac("sha256", options.apiSecret).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}

/**
 * The query Shopify's app proxy adds to a forwarded request (shop, logged_in_customer_id, path_prefix,
 * timestamp) and its `signature`: hex HMAC-SHA256 with the app secret over the other parameters as
 * `key=value` strings, sorted and joined with nothing between them (a repeated key's values joined by
 * commas).
 */
export function appProxyQuery(options: {
  shop: string;
  secret: string;
  pathPrefix?: string;
  extra?: Record<string, string>;
  now?: Date;
}): URLSearchParams {
  const params: Record<string, string> = {
    ...options.extra,
    shop: options.shop,
    logged_in_customer_id: "",
    path_prefix: options.pathPrefix ?? "/apps/courier-track",
    timestamp: String(Math.floor((options.now ?? new Date()).getTime() / 1000)),
  };
  const message = Object.keys(params)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join("");
  const signature = createHmac("sha256", options.secret).update(message).digest("hex");
  return new URLSearchParams({ ...params, signature });
}
