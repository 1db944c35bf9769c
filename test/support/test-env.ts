/** The environment every test file runs the app with (the app reads it through app/config). */
export const TEST_API_KEY = "test-api-key-0123456789abcdef";
export const TEST_API_SECRET = "test-api-secret-do-not-use-in-production";
export const TEST_APP_URL = "https://courier-app.test";
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString("base64");
export const TEST_SCOPES =
  "read_orders,write_orders,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders,write_fulfillments,read_locations,read_shipping,write_shipping,read_products";

export function testEnv(databaseUrl: string): Record<string, string> {
  return {
    NODE_ENV: "test",
    SHOPIFY_API_KEY: TEST_API_KEY,
    SHOPIFY_API_SECRET: TEST_API_SECRET,
    SHOPIFY_APP_URL: TEST_APP_URL,
    SCOPES: TEST_SCOPES,
    DATABASE_URL: databaseUrl,
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    ENCRYPTION_KEY_ID: "test1",
    WORKER_ENABLED: "false",
    LOG_LEVEL: "warn",
  };
}
