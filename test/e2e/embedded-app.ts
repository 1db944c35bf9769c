/**
 * The production server with a seeded shop, opened in Debian's Chromium as the admin opens an
 * embedded page (a valid session token, App Bridge's stand-in), for browser tests that only look at
 * pages. Outside systems are on 127.0.0.1: the courier sandbox, the Shopify stand-in behind an HTTPS
 * proxy. Every request elsewhere is refused, and every console error is collected.
 */
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { createDb, type Db } from "~/db/client.server";
import { ALL_FEATURES } from "../courier-sandbox/model";
import { startCourierSandbox, type CourierSandbox } from "../courier-sandbox/server";
import {
  createShopifyStandIn,
  serveShopifyStandIn,
  type ServedStandIn,
  type ShopifyStandIn,
} from "../shopify-stand-in";
import { mintSessionToken } from "../support/shopify-signing";
import { localCourierEnv, TEST_API_KEY, TEST_API_SECRET, testEnv } from "../support/test-env";
import { appBridgeStandInScript } from "./app-bridge-stand-in";
import {
  ensureProductionBuild,
  freePort,
  migratedTempDatabase,
  startAppServer,
  type AppServer,
  type TempDatabase,
} from "../support/app-server";

const APP_BRIDGE_URL = "https://cdn.shopify.com/shopifycloud/app-bridge.js";
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

export type EmbeddedApp = {
  db: Db;
  sandbox: CourierSandbox;
  standIn: ShopifyStandIn;
  server: AppServer;
  consoleErrors: string[];
  /** Opens an embedded page at a viewport width, hydrated; fails unless it answered 200. */
  open: (pathname: string, width: number) => Promise<Page>;
  close: () => Promise<void>;
};

export async function startEmbeddedApp(options: {
  shop: string;
  courierToken: string;
  seed: (ctx: { db: Db; standIn: ShopifyStandIn; sandbox: CourierSandbox }) => Promise<void>;
}): Promise<EmbeddedApp> {
  const { shop } = options;
  ensureProductionBuild();
  const database: TempDatabase = migratedTempDatabase("courier-e2e-walk-");
  const db = createDb(database.url);
  const sandbox = await startCourierSandbox({ tokens: [options.courierToken], account: ALL_FEATURES });
  const standIn = createShopifyStandIn({ apiKey: TEST_API_KEY, apiSecret: TEST_API_SECRET });
  await options.seed({ db, standIn, sandbox });
  const served: ServedStandIn = await serveShopifyStandIn(standIn);
  const port = await freePort();
  const server = await startAppServer({
    env: {
      ...testEnv(database.url),
      NODE_ENV: "production",
      SHOPIFY_APP_URL: `http://127.0.0.1:${port}`,
      WORKER_ENABLED: "false",
      ...localCourierEnv(sandbox.url),
      ...served.proxyEnv(),
    },
    port,
  });
  const browser: Browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_FLAGS });
  const host = Buffer.from(`admin.shopify.com/store/${shop.replace(".myshopify.com", "")}`).toString("base64");
  const token = () => mintSessionToken({ shop, apiKey: TEST_API_KEY, apiSecret: TEST_API_SECRET, expiresInS: 900 });
  // The library answers bots (isbot: "HeadlessChrome") with 410; the admin's iframe is a real browser.
  const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36`;
  const contexts = new Map<number, BrowserContext>();
  const consoleErrors: string[] = [];

  async function contextFor(width: number): Promise<BrowserContext> {
    const existing = contexts.get(width);
    if (existing) return existing;
    const context = await browser.newContext({ viewport: { width, height: 900 }, userAgent });
    await context.route("**/*", (route) => {
      const url = route.request().url();
      if (url.startsWith(APP_BRIDGE_URL)) {
        return route.fulfill({
          contentType: "text/javascript",
          body: appBridgeStandInScript({ idToken: token(), apiKey: TEST_API_KEY, shop }),
        });
      }
      if (url.startsWith(server.url) || url.startsWith("data:")) return route.continue();
      return route.abort("blockedbyclient");
    });
    contexts.set(width, context);
    return context;
  }

  return {
    db,
    sandbox,
    standIn,
    server,
    consoleErrors,
    open: async (pathname, width) => {
      const page = await (await contextFor(width)).newPage();
      page.on("console", (message) => {
        if (message.type() === "error") consoleErrors.push(`${pathname} @${width}: ${message.text()}`);
      });
      page.on("pageerror", (error) => consoleErrors.push(`${pathname} @${width}: ${error.message}`));
      const [path, query = ""] = pathname.split("?");
      const url = `${server.url}${path}?${query ? `${query}&` : ""}embedded=1&shop=${shop}&host=${host}&id_token=${token()}`;
      const response = await page.goto(url, { waitUntil: "networkidle" });
      if (response?.status() !== 200) throw new Error(`${pathname} answered ${response?.status()}`);
      await page.waitForFunction(() => "__remixRouter" in window);
      return page;
    },
    close: async () => {
      await browser.close();
      await server.stop();
      await served.close();
      await sandbox.close();
      await db.$disconnect();
      database.remove();
    },
  };
}
