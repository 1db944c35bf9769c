import "@shopify/shopify-app-remix/adapters/node";
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
  logger: {
    level: config.logLevel === "debug" ? LogSeverity.Debug : LogSeverity.Warning,
    log: (severity, message) => shopifyLog[SHOPIFY_LOG_LEVELS[severity]](message),
  },
  future: {
    unstable_newEmbeddedAuthStrategy: true,
    expiringOfflineAccessTokens: true,
  },
  hooks: {
    afterAuth: async ({ session, admin }) => {
      await recordInstallAfterAuth({ db, admin }, session);
    },
  },
  ...(config.shopify.customShopDomain ? { customShopDomains: [config.shopify.customShopDomain] } : {}),
});

export default shopify;
export const apiVersion = ApiVersion.October26;
export const addDocumentResponseHeaders = shopify.addDocumentResponseHeaders;
export const authenticate = shopify.authenticate;
export const unauthenticated = shopify.unauthenticated;
export const sessionStorage = shopify.sessionStorage;
