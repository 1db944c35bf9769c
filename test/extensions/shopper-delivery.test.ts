import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { APP_URL } from "../../extensions/order-status-delivery/src/app-url";
import {
  deliveriesOf,
  BLOCK_REFRESH_MAX_MS,
  BLOCK_REFRESH_MS,
  loadShopperDeliveries,
  nextRefreshMs,
  shopperDeliveryCards,
  shopperDeliveryPath,
  SHOPPER_DELIVERY_ROUTE,
  type ShopperDelivery,
} from "../../extensions/shared/shopper-delivery";
import { blockWords } from "./fixtures";

const root = path.resolve(import.meta.dirname, "..", "..");
const PAGE = "https://courier-app.test/t/AAAAAAAAAAAAAAAAAAAAAA";

const delivery = (overrides: Partial<ShopperDelivery> = {}): ShopperDelivery => ({
  id: "cm0delivery1",
  status: "Your order is out for delivery",
  step: "Out for delivery",
  phase: "active",
  window: "Today, 2:00–4:00 PM",
  eta: "Expected to arrive around 3:40 PM",
  trackingUrl: PAGE,
  changes: { open: true },
  ...overrides,
});

describe("what the order status block shows", () => {
  it("nothing for an order without a same-day delivery", () => {
    expect(shopperDeliveryCards([], blockWords())).toEqual([]);
  });

  it("one delivery: its status, window, ETA and the page link", () => {
    expect(shopperDeliveryCards([delivery()], blockWords())).toEqual([
      {
        id: "cm0delivery1",
        heading: "Same-day delivery",
        badge: { label: "Out for delivery", tone: "auto" },
        status: "Your order is out for delivery",
        details: [
          { label: "Delivery window", value: "Today, 2:00–4:00 PM" },
          { label: "Arrival", value: "Expected to arrive around 3:40 PM" },
        ],
        link: { href: PAGE, label: "Track your delivery" },
        changes: { open: true },
      },
    ]);
  });

  // Every state as the app words it (app/tracking-page: headline, current step, phase): the badge
  // and the sentence are the page's own, so they never disagree.
  it.each([
    ["Your order is being prepared", "Order received", "active", "auto"],
    ["A driver is on the way to the store", "Driver on the way to the store", "active", "auto"],
    ["Your order has been picked up", "Picked up", "active", "auto"],
    ["Your order is out for delivery", "Out for delivery", "active", "auto"],
    ["Delivered", "Delivered", "delivered", "auto"],
    ["We tried to deliver your order", "Delivery attempted", "attempted", "critical"],
    ["Your order is going back to the store", "Going back to the store", "returned", "critical"],
    ["This delivery was canceled", "Delivery canceled", "canceled", "neutral"],
  ] as const)("%s: badged %s (%s, %s)", (status, step, phase, tone) => {
    const [card] = shopperDeliveryCards([delivery({ status, step, phase })], blockWords());
    expect(card).toMatchObject({ status, badge: { label: step, tone } });
  });

  it("a split order numbers its deliveries; a delivery without window, ETA or link shows only its status", () => {
    const deliveries = [
      delivery(),
      delivery({
        status: "Delivered",
        step: "Delivered",
        phase: "delivered",
        window: null,
        eta: null,
        trackingUrl: null,
      }),
    ];
    const cards = shopperDeliveryCards(deliveries, blockWords());
    expect(cards.map((c) => c.heading)).toEqual(["Same-day delivery 1 of 2", "Same-day delivery 2 of 2"]);
    // The block's own words in the customer account's language (its locale files).
    expect(shopperDeliveryCards(deliveries, blockWords("es")).map((c) => [c.heading, c.link?.label ?? null])).toEqual([
      ["Entrega en el día 1 de 2", "Seguir tu entrega"],
      ["Entrega en el día 2 de 2", null],
    ]);
    expect(cards[1]).toMatchObject({ status: "Delivered", details: [], link: null });
  });

  it.each([
    ["a plain http link", "http://courier-app.test/t/x"],
    ["a script link", "javascript:alert(1)"],
    ["something that is not a URL", "not a url"],
  ])("never links to %s", (_label, trackingUrl) => {
    expect(shopperDeliveryCards([delivery({ trackingUrl })], blockWords())[0]!.link).toBeNull();
  });
});

describe("reading the app's answer", () => {
  it.each([
    ["no body", null, 0],
    ["no list", {}, 0],
    ["a list of nonsense", { deliveries: [1, "x", null] }, 0],
    ["an unknown phase", { deliveries: [{ ...delivery(), phase: "lost" }] }, 0],
    ["an empty status", { deliveries: [{ ...delivery(), status: " " }] }, 0],
    ["no step", { deliveries: [{ ...delivery(), step: undefined }] }, 0],
    ["a number for the window", { deliveries: [{ ...delivery(), window: 3 }] }, 0],
    ["no delivery id", { deliveries: [{ ...delivery(), id: "" }] }, 0],
    ["changes without an open flag", { deliveries: [{ ...delivery(), changes: {} }] }, 0],
    ["closed changes without a message", { deliveries: [{ ...delivery(), changes: { open: false } }] }, 0],
    [
      "changes ended (null) and closed with words",
      { deliveries: [delivery({ changes: null }), delivery({ changes: { open: false, message: "No." } })] },
      2,
    ],
    ["one good and one malformed", { deliveries: [delivery(), { status: "x" }] }, 1],
  ])("%s: %i deliveries kept", (_label, body, kept) => {
    expect(deliveriesOf(body)).toHaveLength(kept);
  });
});

describe("loading the order's deliveries", () => {
  type Call = { url: string; authorization: string | null };

  function recordingFetch(answer: () => Response) {
    const calls: Call[] = [];
    const fetchFn = async (url: string, init?: RequestInit) => {
      calls.push({ url, authorization: new Headers(init?.headers).get("Authorization") });
      return answer();
    };
    return { calls, fetchFn };
  }

  const deps = (fetchFn: (url: string, init?: RequestInit) => Promise<Response>, token = async () => "tok") => ({
    fetchFn,
    appUrl: "https://courier-app.test/",
    sessionToken: token,
  });

  it("calls the app's route at its URL with the session token, and keeps what it answers", async () => {
    const { calls, fetchFn } = recordingFetch(() => Response.json({ deliveries: [delivery()] }));
    expect(await loadShopperDeliveries(deps(fetchFn), "gid://shopify/Order/1001")).toEqual([delivery()]);
    expect(calls).toEqual([
      { url: "https://courier-app.test/api/customer/orders/1001/delivery", authorization: "Bearer tok" },
    ]);
    expect(SHOPPER_DELIVERY_ROUTE.replace(":orderId", "1001")).toBe(shopperDeliveryPath("1001"));
  });

  it("names the customer account's language so the app answers in it", async () => {
    const { calls, fetchFn } = recordingFetch(() => Response.json({ deliveries: [delivery()] }));
    await loadShopperDeliveries({ ...deps(fetchFn), locale: () => "fr-CA" }, "gid://shopify/Order/1001");
    expect(calls.map((call) => call.url)).toEqual([
      "https://courier-app.test/api/customer/orders/1001/delivery?locale=fr-CA",
    ]);
  });

  it.each([
    ["a refusal", () => Response.json({ error: { message: "Unauthorized" } }, { status: 401 })],
    ["a server error", () => new Response("oops", { status: 500 })],
    [
      "an unreachable app",
      () => {
        throw new TypeError("network down");
      },
    ],
  ])("has nothing after %s (null: the block keeps what it shows)", async (_label, answer) => {
    const { fetchFn } = recordingFetch(answer);
    expect(await loadShopperDeliveries(deps(fetchFn), "gid://shopify/Order/1001")).toBeNull();
  });

  it("asks nothing for an id that is not an order's, or without a session token", async () => {
    const { calls, fetchFn } = recordingFetch(() => Response.json({ deliveries: [delivery()] }));
    expect(await loadShopperDeliveries(deps(fetchFn), "gid://shopify/DraftOrder/1")).toEqual([]);
    const noToken = async () => {
      throw new Error("no session");
    };
    expect(await loadShopperDeliveries(deps(fetchFn, noToken), "gid://shopify/Order/1001")).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe("when the open block asks again", () => {
  it.each<[string, ShopperDelivery[], number, number | null]>([
    ["a delivery going on", [delivery()], 0, BLOCK_REFRESH_MS],
    ["one going on, one delivered", [delivery({ phase: "delivered" }), delivery()], 0, BLOCK_REFRESH_MS],
    ["every delivery ended", [delivery({ phase: "delivered" }), delivery({ phase: "canceled" })], 0, null],
    ["no delivery", [], 0, null],
    ["after one failure", [delivery()], 1, 2 * BLOCK_REFRESH_MS],
    ["after three failures", [delivery()], 3, 8 * BLOCK_REFRESH_MS],
    ["after many failures", [delivery()], 40, BLOCK_REFRESH_MAX_MS],
    ["after a failure with nothing shown yet", [], 2, 4 * BLOCK_REFRESH_MS],
  ])("%s: %s", (_label, deliveries, failures, wait) => {
    expect(nextRefreshMs(deliveries, failures)).toBe(wait);
  });
});

describe("the block's app URL", () => {
  it("is the application_url of shopify.app.toml", () => {
    const toml = readFileSync(path.join(root, "shopify.app.toml"), "utf8");
    expect(/^application_url = "([^"]+)"$/m.exec(toml)?.[1]).toBe(APP_URL);
  });
});
