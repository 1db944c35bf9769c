import "@shopify/shopify-app-remix/adapters/node";
import { shopifyApi, WebhookValidationErrorReason } from "@shopify/shopify-api";
import { ApiVersion, AppDistribution, LogSeverity, shopifyApp } from "@shopify/shopify-app-remix/server";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import { appConfig } from "./config/env.server";
import { db } from "./db.server";
import { componentLogger, type LogLevel } from "./logging/logger.server";
import { createEncryptedSessionStorage } from "./shopify-admin/encrypted-session-storage.server";
import { recordInstallAfterAuth } from "./shops/install.server";

const config = appConfig();
const shopifyLog = componentLogger("shopify");
const SHOPIFY_LOG_LEVELS: Record<LogSeverity, LogLevel> = {
  [LogSeverity.Error]: "error",
  [LogSeverity.Warning]: "warn",
  [LogSeverity.Info]: "info",
  [LogSeverity.Debug]: "debug",
};

const shopifyLogger = {
  level: config.logLevel === "debug" ? LogSeverity.Debug : LogSeverity.Warning,
  log: async (severity: LogSeverity, message: string) => shopifyLog[SHOPIFY_LOG_LEVELS[severity]](message),
};
const customShopDomains = config.shopify.customShopDomain ? [config.shopify.customShopDomain] : undefined;

const shopify = shopifyApp({
  apiKey: config.shopify.apiKey,
  apiSecretKey: config.shopify.apiSecret,
  apiVersion: ApiVersion.October26,
  scopes: config.shopify.scopes,
  appUrl: config.shopify.appUrl,
  authPathPrefix: "/auth",
  // Access and refresh tokens sealed at rest, like the courier tokens.
  sessionStorage: createEncryptedSessionStorage({ db, keys: config.encryption, inner: new PrismaSessionStorage(db) }),
  distribution: AppDistribution.AppStore,
  // Admin requests use the staff member's online token (token exchange gives it alongside the offline
  // one): its associated user names who acted, on every plan (the StaffMember query needs read_users,
  // which Shopify grants only to Plus and Advanced shops). Jobs and webhooks keep the offline session.
  useOnlineTokens: true,
  // The library logs request details at Info and below; tokens and customer data must stay out of logs.
  logger: shopifyLogger,
  future: {
    unstable_newEmbeddedAuthStrategy: true,
    expiringOfflineAccessTokens: true,
  },
  hooks: {
    afterAuth: async ({ session, admin }) => {
      await recordInstallAfterAuth({ db, admin }, session);
    },
  },
  ...(customShopDomains ? { customShopDomains } : {}),
});

/**
 * The library's own webhook check (HMAC over the raw body in constant time, Shopify's headers), on
 * the app's key, secret and API version. authenticate.webhook makes the same check and then loads the
 * shop's offline session (a database read and a decryption, and a token refresh over the network
 * when it is about to expire) for an admin client that no webhook route uses: every acknowledgement
 * paid for it, in a burst of orders/paid waiting for the connection the worker's jobs use (issue 37).
 */
const webhookApi = shopifyApi({
  apiKey: config.shopify.apiKey,
  apiSecretKey: config.shopify.apiSecret,
  apiVersion: ApiVersion.October26,
  scopes: config.shopify.scopes,
  hostName: new URL(config.shopify.appUrl).host,
  hostScheme: new URL(config.shopify.appUrl).protocol === "http:" ? "http" : "https",
  isEmbeddedApp: true,
  logger: shopifyLogger,
});

export type VerifiedWebhook = { shop: string; topic: string; webhookId: string; rawBody: string };

/**
 * Verifies a Shopify webhook as authenticate.webhook does, answering as it does: 405 for another
 * method, 401 for a wrong HMAC, 400 for missing headers (thrown Responses), and InvalidShopError for
 * a shop header that is no shop domain; the raw body is returned for the caller to parse.
 */
export async function verifyWebhook(request: Request): Promise<VerifiedWebhook> {
  if (request.method !== "POST") throw new Response(undefined, { status: 405, statusText: "Method not allowed" });
  const rawBody = await request.text();
  const check = await webhookApi.webhooks.validate({ rawBody, rawRequest: request });
  if (!check.valid) {
    if (check.reason === WebhookValidationErrorReason.InvalidHmac)
      throw new Response(undefined, { status: 401, statusText: "Unauthorized" });
    throw new Response(undefined, { status: 400, statusText: "Bad Request" });
  }
  const shop = webhookApi.utils.sanitizeShop(check.domain, true)!;
  // Shopify's own topic name (orders/paid); the library gives it as an enum (ORDERS_PAID).
  return { shop, topic: request.headers.get("x-shopify-topic") ?? check.topic, webhookId: check.webhookId, rawBody };
}

export default shopify;
export const apiVersion = ApiVersion.October26;
export const addDocumentResponseHeaders = shopify.addDocumentResponseHeaders;
export const authenticate = shopify.authenticate;
export const unauthenticated = shopify.unauthenticated;
export const sessionStorage = shopify.sessionStorage;
