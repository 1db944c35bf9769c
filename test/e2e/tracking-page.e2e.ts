/**
 * The shoppers' tracking page in a real browser (Debian's Chromium through playwright-core), reached
 * as a shopper reaches it on the shop's domain: through the app proxy (test/support/app-proxy-stand-in.ts
 * signs each forwarded request as Shopify does, and the app verifies it with the library). The whole
 * stack is the demo's (test/demo/stack.ts): the real production server with its worker, the courier
 * sandbox posting its events, the Shopify stand-in. The shopper opens the page from the order status
 * block's link as soon as the delivery is booked, changes the notes for the driver and the delivery
 * time while no driver has it (the courier sandbox holds drivers back until the test lets them take
 * it; each change is one PATCH there), finds both refused once a driver has it, and watches the
 * delivery to the end without reloading (the test steps the courier), then sees the photo.
 * The app-wide map tile provider is a tile server made here (test/support/tile-server.ts): the page's
 * map must load its tiles. Screenshots at phone and desktop sizes; the LCP of the booked page, map on,
 * with a slow mobile profile is printed (a figure, not a test's verdict: speed targets live in
 * benchmarks, and this one would depend on the machine's load).
 * Nothing may leave 127.0.0.1: every other request is aborted and fails the test.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page, type Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCleanup, type Cleanup } from "../demo/cleanup";
import { createContext, type DemoContext } from "../demo/context";
import { startDemoStack, type DemoStack } from "../demo/stack";
import { checkoutQuote } from "../demo/steps/checkout-quote";
import { installAndSetUp } from "../demo/steps/install-and-set-up";
import { orderPaid } from "../demo/steps/order-paid";
import { DEMO_SHOP, SHOPPER } from "../demo/store";
import { startAppProxyStandIn, type AppProxyStandIn } from "../support/app-proxy-stand-in";
import { startTileServer, type TileServer } from "../support/tile-server";
import {
  CHROMIUM_FLAGS,
  DESKTOP,
  LANGUAGE_SHOTS,
  PHONE,
  SCREENSHOTS,
  blockDeliveries as blockAnswer,
  blockRequest,
  inOtherLanguages as checkOtherLanguages,
  shopperBrowser,
  type ShopperBrowser,
} from "./shopper-browser";

/** A delivery of about 40 s (first event 30 s of sandbox time after booking, then a step every 15 s). */
const TIME_SCALE = 4;
/** A slow mobile profile: 4× slower CPU, 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up. */
const SLOW_MOBILE = { cpuSlowdown: 4, latencyMs: 150, downloadBytesPerS: 200_000, uploadBytesPerS: 93_750 };
const TILE_CREDIT = "© Test tiles";

/** The page in French and Spanish at phone and desktop widths, with no English sentence; a screenshot each. */
async function inOtherLanguages(token: string, state: string) {
  await checkOtherLanguages(shopper, { proxyUrl: proxy.url, pathname: `apps/courier-track/${token}`, state });
}

let cleanup: Cleanup;
let stack: DemoStack;
let ctx: DemoContext;
let proxy: AppProxyStandIn;
let tiles: TileServer;
let browser: Browser;
let shopper: ShopperBrowser;
const problems: string[] = [];

const newContext = (viewport: { width: number; height: number }) => shopper.newContext(viewport);
const watch = (page: Page, name: string) => shopper.watch(page, name);
const blockDeliveries = () => blockAnswer(stack, ctx.state.delivered!.order, browser.version());

/** A change from the order status block, as the block sends it with the customer's session token. */
async function blockChange(deliveryId: string, body: unknown): Promise<[number, unknown]> {
  const answer = await blockRequest(
    stack,
    ctx.state.delivered!.order,
    browser.version(),
    `deliveries/${deliveryId}/change`,
    { method: "POST", body: JSON.stringify(body) },
  );
  return [answer.status, await answer.json()];
}

beforeAll(async () => {
  mkdirSync(LANGUAGE_SHOTS, { recursive: true });
  cleanup = createCleanup((name, error) => problems.push(`stopping ${name}: ${String(error)}`));
  // The app-wide map tile provider (MAP_TILE_URL) is the test's tile server on 127.0.0.1.
  tiles = await startTileServer();
  cleanup.add("tile server", () => tiles.close());
  stack = await startDemoStack(cleanup, () => undefined, {
    timeScale: TIME_SCALE,
    env: { MAP_TILE_URL: `${tiles.url}/{z}/{x}/{y}.png`, MAP_TILE_ATTRIBUTION: TILE_CREDIT },
  });
  ctx = createContext(
    stack,
    () => undefined,
    () => undefined,
    () => undefined,
  );
  for (const step of [installAndSetUp, checkoutQuote]) await step.run(ctx);
  // No driver takes a delivery paying under 10,000 dollars: the shopper has time to change it.
  stack.sandbox.setAccountOptions(stack.courierToken, { driverPool: { minimumPayout: 10_000 } });
  await orderPaid.run(ctx);
  proxy = await startAppProxyStandIn({ shop: DEMO_SHOP, appUrl: stack.appUrl, apiSecret: stack.apiSecret });
  cleanup.add("app proxy stand-in", () => proxy.close());
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_FLAGS });
  cleanup.add("browser", () => browser.close());
  shopper = shopperBrowser(browser, () => [proxy.url, stack.appUrl, tiles.url], problems);
});

afterAll(async () => {
  await cleanup?.run();
});

describe("the shoppers' tracking page in Chromium, through the app proxy", () => {
  let storefrontUrl = "";
  /** The booked delivery's page, its map drawn (a delivery that ended has none). */
  let mapPageUrl = "";

  it("draws its map over the app-wide provider's streets: the tiles the test's tile server sends, loaded", async () => {
    const token = new URL((await blockDeliveries()).deliveries[0]!.trackingUrl!).pathname.split("/").pop()!;
    const context = await newContext(PHONE);
    const page = await context.newPage();
    watch(page, "map");
    // Every answer of the tile server the page receives, from before the page asks for any.
    const tileAnswers: Response[] = [];
    page.on("response", (answer) => {
      if (answer.url().startsWith(`${tiles.url}/`)) tileAnswers.push(answer);
    });
    mapPageUrl = `${proxy.url}/apps/courier-track/${token}`;
    const response = await page.goto(mapPageUrl);
    expect(response?.status()).toBe(200);
    // The page's image policy names the tile host (and the app), no other.
    expect(/img-src ([^;]+)/.exec(response!.headers()["content-security-policy"]!)![1]).toBe(
      `${stack.appUrl} ${tiles.url}`,
    );
    const hrefs = await page
      .locator(".map svg image")
      .evaluateAll((images) => images.map((i) => i.getAttribute("href")));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(new RegExp(`^${tiles.url}/\\d+/\\d+/\\d+\\.png$`));
    // The browser's own answers for every tile: each a PNG from the tile server, read to its end.
    await expect.poll(() => tileAnswers.length, { timeout: 30_000 }).toBe(hrefs.length);
    expect(tileAnswers.map((a) => a.url()).sort()).toEqual([...hrefs].sort());
    for (const answer of tileAnswers) {
      expect(answer.status()).toBe(200);
      expect(await answer.finished()).toBeNull();
      expect((await answer.body()).subarray(1, 4).toString("latin1")).toBe("PNG");
    }
    // And the page itself saw each image's bytes arrive (the tile server allows its timing to be read).
    await expect
      .poll(() =>
        page.evaluate(
          (urls) =>
            urls.every((url) =>
              performance
                .getEntriesByName(url!)
                .some((entry) => (entry as PerformanceResourceTiming).encodedBodySize > 0),
            ),
          hrefs,
        ),
      )
      .toBe(true);
    expect([...tiles.served].sort()).toEqual(expect.arrayContaining(hrefs.map((h) => new URL(h!).pathname).sort()));
    await page.getByText(TILE_CREDIT).waitFor();
    expect(await page.getByText("Map unavailable").count()).toBe(0);
    await page.locator(".map").screenshot({ path: path.join(SCREENSHOTS, "tracking-00-phone-map.png") });
    await context.close();
  });

  it("paints its largest content with a slow mobile profile, the map's tiles on (the LCP printed)", async () => {
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
    await page.goto(mapPageUrl, { waitUntil: "load" });
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
        `${SLOW_MOBILE.latencyMs} ms latency, ${(SLOW_MOBILE.downloadBytesPerS * 8) / 1e6} Mbit/s down, through the app proxy, booked, the map over the tile server's tiles`,
    );
    expect(lcp.ms).toBeGreaterThan(0);
    await context.close();
  });

  it("follows a delivery from booking to delivered without reloading; notes and time change before a driver has it, not after", async () => {
    // The order status block links to the page from booking on, with the booked window.
    const block = await blockDeliveries();
    expect(block.deliveries).toHaveLength(2);
    const first = block.deliveries[0]!;
    expect(first).toMatchObject({ status: "Your order is being prepared", phase: "active" });
    expect(first.window).toBeTruthy();
    expect(first.trackingUrl).toMatch(new RegExp(`^${stack.appUrl}/t/[A-Za-z0-9_-]{22}$`));
    const token = new URL(first.trackingUrl!).pathname.split("/").pop()!;
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
    // The headline itself, as long as a busy machine takes (the shop's name may be shown before it).
    await expect.poll(() => page.locator("h1").innerText(), { timeout: 30_000 }).toBe("Your order is being prepared");
    await page.getByText("Sunset Bakery").first().waitFor();
    await page.getByText(`Order ${ctx.state.delivered!.order.name}`).waitFor();
    const windowBefore = await page.locator(".facts dd").first().innerText();
    await page.screenshot({ path: path.join(SCREENSHOTS, "tracking-01-phone-booked.png"), fullPage: true });
    await inOtherLanguages(token, "01-booked");

    // The notes for the driver: one PATCH of the delivery location at the courier.
    const updatesBefore = stack.sandbox.updates.length;
    await page.getByLabel("Notes for the driver").fill("Gate code 4412, leave at the door");
    await page.getByRole("button", { name: "Save notes" }).click();
    await page.getByText("Your notes for the driver are saved.").waitFor();
    const notesPatches = stack.sandbox.updates.slice(updatesBefore);
    expect(notesPatches).toHaveLength(1);
    expect(notesPatches[0]!.status).toBe(200);
    const courierId = notesPatches[0]!.shipmentId;
    expect(
      (notesPatches[0]!.body as { delivery_location: { notes: string } }).delivery_location.notes.startsWith(
        "Gate code 4412, leave at the door",
      ),
    ).toBe(true);

    // Another time the store offers at the same price or less: one PATCH of pickup_after and deliver_between.
    await page.getByRole("button", { name: "Change delivery time" }).click();
    const choices = page.getByRole("radio");
    await choices.first().waitFor();
    const chosen = await page.locator(`label[for="${await choices.first().getAttribute("id")}"]`).innerText();
    await choices.first().check();
    await page.screenshot({ path: path.join(SCREENSHOTS, "tracking-02-phone-change-time.png"), fullPage: true });
    await page.getByRole("button", { name: "Move my delivery" }).click();
    await page.getByText(`Your delivery is now booked for ${chosen}.`).waitFor();
    const movePatches = stack.sandbox.updates.slice(updatesBefore + 1);
    expect(movePatches.map((u) => [u.shipmentId, u.status, Object.keys(u.body as object).sort()])).toEqual([
      [courierId, 200, ["deliver_between", "pickup_after"]],
    ]);
    const moved = movePatches[0]!.body as { deliver_between: { start: string } };
    expect(stack.sandbox.shipment(courierId)!.request.deliver_between.start).toBe(moved.deliver_between.start);
    // The same change from the order status block (the signed-in customer): the page's own PATCH.
    const beforeBlock = stack.sandbox.updates.length;
    expect(first.changes).toEqual({ open: true });
    expect(await blockChange(first.id, { change: "notes", notes: "Blue door, ring twice" })).toEqual([
      200,
      { changed: true, message: "Your notes for the driver are saved." },
    ]);
    const blockPatches = stack.sandbox.updates.slice(beforeBlock);
    expect(blockPatches.map((u) => [u.shipmentId, u.status])).toEqual([[courierId, 200]]);
    expect(
      (blockPatches[0]!.body as { delivery_location: { notes: string } }).delivery_location.notes.startsWith(
        "Blue door, ring twice",
      ),
    ).toBe(true);
    // The page's next poll shows the new window, still without a reload.
    await expect.poll(() => page.locator(".facts dd").first().innerText(), { timeout: 30_000 }).not.toBe(windowBefore);
    await page.screenshot({ path: path.join(SCREENSHOTS, "tracking-03-phone-changed.png"), fullPage: true });

    // A driver takes it: the courier's events reach the page by its polls; the changes close.
    stack.sandbox.setAccountOptions(stack.courierToken, { driverPool: null });
    expect(stack.sandbox.advance(courierId)?.state).toBe("assigned");
    await expect
      .poll(() => page.locator("h1").innerText(), { timeout: 60_000 })
      .toBe("A driver is on the way to the store");
    await page.getByText("can no longer change").waitFor();
    expect(await page.getByRole("button", { name: "Save notes" }).count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, "tracking-04-phone-assigned.png"), fullPage: true });
    await inOtherLanguages(token, "04-assigned");

    // Both changes are refused now, and nothing reaches the courier.
    const updatesAssigned = stack.sandbox.updates.length;
    // Sent as the page's script sends them (a refused request in the page would log a console error).
    const send = async (body: unknown) => {
      const answer = await fetch(`${storefrontUrl}/change`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
      });
      return [answer.status, ((await answer.json()) as { error: string }).error];
    };
    const refusals = [
      await send({ change: "notes", notes: "Ring twice" }),
      await send({ change: "window", serviceCode: "SAMEDAY_WITHIN-3-HOURS" }),
    ];
    expect(refusals).toEqual([
      [409, "A driver has your order now, so the delivery time and the notes for the driver can no longer change."],
      [409, "A driver has your order now, so the delivery time and the notes for the driver can no longer change."],
    ]);
    // And from the order status block.
    expect(await blockChange(first.id, { change: "notes", notes: "Ring twice" })).toEqual([
      409,
      {
        error: {
          message:
            "A driver has your order now, so the delivery time and the notes for the driver can no longer change.",
        },
      },
    ]);
    expect(stack.sandbox.updates.length).toBe(updatesAssigned);

    // Each further step of the courier, followed live to the end; a screenshot at each.
    const seen = ["Your order is being prepared", "A driver is on the way to the store"];
    for (let step = 5; !seen.includes("Delivered"); step++) {
      const before = seen[seen.length - 1]!;
      // The courier's next step now, again while a step does not change what the shopper reads
      // (the driver at the store is still "on the way to the store" for them).
      let advancedAt = 0;
      // The headline the poll saw change is the one recorded (a second read could be a later one).
      let headline = before;
      await expect
        .poll(
          async () => {
            headline = await page.locator("h1").innerText();
            const state = stack.sandbox.shipment(courierId)!.state;
            if (headline === before && state !== "delivered" && Date.now() - advancedAt > 2_000) {
              stack.sandbox.advance(courierId);
              advancedAt = Date.now();
            }
            return headline;
          },
          { timeout: 60_000, interval: 250 },
        )
        .not.toBe(before);
      seen.push(headline);
      const name = headline
        .toLowerCase()
        .replace(/[^a-z]+/g, "-")
        .replace(/^-|-$/g, "");
      await page.screenshot({
        path: path.join(SCREENSHOTS, `tracking-${String(step).padStart(2, "0")}-phone-${name}.png`),
        fullPage: true,
      });
      await inOtherLanguages(token, `${String(step).padStart(2, "0")}-${name}`);
      expect(step).toBeLessThan(20);
    }
    expect(navigations).toBe(1);

    const photo = page.getByRole("img", { name: "Photo of your delivery, taken by the driver" });
    await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await photo.getAttribute("src")).toMatch(new RegExp(`^${stack.appUrl}/api/files/`));
    const html = await page.content();
    expect(html).toContain("Hi Dana");
    for (const personal of [SHOPPER.lastName, SHOPPER.address1, SHOPPER.phone.slice(-7), SHOPPER.zip, "4412"])
      expect(html).not.toContain(personal);
    await page.screenshot({ path: path.join(SCREENSHOTS, "tracking-18-phone-delivered.png"), fullPage: true });
    // The French and Spanish pages of the delivered order offer the rating in their words.
    await inOtherLanguages(token, "18-delivered");
    // One tap rates the delivery, with a reason the store offers.
    await page.getByLabel("On time").check();
    await page.getByRole("button", { name: "5 out of 5 stars" }).click();
    await page.getByText("Thank you. Your rating is saved.").waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, "tracking-19-phone-rated.png"), fullPage: true });
    await inOtherLanguages(token, "19-rated");
    const blockAfter = JSON.stringify(await blockDeliveries());
    for (const personal of [SHOPPER.lastName, SHOPPER.address1, SHOPPER.phone.slice(-7), SHOPPER.zip, "4412"])
      expect(blockAfter).not.toContain(personal);
    console.log(`Tracking page headlines seen without a reload: ${seen.join(" → ")}`);
    await context.close();

    const desktop = await newContext(DESKTOP);
    const wide = await desktop.newPage();
    watch(wide, "desktop");
    await wide.goto(storefrontUrl);
    await wide.getByRole("heading", { name: "Delivered" }).waitFor();
    await wide.screenshot({ path: path.join(SCREENSHOTS, "tracking-20-desktop-delivered.png"), fullPage: true });
    await desktop.close();
  });

  it("logged no console error and made no request outside the shop and the app", () => {
    expect(problems).toEqual([]);
    expect(stack.shopifyProblems).toEqual([]);
  });
});
