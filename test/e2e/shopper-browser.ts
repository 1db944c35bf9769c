/**
 * What the shoppers' page browser tests share (tracking-page.e2e.ts, tracking-page-states.e2e.ts): the
 * browser contexts a shopper opens (nothing may leave the shop, the app and the map's tile server:
 * every other request is aborted and recorded as a problem), the console watch, the order status
 * block's answer, and the check that a page in French or Spanish carries no English sentence of the
 * catalogue, with a screenshot of each.
 */
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import type { ShopperDeliveriesResponse } from "../../extensions/shared/shopper-delivery";
import type { DemoStack } from "../demo/stack";
import { DEMO_SHOP } from "../demo/store";
import { ROOT } from "../support/app-server";
import { mintSessionToken } from "../support/shopify-signing";
import { SHOPPER_CATALOGUES } from "~/text/shopper/shopper-text";

export const SCREENSHOTS = path.join(ROOT, "test-results", "e2e");
export const LANGUAGE_SHOTS = path.join(SCREENSHOTS, "languages");
export const CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"];
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };
/** The storefront languages the demo shop publishes besides English (test/demo/store.ts). */
export const OTHER_LANGUAGES = ["fr", "es"] as const;

/** Every text of a catalogue, flattened. */
function textsOf(catalogue: unknown): string[] {
  if (typeof catalogue === "string") return [catalogue];
  return Object.values(catalogue as Record<string, unknown>).flatMap(textsOf);
}

/**
 * The English catalogue's sentences and words cut at their placeholders, less what the other
 * language writes the same ("{{name}} (option {{number}})" is French too): none may be on a page in
 * another language.
 */
export function englishTextsNotIn(language: (typeof OTHER_LANGUAGES)[number]): string[] {
  const theirs = textsOf(SHOPPER_CATALOGUES[language]).join("\n");
  return [
    ...new Set(
      textsOf(SHOPPER_CATALOGUES.en)
        .flatMap((text) => text.split(/\{\{\w+\}\}/))
        .map((fragment) => fragment.replace(/^[\s,.:;()]+|[\s,.:;()]+$/g, ""))
        .filter((fragment) => fragment.length >= 3 && !theirs.includes(fragment)),
    ),
  ];
}

/** What a shopper reads or hears on the page: its text, title, labels, alternatives and placeholders. */
export async function wordsOnPage(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attributes = Array.from(document.querySelectorAll("[aria-label],[alt],[placeholder],[data-words]")).map(
      (element) =>
        ["aria-label", "alt", "placeholder", "data-words"].map((name) => element.getAttribute(name) ?? "").join("\n"),
    );
    const svgTitles = Array.from(document.querySelectorAll("svg title")).map((title) => title.textContent ?? "");
    return [document.title, document.body.innerText, ...attributes, ...svgTitles].join("\n");
  });
}

export type ShopperBrowser = {
  newContext: (viewport: { width: number; height: number }) => Promise<BrowserContext>;
  /** Records the page's console errors; `documentStatus`: the page itself answers so (404, 410) on purpose. */
  watch: (page: Page, name: string, documentStatus?: number) => void;
};

/** Contexts that reach only `allowed()` origins (the shop's proxy, the app, the tile server), recording the rest. */
export function shopperBrowser(browser: Browser, allowed: () => string[], problems: string[]): ShopperBrowser {
  return {
    async newContext(viewport) {
      const userAgent = `Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Mobile Safari/537.36`;
      // The test's tile server has a throw-away certificate (test/support/tile-server.ts).
      const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor: 2, ignoreHTTPSErrors: true });
      await context.route("**/*", (route) => {
        const url = route.request().url();
        if (allowed().some((origin) => url.startsWith(origin))) return route.continue();
        problems.push(`request outside the shop, the app and the tile server: ${url}`);
        return route.abort("blockedbyclient");
      });
      return context;
    },
    watch(page, name, documentStatus) {
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        // Chromium reports a page answered 404 or 410 as a failed load of the page itself.
        const ownStatus =
          documentStatus !== undefined &&
          message.location().url === page.url() &&
          message.text().includes(`status of ${documentStatus}`);
        if (!ownStatus) problems.push(`${name}: ${message.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`${name}: ${error.message}`));
    },
  };
}

/** A request of the order status block for an order, with the customer's session token, as the block sends it. */
export function blockRequest(
  stack: DemoStack,
  order: { id: string; customerId?: string | null },
  browserVersion: string,
  suffix: string,
  init: { method?: string; body?: string } = {},
): Promise<Response> {
  const token = mintSessionToken({
    shop: DEMO_SHOP,
    apiKey: stack.apiKey,
    apiSecret: stack.apiSecret,
    userId: order.customerId!,
  });
  const id = order.id.slice(order.id.lastIndexOf("/") + 1);
  return fetch(`${stack.appUrl}/api/customer/orders/${id}/${suffix}`, {
    ...init,
    // The block runs in the shopper's browser (the library turns away what looks like a bot).
    headers: {
      Authorization: `Bearer ${token}`,
      Origin: "https://extensions.shopifycdn.com",
      ...(init.body ? { "Content-Type": "application/json" } : {}),
      "User-Agent": `Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browserVersion} Mobile Safari/537.36`,
    },
  });
}

/** The order status block's answer for an order. */
export async function blockDeliveries(
  stack: DemoStack,
  order: { id: string; customerId?: string | null },
  browserVersion: string,
): Promise<ShopperDeliveriesResponse> {
  const answer = await blockRequest(stack, order, browserVersion, "delivery");
  expect(answer.status).toBe(200);
  return (await answer.json()) as ShopperDeliveriesResponse;
}

/**
 * A page in French and Spanish, as the storefront's language folder opens it (`${proxyUrl}/<lang>/<pathname>`),
 * at phone and desktop widths: in that language (`lang`) with no English sentence or word of the
 * catalogue; a screenshot each (`<state>-<lang>-<width>.png`). `check` looks at each page further.
 */
export async function inOtherLanguages(
  browser: ShopperBrowser,
  options: {
    proxyUrl: string;
    pathname: string;
    state: string;
    status?: number;
    check?: (page: Page) => Promise<void>;
  },
) {
  for (const language of OTHER_LANGUAGES) {
    for (const [width, viewport] of [
      ["390", PHONE],
      ["1280", DESKTOP],
    ] as const) {
      const context = await browser.newContext(viewport);
      const page = await context.newPage();
      const status = options.status ?? 200;
      browser.watch(page, `${options.state} in ${language}`, status === 200 ? undefined : status);
      const response = await page.goto(`${options.proxyUrl}/${language}/${options.pathname}`);
      expect(response?.status()).toBe(status);
      expect(await page.locator("html").getAttribute("lang")).toBe(language);
      const words = await wordsOnPage(page);
      const english = englishTextsNotIn(language).filter((text) =>
        new RegExp(`(^|[^\\p{L}])${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}])`, "u").test(words),
      );
      expect(english, `${options.state} in ${language} at ${width} px`).toEqual([]);
      await options.check?.(page);
      await page.screenshot({
        path: path.join(LANGUAGE_SHOTS, `${options.state}-${language}-${width}.png`),
        fullPage: true,
      });
      await context.close();
    }
  }
}
