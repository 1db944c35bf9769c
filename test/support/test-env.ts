/** The environment every test file runs the app with (the app reads it through app/config). */
import { APP_SCOPES } from "../tools/app-scopes";

export const TEST_API_KEY = "test-api-key-0123456789abcdef";
export const TEST_API_SECRET = "test-api-secret-do-not-use-in-production";
export const TEST_APP_URL = "https://courier-app.test";
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString("base64");
/** Exactly shopify.app.toml's scopes: tests, the demo and benchmarks run with the access the app asks for. */
export const TEST_SCOPES = APP_SCOPES.join(",");

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
    // The courier sandbox listens on 127.0.0.1 over plain HTTP: the development setting that allows it.
    COURIER_ALLOW_LOOPBACK: "true",
  };
}

/**
 * A server that reaches the local courier sandbox: both base URLs (production refuses to start without
 * them) and the development setting that allows loopback over plain HTTP.
 */
export function localCourierEnv(sandboxUrl: string): Record<string, string> {
  return { COURIER_SANDBOX_URL: sandboxUrl, COURIER_PRODUCTION_URL: sandboxUrl, COURIER_ALLOW_LOOPBACK: "true" };
}
