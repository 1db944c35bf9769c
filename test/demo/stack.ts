/**
 * Everything the demo runs, on 127.0.0.1: the courier sandbox (time-scaled, every account feature on),
 * the Shopify stand-in served over HTTP with its HTTPS CONNECT proxy, and the real app server from its
 * production build with a demo configuration (a temporary SQLite file, a generated ENCRYPTION_KEY and
 * app secret, SHOPIFY_APP_URL on 127.0.0.1 and a free port). The app gets nothing but configuration: it
 * reaches the shops' myshopify.com hosts through HTTPS_PROXY and the courier at COURIER_SANDBOX_URL.
 */
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ALL_FEATURES } from "../courier-sandbox/model";
import { startCourierSandbox, type CourierSandbox } from "../courier-sandbox/server";
import { serveShopifyStandIn, type ServedStandIn } from "../shopify-stand-in";
import {
  ensureProductionBuild,
  freePort,
  migrateDatabase,
  startAppServer,
  type AppServer,
} from "../support/app-server";
import { localCourierEnv, TEST_SCOPES } from "../support/test-env";
import { createAppClient, type AppClient } from "./app-client";
import type { Cleanup } from "./cleanup";
import { createDemoStore, DEMO_SHOP, type DemoStore } from "./store";

/**
 * Sandbox seconds per real second. A delivery (first event 30 s after booking, then one step every
 * 15 s) takes about 8 s. Step 5 adds the return command once it sees the shipment booked and before
 * a driver accepts: 30 s / TIME_SCALE = 1.5 s for a request to 127.0.0.1.
 */
export const TIME_SCALE = 20;

export type DemoStack = {
  tempDir: string;
  appLogPath: string;
  sandbox: CourierSandbox;
  courierToken: string;
  store: DemoStore;
  served: ServedStandIn;
  app: AppServer;
  client: AppClient;
  /** The app's client id and secret, for what signs as Shopify outside the client (the app proxy stand-in, customer account session tokens). */
  apiKey: string;
  apiSecret: string;
  /** What Shopify would have refused as an app bug (invalid query, unknown field, missing scope). */
  shopifyProblems: string[];
  appUrl: string;
};

export async function startDemoStack(
  cleanup: Cleanup,
  log: (line: string) => void,
  /**
   * `timeScale`: a slower delivery for a browser to follow (test/e2e/tracking-page.e2e.ts); `env`: more
   * of the app's configuration (the map's tile provider).
   */
  options: { timeScale?: number; env?: Record<string, string> } = {},
): Promise<DemoStack> {
  const tempDir = mkdtempSync(path.join(tmpdir(), "same-day-demo-"));
  cleanup.add("temporary folder", () => rmSync(tempDir, { recursive: true, force: true }));

  if (ensureProductionBuild({ log })) log("Production build ready.");
  const databaseUrl = `file:${path.join(tempDir, "demo.sqlite")}`;
  migrateDatabase(databaseUrl);

  const courierToken = `demo-courier-${randomBytes(8).toString("hex")}`;
  const sandbox = await startCourierSandbox({
    host: "127.0.0.1",
    port: 0,
    tokens: [courierToken],
    timeScale: options.timeScale ?? TIME_SCALE,
    account: ALL_FEATURES,
  });
  cleanup.add("courier sandbox", () => sandbox.close());

  const apiKey = `demo-api-key-${randomBytes(6).toString("hex")}`;
  const apiSecret = randomBytes(24).toString("base64url");
  const shopifyProblems: string[] = [];
  const store = createDemoStore({ apiKey, apiSecret, onInvalidOperation: (message) => shopifyProblems.push(message) });
  const served = await serveShopifyStandIn(store.standIn);
  cleanup.add("Shopify stand-in", () => served.close());

  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const appLogPath = path.join(tempDir, "app.log");
  const appLog = createWriteStream(appLogPath);
  cleanup.add("app log", () => new Promise<void>((resolve) => appLog.end(resolve)));
  const app = await startAppServer({
    port,
    env: {
      NODE_ENV: "production",
      SHOPIFY_API_KEY: apiKey,
      SHOPIFY_API_SECRET: apiSecret,
      SHOPIFY_APP_URL: appUrl,
      SCOPES: TEST_SCOPES,
      DATABASE_URL: databaseUrl,
      ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      ENCRYPTION_KEY_ID: "demo",
      WORKER_ENABLED: "true",
      LOG_LEVEL: "warn",
      ...localCourierEnv(sandbox.url),
      ...served.proxyEnv(),
      ...options.env,
    },
    onLog: (line) => appLog.write(`${line}\n`),
  });
  cleanup.add("app server", () => app.stop());

  const client = createAppClient({ appUrl, shop: DEMO_SHOP, apiKey, apiSecret });
  return {
    tempDir,
    appLogPath,
    sandbox,
    courierToken,
    store,
    served,
    app,
    client,
    apiKey,
    apiSecret,
    shopifyProblems,
    appUrl,
  };
}
