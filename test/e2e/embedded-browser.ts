import { chromium, type Browser, type BrowserContext } from "playwright-core";
import { TEST_API_KEY } from "../support/test-env";
import { appBridgeStandInScript } from "./app-bridge-stand-in";

/**
 * Debian's Chromium opened as the admin's iframe would be for the browser tests: a real browser's
 * user agent (the library answers bots, isbot "HeadlessChrome", with 410), App Bridge's CDN script
 * answered by the stand-in, and every request to anything but the app server blocked.
 */

export const APP_BRIDGE_URL = "https://cdn.shopify.com/shopifycloud/app-bridge.js";
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

export async function launchEmbeddedBrowser(options: {
  serverUrl: string;
  shop: string;
  token: () => string;
}): Promise<{ browser: Browser; context: BrowserContext }> {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_FLAGS });
  const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36`;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent });
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(APP_BRIDGE_URL)) {
      return route.fulfill({
        contentType: "text/javascript",
        body: appBridgeStandInScript({ idToken: options.token(), apiKey: TEST_API_KEY, shop: options.shop }),
      });
    }
    if (url.startsWith(options.serverUrl) || url.startsWith("data:")) return route.continue();
    // Nothing else may leave the machine.
    return route.abort("blockedbyclient");
  });
  return { browser, context };
}
