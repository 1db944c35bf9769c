/**
 * The thin components, end to end in a real browser: each extension is bundled the way the CLI
 * does (esbuild, `shopify.extend(target, main)`), run in Chromium with a stand-in `shopify` global
 * and a recording `fetch`, then clicked through. Proves what each screen shows and what it sends,
 * and that every translation key used exists in the extension's locale file.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ShipmentView } from "../../extensions/shared/api-contract";
import { APP_URL } from "../../extensions/order-status-delivery/src/app-url";
import { typicalShipment } from "./fixtures";

const root = path.resolve(import.meta.dirname, "..", "..");
const CHROMIUM = "/usr/bin/chromium";

interface ExtensionUnderTest {
  folder: string;
  entry: string;
  target: string;
}

const ACTION: ExtensionUnderTest = {
  folder: "order-delivery-action",
  entry: "src/ActionExtension.tsx",
  target: "admin.order-details.action.render",
};
const SHOULD_RENDER: ExtensionUnderTest = {
  folder: "order-delivery-action",
  entry: "src/should-render.ts",
  target: "admin.order-details.action.should-render",
};
const BLOCK: ExtensionUnderTest = {
  folder: "order-delivery-block",
  entry: "src/BlockExtension.tsx",
  target: "admin.order-details.block.render",
};
const BULK: ExtensionUnderTest = {
  folder: "orders-bulk-dispatch",
  entry: "src/BulkDispatchExtension.tsx",
  target: "admin.order-index.selection-action.render",
};
const ORDER_STATUS: ExtensionUnderTest = {
  folder: "order-status-delivery",
  entry: "src/OrderStatusExtension.tsx",
  target: "customer-account.order-status.block.render",
};

async function bundle(ext: ExtensionUnderTest): Promise<string> {
  const dir = path.join(root, "extensions", ext.folder);
  const result = await build({
    stdin: {
      contents: `import main from "./${ext.entry}"; shopify.extend(${JSON.stringify(ext.target)}, (...args) => main(...args));`,
      resolveDir: dir,
      loader: "ts",
    },
    bundle: true,
    format: "iife",
    jsx: "automatic",
    jsxImportSource: "preact",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

/** Route answers: "METHOD path" → [status, body], or a list answered in turn (the last one repeats). */
type Answer = [number, unknown];
type Routes = Record<string, Answer | Answer[]>;

interface Harness {
  page: Page;
  /** Requests the extension made: method, path, parsed body, and the Authorization header when sent. */
  calls: () => Promise<{ method: string; path: string; body: unknown; authorization?: string | null }[]>;
  text: () => Promise<string>;
  click: (label: string) => Promise<void>;
  setValue: (selector: string, value: string, event: "input" | "change") => Promise<void>;
  state: () => Promise<{ closed: boolean; navigated: string | null; missingKeys: string[]; result: unknown }>;
}

let browser: Browser;
const pageErrors: string[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is needed at ${CHROMIUM}: apt-get install -y chromium`);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
});

afterEach(() => {
  const errors = pageErrors.splice(0);
  expect(errors, "errors in the browser console").toEqual([]);
});

afterAll(async () => {
  await browser?.close();
});

async function open(
  ext: ExtensionUnderTest,
  /** `order`: the customer account order status page's order (`shopify.order.value`). */
  options: { selected: string[]; routes: Routes; queryResult?: unknown; order?: { id: string } },
): Promise<Harness> {
  const locale: unknown = JSON.parse(
    readFileSync(path.join(root, "extensions", ext.folder, "locales", "en.default.json"), "utf8"),
  );
  const page = await browser.newPage();
  page.on("pageerror", (error) => pageErrors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") pageErrors.push(message.text());
  });
  // Nothing leaves the page: the extension's fetch is replaced below, and any real request fails.
  await page.route("**/*", (route) => route.abort());
  await page.setContent("<!doctype html><html><body></body></html>");
  await page.evaluate(
    ({ selected, routes, locale, queryResult, order }) => {
      const w = window as unknown as Record<string, unknown>;
      const calls: unknown[] = [];
      const missingKeys: string[] = [];
      w.__calls = calls;
      w.__missingKeys = missingKeys;
      w.__closed = false;
      w.__navigated = null;
      const lookup = (key: string, count?: number): string | null => {
        let node: unknown = locale;
        for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
        if (typeof node === "string") return node;
        if (node && typeof node === "object" && count !== undefined) {
          const forms = node as Record<string, string>;
          return (count === 1 ? forms.one : forms.other) ?? null;
        }
        return null;
      };
      w.shopify = {
        data: { selected: selected.map((id) => ({ id })) },
        i18n: {
          translate: (key: string, values: Record<string, string | number> = {}) => {
            const template = lookup(key, typeof values.count === "number" ? values.count : undefined);
            if (template === null) {
              missingKeys.push(key);
              return key;
            }
            return template.replace(/\{\{(\w+)\}\}/g, (_m: string, name: string) => String(values[name] ?? ""));
          },
          formatDate: (date: Date) => date.toISOString().slice(11, 16),
        },
        close: () => {
          w.__closed = true;
        },
        navigation: {
          navigate: (url: string) => {
            w.__navigated = url;
          },
        },
        query: async () => queryResult,
        order: { value: order, subscribe: () => () => undefined },
        // `shopify.extension.rendered`: the test turns it off and on with __setRendered.
        extension: {
          rendered: {
            value: true,
            subscribe: (listener: (value: boolean) => void) => {
              const rendered = (w.shopify as { extension: { rendered: { value: boolean } } }).extension.rendered;
              w.__setRendered = (value: boolean) => {
                rendered.value = value;
                listener(value);
              };
              return () => undefined;
            },
          },
        },
        sessionToken: { get: async () => "customer-session-token" },
        // The customer account's language (the order status block sends it with each call).
        localization: { language: { value: { isoCode: "en" } } },
        extend: (_target: string, main: () => unknown) => {
          w.__result = main();
        },
      };
      w.fetch = async (input: string, init: RequestInit = {}) => {
        const method = init.method ?? "GET";
        calls.push({
          method,
          path: input,
          body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
          ...(new Headers(init.headers).has("Authorization")
            ? { authorization: new Headers(init.headers).get("Authorization") }
            : {}),
        });
        const route = routes[`${method} ${input}`];
        const answers =
          route && Array.isArray(route[0]) ? (route as [number, unknown][]) : route ? [route as [number, unknown]] : [];
        const answer = answers.length > 1 ? answers.shift() : answers[0];
        if (!answer)
          return new Response(JSON.stringify({ error: { message: `No route ${method} ${input}` } }), { status: 404 });
        return new Response(JSON.stringify(answer[1]), {
          status: answer[0],
          headers: { "Content-Type": "application/json" },
        });
      };
    },
    {
      selected: options.selected,
      routes: options.routes,
      locale,
      queryResult: options.queryResult ?? null,
      order: options.order ?? null,
    },
  );
  await page.addScriptTag({ content: await bundle(ext) });

  // Text nodes plus the attributes the admin renders as text (headings, labels, field errors).
  const text = () =>
    page.evaluate(() => {
      const parts: string[] = [];
      const walk = (node: Node) => {
        if (node.nodeType === Node.TEXT_NODE) {
          const t = node.textContent?.trim();
          if (t) parts.push(t);
          return;
        }
        if (!(node instanceof Element)) return;
        for (const attr of ["heading", "label", "error", "details"]) {
          const value = node.getAttribute(attr);
          if (value) parts.push(value);
        }
        node.childNodes.forEach(walk);
      };
      walk(document.body);
      return parts.join(" ").replace(/\s+/g, " ");
    });
  return {
    page,
    text,
    calls: () => page.evaluate(() => (window as unknown as { __calls: never[] }).__calls),
    click: async (label: string) => {
      const button = page.locator("s-button", { hasText: label }).first();
      await button.waitFor({ state: "attached" });
      await button.dispatchEvent("click");
    },
    setValue: async (selector: string, value: string, event: "input" | "change") => {
      await page.locator(selector).first().waitFor({ state: "attached" });
      await page.evaluate(
        ({ selector, value, event }) => {
          const el = document.querySelector(selector) as HTMLElement & { value: string };
          el.value = value;
          el.dispatchEvent(new Event(event, { bubbles: true }));
        },
        { selector, value, event },
      );
    },
    state: () =>
      page.evaluate(async () => {
        const w = window as unknown as Record<string, unknown>;
        return {
          closed: w.__closed as boolean,
          navigated: w.__navigated as string | null,
          missingKeys: w.__missingKeys as string[],
          result: await w.__result,
        };
      }),
  };
}

async function waitForText(h: Harness, expected: string) {
  await expect.poll(h.text, { timeout: 5_000 }).toContain(expected);
}

const ORDER_GID = "gid://shopify/Order/1001";

/** The order's returns route, answered for the modal's tests that are not about returns. */
const NO_RETURNS = { "GET /api/orders/1001/returns": [200, { returns: [] }] as [number, unknown] };

function orderBody(shipments: ShipmentView[], dispatchAllowed = false) {
  return { order: { id: "1001", name: "#1001" }, shipments, dispatch: { allowed: dispatchAllowed, reason: null } };
}

describe("order action", () => {
  it("shows an assigned delivery and sends a tip", async () => {
    const shipment = typicalShipment("assigned", { driverHeadingToPickup: true });
    const h = await open(ACTION, {
      selected: [ORDER_GID],
      routes: {
        ...NO_RETURNS,
        "GET /api/orders/1001/shipments": [200, orderBody([shipment])],
        "POST /api/shipments/shp_1/tip": [200, { shipment: { ...shipment, tipped: true, canTip: false } }],
      },
    });
    await waitForText(h, "Driver assigned");
    const overview = await h.text();
    expect(overview).toContain("Dana");
    expect(overview).toContain("TRK123");
    for (const label of ["Print label", "Tip the driver", "Cancel delivery"]) expect(overview).toContain(label);
    expect(overview).not.toContain("Rate the driver");
    expect(overview).not.toContain("Cancel and re-dispatch");

    await h.click("Tip the driver");
    await h.setValue("s-number-field", "7.50", "input");
    await h.click("Send tip");
    await waitForText(h, "Tip of $7.50 sent to Dana.");
    expect(await h.calls()).toEqual([
      { method: "GET", path: "/api/orders/1001/shipments", body: undefined },
      { method: "GET", path: "/api/orders/1001/returns", body: undefined },
      { method: "POST", path: "/api/shipments/shp_1/tip", body: { amountDollars: 7.5 } },
    ]);
    expect(await h.text()).not.toContain("Tip the driver");
    await h.click("Done");
    expect((await h.state()).closed).toBe(true);
    expect((await h.state()).missingKeys).toEqual([]);
    await h.page.close();
  });

  it("warns of the cancellation fee and sends the chosen reason", async () => {
    const shipment = typicalShipment("assigned", { driverHeadingToPickup: true });
    const h = await open(ACTION, {
      selected: [ORDER_GID],
      routes: {
        ...NO_RETURNS,
        "GET /api/orders/1001/shipments": [200, orderBody([shipment])],
        "POST /api/shipments/shp_1/cancel": [200, { shipment: { ...shipment, state: "canceled", canCancel: false } }],
      },
    });
    await h.click("Cancel delivery");
    await waitForText(h, "the courier will charge a cancellation fee");
    await h.click("Cancel delivery");
    await waitForText(h, "Choose a reason for canceling.");
    await h.setValue("s-select", "item_not_in_stock", "change");
    await h.setValue("s-text-area", "Sold out this morning", "input");
    await h.click("Cancel delivery");
    await waitForText(h, "Delivery canceled. The courier will charge a cancellation fee.");
    expect((await h.calls()).slice(2)).toEqual([
      {
        method: "POST",
        path: "/api/shipments/shp_1/cancel",
        body: { code: "item_not_in_stock", comment: "Sold out this morning" },
      },
    ]);
    expect((await h.state()).missingKeys).toEqual([]);
    await h.page.close();
  });

  it("confirms Cancel and re-dispatch with the fee and the new delivery's fresh price, shows a refusal, then the result", async () => {
    const shipment = {
      ...typicalShipment("assigned", { driverHeadingToPickup: true, orderChangeFlagged: true }),
      needsAttention: true,
      attentionReason: "Order changed in Shopify: the delivery address changed after the driver was assigned.",
    };
    const canceled = {
      ...shipment,
      state: "canceled" as const,
      canCancel: false,
      canRedispatch: false,
      needsAttention: false,
      attentionReason: null,
    };
    const h = await open(ACTION, {
      selected: [ORDER_GID],
      routes: {
        ...NO_RETURNS,
        "GET /api/orders/1001/shipments": [200, orderBody([shipment])],
        "POST /api/orders/1001/quote": [
          200,
          {
            windows: [
              {
                serviceCode: "SAMEDAY_EVENING",
                title: "Today, 5:00–8:00 PM",
                deliverStartIso: "2026-11-21T22:00:00.000Z",
                deliverEndIso: "2026-11-22T01:00:00.000Z",
                priceCents: 2699,
                currencyCode: "USD",
              },
            ],
            unavailableReason: null,
          },
        ],
        "POST /api/shipments/shp_1/redispatch": [
          [503, { error: { message: "The courier is not answering right now. Try again in a few minutes." } }],
          [200, { shipment: canceled }],
        ],
      },
    });
    await h.click("Cancel and re-dispatch");
    await waitForText(h, "the courier will charge a cancellation fee");
    const confirmation = await h.text();
    // What changed, as the app spelled it out when it flagged the delivery.
    expect(confirmation).toMatch(
      /Why ?: Order changed in Shopify: the delivery address changed after the driver was assigned\./,
    );
    expect(confirmation).toContain("A new delivery is then dispatched with the order's current details");
    // Priced before anything is canceled (issue 38 item 9): the quote is the only call so far.
    await waitForText(h, "The new delivery costs $26.99 now for Today, 5:00–8:00 PM.");
    expect((await h.calls()).slice(2)).toEqual([{ method: "POST", path: "/api/orders/1001/quote", body: {} }]);
    await h.click("Cancel and re-dispatch");
    await waitForText(h, "The courier is not answering right now. Try again in a few minutes.");
    await h.click("Cancel and re-dispatch");
    await waitForText(h, "Delivery canceled. The courier will charge a cancellation fee. A new delivery");
    await waitForText(h, "Canceled");
    const overview = await h.text();
    expect(overview).not.toContain("Cancel and re-dispatch");
    expect((await h.calls()).slice(3)).toEqual([
      { method: "POST", path: "/api/shipments/shp_1/redispatch", body: undefined },
      { method: "POST", path: "/api/shipments/shp_1/redispatch", body: undefined },
    ]);
    expect((await h.state()).missingKeys).toEqual([]);
    await h.page.close();
  });

  it("quotes first, then dispatches in the chosen window", async () => {
    const windows = [
      {
        serviceCode: "SAMEDAY_TWO_HOURS",
        title: "Within 2 hours",
        deliverStartIso: "2026-11-21T18:05:00.000Z",
        deliverEndIso: "2026-11-21T20:05:00.000Z",
        priceCents: 1250,
        currencyCode: "USD",
      },
      {
        serviceCode: "SAMEDAY_EVENING",
        title: "Today, 5:00–8:00 PM",
        deliverStartIso: "2026-11-21T22:00:00.000Z",
        deliverEndIso: "2026-11-22T01:00:00.000Z",
        priceCents: 990,
        currencyCode: "USD",
      },
    ];
    const booked = typicalShipment("scheduled");
    const h = await open(ACTION, {
      selected: [ORDER_GID],
      routes: {
        ...NO_RETURNS,
        "GET /api/orders/1001/shipments": [
          [200, orderBody([], true)],
          [200, orderBody([booked], false)],
        ],
        "POST /api/orders/1001/quote": [200, { windows, unavailableReason: null }],
        "POST /api/orders/1001/dispatch": [200, { shipments: [booked] }],
      },
    });
    await waitForText(h, "This order has no same-day delivery yet.");
    await h.click("Dispatch now");
    await waitForText(h, "Today, 5:00–8:00 PM — $9.90");
    expect(await h.text()).toContain("Within 2 hours — $12.50");
    await h.setValue("s-select", "SAMEDAY_EVENING", "change");
    await h.click("Dispatch");
    await waitForText(h, "Delivery booked for Today, 5:00–8:00 PM. Tracking: TRK123.");
    await waitForText(h, "Waiting for a driver");
    const calls = await h.calls();
    expect(calls.slice(2, 4)).toEqual([
      { method: "POST", path: "/api/orders/1001/quote", body: {} },
      { method: "POST", path: "/api/orders/1001/dispatch", body: { windowServiceCode: "SAMEDAY_EVENING" } },
    ]);
    expect((await h.state()).missingKeys).toEqual([]);
    await h.page.close();
  });

  it("warns staff, above the window choice, that the address is outside the delivery area", async () => {
    const note =
      "Outside the delivery area of Market Street Bakery: 12 mi away, beyond the location's 5 mi. The app did not dispatch it on its own; dispatch it here if you deliver there.";
    const windows = [
      {
        serviceCode: "SAMEDAY_EVENING",
        title: "Today, 5:00–8:00 PM",
        deliverStartIso: "2026-11-21T22:00:00.000Z",
        deliverEndIso: "2026-11-22T01:00:00.000Z",
        priceCents: 990,
        currencyCode: "USD",
      },
    ];
    const h = await open(ACTION, {
      selected: [ORDER_GID],
      routes: {
        "GET /api/orders/1001/shipments": [200, orderBody([], true)],
        "POST /api/orders/1001/quote": [200, { windows, unavailableReason: null, areaNote: note }],
      },
    });
    await waitForText(h, "This order has no same-day delivery yet.");
    await h.click("Dispatch now");
    await waitForText(h, "Today, 5:00–8:00 PM — $9.90");
    const text = await h.text();
    expect(text).toContain(note);
    expect(text.indexOf(note)).toBeLessThan(text.indexOf("Today, 5:00–8:00 PM — $9.90"));
    await h.page.close();
  });

  it("shows the app's error in the modal", async () => {
    const h = await open(ACTION, {
      selected: [ORDER_GID],
      routes: {
        ...NO_RETURNS,
        "GET /api/orders/1001/shipments": [503, { error: { message: "The courier is down for maintenance." } }],
      },
    });
    await waitForText(h, "The courier is down for maintenance.");
    expect(await h.text()).toContain("Try again");
    await h.page.close();
  });

  it("books a return's pickup from the order page and shows its collection window", async () => {
    const open_ = {
      id: "77",
      name: "#1001-R1",
      status: "OPEN",
      exchange: true,
      pickup: null,
      canBook: true,
      reason: null,
    };
    const booked = {
      ...open_,
      canBook: false,
      reason: "A driver is already booked for this return. Cancel that collection first.",
      pickup: {
        state: "scheduled",
        generation: 1,
        windowStartIso: "2026-11-21T19:00:00.000Z",
        windowEndIso: "2026-11-21T21:00:00.000Z",
        trackingNumber: "TRK9",
        attentionReason: null,
      },
    };
    const h = await open(ACTION, {
      selected: [ORDER_GID],
      routes: {
        "GET /api/orders/1001/shipments": [200, orderBody([])],
        "GET /api/orders/1001/returns": [
          [200, { returns: [open_] }],
          [200, { returns: [booked] }],
        ],
        "POST /api/orders/1001/returns/77/pickup": [200, { generation: 1 }],
      },
    });
    await waitForText(h, "Return #1001-R1 (exchange)");
    expect(await h.text()).toContain("No pickup booked");
    await h.click("Book return pickup");
    await waitForText(h, "A driver collects return #1001-R1 from the customer's address");
    expect(await h.text()).toContain("the new items go out to the customer in the same round trip");
    await h.click("Book return pickup");
    await waitForText(
      h,
      "Driver booked to collect return #1001-R1 between 19:00 and 21:00. The exchange's new items go out in the same round trip. Tracking: TRK9.",
    );
    await waitForText(h, "Collection booked");
    expect(await h.text()).toMatch(/Collection window ?: 19:00 – 21:00/);
    expect(await h.page.locator("s-button", { hasText: "Book return pickup" }).count()).toBe(0);
    expect((await h.calls()).slice(0, 4)).toEqual([
      { method: "GET", path: "/api/orders/1001/shipments", body: undefined },
      { method: "GET", path: "/api/orders/1001/returns", body: undefined },
      { method: "POST", path: "/api/orders/1001/returns/77/pickup", body: undefined },
      { method: "GET", path: "/api/orders/1001/returns", body: undefined },
    ]);
    expect((await h.state()).missingKeys).toEqual([]);
    await h.page.close();
  });

  it("a pickup the app refuses says why, on the confirmation", async () => {
    const h = await open(ACTION, {
      selected: [ORDER_GID],
      routes: {
        "GET /api/orders/1001/shipments": [200, orderBody([])],
        "GET /api/orders/1001/returns": [
          200,
          {
            returns: [
              {
                id: "77",
                name: "#1001-R1",
                status: "OPEN",
                exchange: false,
                pickup: null,
                canBook: true,
                reason: null,
              },
            ],
          },
        ],
        "POST /api/orders/1001/returns/77/pickup": [
          409,
          { error: { message: "Only an approved return that is still open can be collected." } },
        ],
      },
    });
    await h.click("Book return pickup");
    await waitForText(h, "A driver collects return #1001-R1");
    await h.click("Book return pickup");
    await waitForText(h, "Only an approved return that is still open can be collected.");
    expect((await h.state()).missingKeys).toEqual([]);
    await h.page.close();
  });

  it.each([
    ["US", true],
    ["CA", false],
  ])("should-render: %s address → display %s", async (country, display) => {
    const h = await open(SHOULD_RENDER, {
      selected: [ORDER_GID],
      routes: {},
      queryResult: { data: { order: { id: ORDER_GID, shippingAddress: { countryCodeV2: country } } } },
    });
    expect((await h.state()).result).toEqual({ display });
    await h.page.close();
  });
});

describe("order block", () => {
  it("shows state, driver, ETA, photos and attention, and opens the action", async () => {
    const delivered = typicalShipment("delivered");
    const returned = {
      ...typicalShipment("returned"),
      id: "shp_2",
      trackingNumber: "TRK456",
      needsAttention: true,
      attentionReason: "The customer was not home; the order is back at the store.",
      attentionFix: "Call the customer, then dispatch again.",
    };
    const h = await open(BLOCK, {
      selected: [ORDER_GID],
      routes: { "GET /api/orders/1001/shipments": [200, orderBody([delivered, returned])] },
    });
    await waitForText(h, "Delivered");
    const text = await h.text();
    expect(text.indexOf("Returned to store")).toBeLessThan(text.indexOf("Delivered"));
    expect(text).toContain("The customer was not home; the order is back at the store.");
    expect(text).toContain("How to fix it: Call the customer, then dispatch again.");
    expect(await h.page.locator("s-thumbnail").count()).toBe(2);
    expect(await h.page.locator("s-admin-block").getAttribute("collapsedsummary")).toBe("1 delivery needs attention");
    await h.click("Manage delivery");
    expect((await h.state()).navigated).toBe("extension://order-delivery-action");
    expect((await h.state()).missingKeys).toEqual([]);
    await h.page.close();
  });
});

describe("bulk dispatch", () => {
  it("sends the selected orders and shows a result per order", async () => {
    const h = await open(BULK, {
      selected: ["gid://shopify/Order/11", "gid://shopify/Order/12"],
      routes: {
        "POST /api/orders/dispatch": [
          200,
          {
            results: [
              {
                orderId: "11",
                orderName: "#1011",
                outcome: "dispatched",
                message: null,
                shipments: [typicalShipment("scheduled")],
              },
              {
                orderId: "12",
                orderName: "#1012",
                outcome: "not_eligible",
                message: "The order has no US shipping address.",
                shipments: [],
              },
            ],
          },
        ],
      },
    });
    await waitForText(h, "2 orders selected.");
    await h.click("Dispatch orders");
    await waitForText(h, "1 of 2 orders dispatched.");
    const text = await h.text();
    expect(text).toContain("#1011 Dispatched Tracking: TRK123");
    expect(text).toContain("#1012 Not dispatched The order has no US shipping address.");
    expect(await h.calls()).toEqual([
      { method: "POST", path: "/api/orders/dispatch", body: { orderIds: ["11", "12"] } },
    ]);
    await h.click("Done");
    expect((await h.state()).closed).toBe(true);
    expect((await h.state()).missingKeys).toEqual([]);
    await h.page.close();
  });
});

describe("order status block (customer accounts)", () => {
  const route = `GET ${APP_URL}/api/customer/orders/1001/delivery?locale=en`;
  const outForDelivery = {
    status: "Your order is out for delivery",
    step: "Out for delivery",
    phase: "active",
    window: "Today, 2:00–4:00 PM",
    eta: "Expected to arrive around 3:40 PM",
    trackingUrl: "https://example.com/t/AAAAAAAAAAAAAAAAAAAAAA",
    id: "cm0delivery1",
    changes: { open: true },
  };
  const changeRoute = `POST ${APP_URL}/api/customer/orders/1001/deliveries/cm0delivery1/change?locale=en`;
  const windowsRoute = `GET ${APP_URL}/api/customer/orders/1001/deliveries/cm0delivery1/windows?locale=en`;
  const CLOSED = "A driver has your order now, so the delivery time and the notes for the driver can no longer change.";

  it("shows the status, window, ETA and the tracking link, asking the app with the session token", async () => {
    const h = await open(ORDER_STATUS, {
      selected: [],
      order: { id: ORDER_GID },
      routes: { [route]: [200, { deliveries: [outForDelivery] }] },
    });
    await waitForText(h, "Your order is out for delivery");
    const text = await h.text();
    expect(await h.page.locator("s-badge").innerText()).toBe("Out for delivery");
    expect(text).toContain("Delivery window: Today, 2:00–4:00 PM");
    expect(text).toContain("Arrival: Expected to arrive around 3:40 PM");
    const link = h.page.locator("s-link", { hasText: "Track your delivery" });
    expect(await link.getAttribute("href")).toBe(outForDelivery.trackingUrl);
    expect(await h.calls()).toEqual([
      {
        method: "GET",
        path: `${APP_URL}/api/customer/orders/1001/delivery?locale=en`,
        body: undefined,
        authorization: "Bearer customer-session-token",
      },
    ]);
    await h.page.close();
  });

  it("renders nothing for an order without a same-day delivery, nor when the app refuses", async () => {
    for (const answer of [
      [200, { deliveries: [] }],
      [401, { error: { message: "Unauthorized" } }],
    ] as Answer[]) {
      const h = await open(ORDER_STATUS, { selected: [], order: { id: ORDER_GID }, routes: { [route]: answer } });
      await expect.poll(async () => (await h.calls()).length).toBe(1);
      // The answer is handled in the tasks after the call: let them run before looking.
      await h.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
      expect(await h.page.evaluate(() => document.body.innerHTML)).toBe("");
      await h.page.close();
    }
  });

  it("edits the notes for the driver: sends them with the session token, shows the answer, asks for the deliveries again", async () => {
    const h = await open(ORDER_STATUS, {
      selected: [],
      order: { id: ORDER_GID },
      routes: {
        [route]: [200, { deliveries: [outForDelivery] }],
        [changeRoute]: [200, { changed: true, message: "Your notes for the driver are saved." }],
      },
    });
    await h.click("Edit notes for the driver");
    await h.setValue("s-text-area", "Gate code 4412", "input");
    await waitForText(h, "14 / 500");
    await h.click("Save notes");
    await waitForText(h, "Your notes for the driver are saved.");
    await expect.poll(async () => (await h.calls()).length).toBe(3);
    const calls = await h.calls();
    expect(calls[1]).toEqual({
      method: "POST",
      path: `${APP_URL}/api/customer/orders/1001/deliveries/cm0delivery1/change?locale=en`,
      body: { change: "notes", notes: "Gate code 4412" },
      authorization: "Bearer customer-session-token",
    });
    expect(calls[2]).toMatchObject({ method: "GET", path: `${APP_URL}/api/customer/orders/1001/delivery?locale=en` });
    await h.page.close();
  });

  it("moves the window: lists the store's windows, sends the one chosen; after assignment says why not", async () => {
    const h = await open(ORDER_STATUS, {
      selected: [],
      order: { id: ORDER_GID },
      routes: {
        // The second answer, after the refused change: a driver has it.
        [route]: [
          [200, { deliveries: [outForDelivery] }],
          [200, { deliveries: [{ ...outForDelivery, changes: { open: false, message: CLOSED } }] }],
        ],
        [windowsRoute]: [
          200,
          { kind: "open", windows: [{ serviceCode: "SAMEDAY_SLOTS_1400", label: "Friday, 2:00–4:00 PM" }], note: null },
        ],
        [changeRoute]: [409, { error: { message: CLOSED } }],
      },
    });
    await h.click("Change delivery time");
    await waitForText(h, "New delivery time");
    await h.setValue("s-select", "SAMEDAY_SLOTS_1400", "change");
    await h.click("Move delivery");
    await waitForText(h, CLOSED);
    await expect.poll(async () => (await h.calls()).length).toBe(4);
    const calls = await h.calls();
    expect(calls.map((c: { method: string; path: string }) => `${c.method} ${c.path}`)).toEqual([
      route,
      windowsRoute,
      changeRoute,
      route,
    ]);
    expect(calls[2]).toMatchObject({ body: { change: "window", serviceCode: "SAMEDAY_SLOTS_1400" } });
    await expect.poll(async () => h.page.locator("s-button", { hasText: "Edit notes" }).count()).toBe(0);
    await h.page.close();
  });

  it("asks again at once when the block comes back on screen (shopify.extension.rendered)", async () => {
    const h = await open(ORDER_STATUS, {
      selected: [],
      order: { id: ORDER_GID },
      routes: { [route]: [200, { deliveries: [outForDelivery] }] },
    });
    await waitForText(h, "Your order is out for delivery");
    expect(await h.calls()).toHaveLength(1);
    await h.page.evaluate(() => (window as unknown as { __setRendered: (v: boolean) => void }).__setRendered(false));
    await h.page.evaluate(() => (window as unknown as { __setRendered: (v: boolean) => void }).__setRendered(true));
    await expect.poll(async () => (await h.calls()).length).toBe(2);
    await h.page.close();
  });
});
