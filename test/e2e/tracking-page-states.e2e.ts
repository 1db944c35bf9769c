/**
 * The shoppers' tracking page in Chromium through the app proxy, for what tracking-page.e2e.ts does not
 * follow: a store whose app has no map tile provider (no MAP_TILE_URL, no shop source), where the page
 * says the map is unavailable in the shopper's language instead of drawing a blank frame; and the
 * deliveries that end otherwise (canceled by the driver, returned to the store), a page whose days
 * are over, and an unknown link, each in French and Spanish with no English sentence, screenshotted
 * at phone and desktop widths. The stack is the demo's (real server, courier sandbox, Shopify stand-in);
 * the canceled and returned orders are the demo's step 5, run after its steps 3 and 4 as the demo does. Nothing may leave 127.0.0.1.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { createCleanup, type Cleanup } from "../demo/cleanup";
import { createContext, type DemoContext } from "../demo/context";
import { startDemoStack, type DemoStack } from "../demo/stack";
import { checkoutQuote } from "../demo/steps/checkout-quote";
import { installAndSetUp } from "../demo/steps/install-and-set-up";
import { orderPaid } from "../demo/steps/order-paid";
import { returnAndCancel } from "../demo/steps/return-and-cancel";
import { courierDelivers } from "../demo/steps/courier-delivers";
import { courierShipmentsFor } from "../demo/follow";
import { DEMO_SHOP } from "../demo/store";
import { startAppProxyStandIn, type AppProxyStandIn } from "../support/app-proxy-stand-in";
import { SHOPPER_CATALOGUES } from "~/text/shopper/shopper-text";
import {
  CHROMIUM_FLAGS,
  LANGUAGE_SHOTS,
  PHONE,
  SCREENSHOTS,
  blockDeliveries,
  inOtherLanguages,
  shopperBrowser,
  type ShopperBrowser,
} from "./shopper-browser";

const DAY_MS = 24 * 60 * 60 * 1000;

let cleanup: Cleanup;
let stack: DemoStack;
let ctx: DemoContext;
let proxy: AppProxyStandIn;
let browser: Browser;
let shopper: ShopperBrowser;
const problems: string[] = [];

/** The page token of an order's first delivery, from the order status block's link. */
async function tokenOf(order: { id: string; customerId?: string | null }): Promise<string> {
  const delivery = (await blockDeliveries(stack, order, browser.version())).deliveries[0]!;
  return new URL(delivery.trackingUrl!).pathname.split("/").pop()!;
}

const pageOf = (token: string) => `apps/courier-track/${token}`;

beforeAll(async () => {
  mkdirSync(LANGUAGE_SHOTS, { recursive: true });
  cleanup = createCleanup((name, error) => problems.push(`stopping ${name}: ${String(error)}`));
  // No MAP_TILE_URL: the app runs without a map tile provider.
  stack = await startDemoStack(cleanup, () => undefined);
  ctx = createContext(
    stack,
    () => undefined,
    () => undefined,
    () => undefined,
  );
  for (const step of [installAndSetUp, checkoutQuote]) await step.run(ctx);
  // No driver takes a delivery paying under 10,000 dollars: the order stays booked for the first test.
  stack.sandbox.setAccountOptions(stack.courierToken, { driverPool: { minimumPayout: 10_000 } });
  await orderPaid.run(ctx);
  proxy = await startAppProxyStandIn({ shop: DEMO_SHOP, appUrl: stack.appUrl, apiSecret: stack.apiSecret });
  cleanup.add("app proxy stand-in", () => proxy.close());
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_FLAGS });
  cleanup.add("browser", () => browser.close());
  shopper = shopperBrowser(browser, () => [proxy.url, stack.appUrl], problems);
});

afterAll(async () => {
  await cleanup?.run();
});

describe("the shoppers' tracking page without a map provider, and its ended states, in Chromium", () => {
  it("says the map is unavailable, in the shopper's language, instead of a blank frame", async () => {
    const token = await tokenOf(ctx.state.delivered!.order);
    const context = await shopper.newContext(PHONE);
    const page = await context.newPage();
    shopper.watch(page, "no map");
    const response = await page.goto(`${proxy.url}/${pageOf(token)}`);
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { name: "Map unavailable" }).waitFor();
    await page.getByText(SHOPPER_CATALOGUES.en.page.map.unavailableBody).waitFor();
    expect(await page.locator("svg[role=img], svg image").count()).toBe(0);
    // No map host at all: the page's images come from the app only.
    expect(/img-src ([^;]+)/.exec(response!.headers()["content-security-policy"]!)![1]).toBe(stack.appUrl);
    await page.screenshot({ path: path.join(SCREENSHOTS, "tracking-30-phone-no-map.png"), fullPage: true });
    await context.close();
    const unavailable = async (language: "fr" | "es", shown: Page) =>
      expect(await shown.locator(".map-unavailable h2").innerText()).toBe(
        SHOPPER_CATALOGUES[language].page.map.unavailable,
      );
    await inOtherLanguages(shopper, {
      proxyUrl: proxy.url,
      pathname: pageOf(token),
      state: "02-booked-no-map",
      check: async (shown) => unavailable((await shown.locator("html").getAttribute("lang")) as "fr" | "es", shown),
    });
  });

  it("shows a canceled and a returned delivery, a page whose days are over and an unknown link in French and Spanish", async () => {
    // Drivers take deliveries again; the demo's steps 4 and 5 as the demo runs them (a return, a cancellation).
    stack.sandbox.setAccountOptions(stack.courierToken, { driverPool: null });
    for (const shipment of courierShipmentsFor(ctx, ctx.state.delivered!.order)) stack.sandbox.advance(shipment.id);
    for (const step of [courierDelivers, returnAndCancel]) await step.run(ctx);
    const canceled = await tokenOf(ctx.state.canceled!.order);
    await inOtherLanguages(shopper, { proxyUrl: proxy.url, pathname: pageOf(canceled), state: "21-canceled" });
    await inOtherLanguages(shopper, {
      proxyUrl: proxy.url,
      pathname: pageOf(await tokenOf(ctx.state.returned!.order)),
      state: "22-returned",
    });
    // The canceled delivery's page days (30 by default) pass: its last event moved back 31 days.
    const db = createDb(`file:${path.join(stack.tempDir, "demo.sqlite")}`);
    try {
      await db.shipment.update({
        where: { id: ctx.state.canceled!.shipment.id },
        data: { lastEventAt: new Date(Date.now() - 31 * DAY_MS) },
      });
    } finally {
      await db.$disconnect();
    }
    await inOtherLanguages(shopper, {
      proxyUrl: proxy.url,
      pathname: pageOf(canceled),
      state: "23-ended",
      status: 410,
    });
    const unknown = randomBytes(16).toString("base64url").slice(0, 22);
    await inOtherLanguages(shopper, {
      proxyUrl: proxy.url,
      pathname: pageOf(unknown),
      state: "24-not-found",
      status: 404,
    });
  });

  it("logged no console error and made no request outside the shop and the app", () => {
    expect(problems).toEqual([]);
    expect(stack.shopifyProblems).toEqual([]);
  });
});
