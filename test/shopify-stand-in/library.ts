/**
 * The real @shopify/shopify-api 15 library, configured like the app (API 2026-10, embedded, test
 * key and secret), for tests that drive the stand-in through the library's own HTTP calls.
 */
import "@shopify/shopify-api/adapters/node";
import { ApiVersion, LogSeverity, Session, shopifyApi } from "@shopify/shopify-api";
import { TEST_API_KEY, TEST_API_SECRET, TEST_SCOPES } from "../support/test-env";

export function shopifyLibrary(overrides: { apiSecretKey?: string } = {}) {
  return shopifyApi({
    apiKey: TEST_API_KEY,
    apiSecretKey: overrides.apiSecretKey ?? TEST_API_SECRET,
    apiVersion: ApiVersion.October26,
    hostName: "courier-app.test",
    hostScheme: "https",
    isEmbeddedApp: true,
    scopes: TEST_SCOPES.split(","),
    logger: { level: LogSeverity.Error, log: async () => {} },
  });
}

export function offlineSession(shop: string, accessToken: string): Session {
  return new Session({ id: `offline_${shop}`, shop, state: "", isOnline: false, accessToken });
}

/** A GraphQL client on the library for a shop, authenticated with the given token. */
export function adminClient(shop: string, accessToken: string) {
  const shopify = shopifyLibrary();
  return new shopify.clients.Graphql({ session: offlineSession(shop, accessToken) });
}
