/**
 * The shoppers' tracking page in a real browser (Debian's Chromium through playwright-core), reached
 * as a shopper reaches it on the shop's domain: through the app proxy (test/support/app-proxy-stand-in.ts
 * signs each forwarded request as Shopify does, and the app verifies it with the library). The whole
 * stack is the demo's (test/demo/stack.ts): the real production server with its worker, the courier
 * sandbox posting its events, the Shopify stand-in. The shopper opens the page once the fulfillment
 * links to it and watches the delivery to the end without reloading, then sees the photo.
 * Screenshots at phone and desktop sizes; the LCP with a slow mobile profile is printed and checked.
 * Nothing may leave 127.0.0.1: every other request is aborted and fails the test.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCleanup, type Cleanup } from "../demo/cleanup";
import { createContext, type DemoContext } from "../demo/context";
import { startDemoStack, type DemoStack } from "../demo/stack";
import { checkoutQuote } from "../demo/steps/checkout-quote";
import { installAndSetUp } from "../demo/steps/install-and-set-up";
import { orderPaid } from "../demo/steps/order-paid";
import { DEMO_SHOP, SHOPPER } from "../demo/store";
import { ROOT } from "../support/app-server";
import { startAppProxyStandIn, type AppProxyStandIn } from "../support/app-proxy-stand-in";

const SCREENSHOTS = path.join(ROOT, "test-results", "e2e");
const CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"];
/** A delivery of about 40 s (first event 30 s of sandbox time after booking, then a step every 15 s). */
const TIME_SCALE = 4;
const LCP_BUDGET_MS = 1_500;
/** A slow mobile profile: 4× slower CPU, 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up. */
const SLOW_MOBILE = { cpuSlowdown: 4, latencyMs: 150, downloadBytesPerS: 200_000, uploadBytesPerS: 93_750 };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

let cleanup: Cleanup;
let stack: DemoStack;
let ctx: DemoContext;
let proxy: AppProxyStandIn;
let browser: Browser;
const problems: string[] = [];

async function newContext(viewport: { width: number; height: number }): Promise<BrowserContext> {
  const userAgent = `Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Mobile Safari/537.36`;
  const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor: 2 });
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(proxy.url) || url.startsWith(stack.appUrl)) return route.continue();
    problems.push(`request outside the shop and the app: ${url}`);
    return route.abort("blockedbyclient");
  });
  return context;
}

function watch(page: Page, name: string) {
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`${name}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`${name}: ${error.message}`));
}

/** The page's token once the first fulfillment links to it (the courier confirmed a pickup). */
async function firstTrackingToken(): Promise<string> {
  const order = ctx.state.delivered!.order;
  const url = await ctx.waitFor(
    "a fulfillment linking to the tracking page",
    () => order.fulfillments.flatMap((f) => f.trackingInfo).find((t) => t.url)?.url,
    { timeoutMs: 60_000, intervalMs: 100 },
  );
  return new URL(url).pathname.split("/").pop()!;
}

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  cleanup = createCleanup((name, error) => problems.push(`stopping ${name}: ${String(error)}`));
  stack = await startDemoStack(cleanup, () => undefined, { timeScale: TIME_SCALE });
  ctx = createContext(
    stack,
    () => undefined,
    () => undefined,
    () => undefined,
  );
  for (const step of [installAndSetUp, checkoutQuote, orderPaid]) await step.run(ctx);
  proxy = await startAppProxyStandIn({ shop: DEMO_SHOP, appUrl: stack.appUrl, apiSecret: stack.apiSecret });
  cleanup.add("app proxy stand-in", () => proxy.close());
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_FLAGS });
  cleanup.add("browser", () => browser.close());
});

afterAll(async () => {
  await cleanup?.run();
});

describe("the shoppers' tracking page in Chromium, through the app proxy", () => {
  let storefrontUrl = "";

  it("follows a delivery to the end without reloading, and shows the photo", async () => {
    const token = await firstTrackingToken();
    storefrontUrl = `${proxy.url}/apps/courier-track/${token}`;
    const context = await newContext(PHONE);
    const page = await context.newPage();
    watch(page, "phone");
    let navigations = 0;
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) navigations++;
    });
    const response = await page.goto(storefrontUrl);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
    await page.getByText("Sunset Bakery").first().waitFor();
    const firstHeadline = await page.locator("h1").innerText();
    expect(firstHeadline).not.toBe("Delivered");
    const seen = new Set([firstHeadline]);
    await page.screenshot({ path: path.join(SCREENSHOTS, "tracking-01-phone-on-the-way.png"), fullPage: true });

    // The page polls its status through the proxy and swaps its live part: no reload.
    await expect
      .poll(
        async () => {
          seen.add(await page.locator("h1").innerText());
          return seen.has("Delivered");
        },
        { timeout: 90_000, interval: 250 },
      )
      .toBe(true);
    expect(navigations).toBe(1);
    expect(seen.size).toBeGreaterThan(1);

    const photo = page.getByRole("img", { name: "Photo of your delivery, taken by the driver" });
    await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await photo.getAttribute("src")).toMatch(new RegExp(`^${stack.appUrl}/api/files/`));
    const html = await page.content();
    expect(html).toContain("Hi Dana");
    for (const personal of [SHOPPER.lastName, SHOPPER.address1, SHOPPER.phone.slice(-7), SHOPPER.zip])
      expect(html).not.toContain(personal);
    await page.screenshot({ path: path.join(SCREENSHOTS, "tracking-02-phone-delivered.png"), fullPage: true });
    console.log(`Tracking page headlines seen without a reload: ${[...seen].join(" → ")}`);
    await context.close();

    const desktop = await newContext(DESKTOP);
    const wide = await desktop.newPage();
    watch(wide, "desktop");
    await wide.goto(storefrontUrl);
    await wide.getByRole("heading", { name: "Delivered" }).waitFor();
    await wide.screenshot({ path: path.join(SCREENSHOTS, "tracking-03-desktop-delivered.png"), fullPage: true });
    await desktop.close();
  });

  it(`paints its largest content within ${LCP_BUDGET_MS} ms with a slow mobile profile`, async () => {
    const context = await newContext(PHONE);
    const page = await context.newPage();
    watch(page, "lcp");
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: SLOW_MOBILE.latencyMs,
      downloadThroughput: SLOW_MOBILE.downloadBytesPerS,
      uploadThroughput: SLOW_MOBILE.uploadBytesPerS,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_MOBILE.cpuSlowdown });
    await page.goto(storefrontUrl, { waitUntil: "load" });
    const lcp = await page.evaluate(
      () =>
        new Promise<{ ms: number; element: string }>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null })[];
            const last = entries[entries.length - 1]!;
            resolve({ ms: last.startTime, element: last.element?.tagName.toLowerCase() ?? "?" });
          }).observe({ type: "largest-contentful-paint", buffered: true });
        }),
    );
    console.log(
      `LCP ${lcp.ms.toFixed(0)} ms (largest element: <${lcp.element}>), slow mobile profile: CPU ×${SLOW_MOBILE.cpuSlowdown}, ` +
        `${SLOW_MOBILE.latencyMs} ms latency, ${(SLOW_MOBILE.downloadBytesPerS * 8) / 1e6} Mbit/s down, through the app proxy`,
    );
    expect(lcp.ms).toBeLessThanOrEqual(LCP_BUDGET_MS);
    await context.close();
  });

  it("logged no console error and made no request outside the shop and the app", () => {
    expect(problems).toEqual([]);
    expect(stack.shopifyProblems).toEqual([]);
  });
});
