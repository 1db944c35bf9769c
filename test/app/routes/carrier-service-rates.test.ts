import { randomUUID } from "node:crypto";
import { getHmac } from "@shopify/shopify-api/test-helpers";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { appConfig } from "~/config/env.server";
import { db } from "~/db.server";
import { RATES_CALLBACK_PATH } from "~/carrier-service/register.server";
import { MAX_RATE_REQUEST_BYTES } from "~/quote/rate-request";
import { action, loader } from "~/routes/carrier-service.rates";
import { startCourierSandbox, type CourierSandbox } from "../../courier-sandbox/server";
import { cartItem, destinationAddress, distinctCart, rateRequestBody } from "../quote/rate-request-fixture";
import { quoteSettings, seedQuoteShop } from "../quote/quote-shop";
import { TEST_API_SECRET, TEST_APP_URL } from "../../support/test-env";

/** The carrier-service callback route, called as Shopify calls it, with the app's real runtime. */

let sandbox: CourierSandbox;
let token: string;
/** A shop per test: the runtime keeps a shop's settings for QUOTE_SHOP_TTL_MS. */
let shopDomain: string;
let shopNumber = 0;

beforeAll(async () => {
  sandbox = await startCourierSandbox({ tokens: [] });
});
afterAll(() => sandbox.close());
afterEach(() => {
  sandbox.resetFaults();
  sandbox.resetStats();
});

beforeEach(async () => {
  await db.quoteMemory.deleteMany();
  await db.pickupLocation.deleteMany();
  await db.shop.deleteMany();
  shopDomain = `rates-shop-${shopNumber++}.myshopify.com`;
  token = `tok-${randomUUID()}`;
  sandbox.addToken(token);
  await seedQuoteShop(db, {
    domain: shopDomain,
    settings: quoteSettings({ timeBudgetMs: 800 }),
    courier: { token, baseUrl: sandbox.url, keys: appConfig().encryption },
  });
});

let cartNumber = 0;
/** Each test quotes its own carts: the runtime's estimate cache lives as long as the test file. */
const freshCart = () => distinctCart(1000 + cartNumber++);

function signed(
  body: string,
  options: { secret?: string; shop?: string | null; hmac?: string | null; method?: string } = {},
): Request {
  const headers: Record<string, string> = { "Content-Type": "application/json", "X-Shopify-Timeout": "10000" };
  const hmac = options.hmac === undefined ? getHmac(body, options.secret ?? TEST_API_SECRET) : options.hmac;
  if (hmac !== null) headers["X-Shopify-Hmac-Sha256"] = hmac;
  const shop = options.shop === undefined ? shopDomain : options.shop;
  if (shop !== null) headers["X-Shopify-Shop-Domain"] = shop;
  return new Request(`${TEST_APP_URL}${RATES_CALLBACK_PATH}`, { method: options.method ?? "POST", headers, body });
}

const call = (request: Request) => action({ request, params: {}, context: {} });

describe("HMAC", () => {
  it("accepts a request signed with the app secret and answers the rates", async () => {
    const response = await call(signed(JSON.stringify(freshCart())));
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Quote-Source")).toBe("live");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = (await response.json()) as { rates: { service_code: string; total_price: string }[] };
    expect(body.rates.map((r) => r.service_code)).toEqual(["SAMEDAY_WITHIN-3-HOURS", "SAMEDAY_TOMORROW-MORNING"]);
    expect(Number(body.rates[0]!.total_price)).toBeGreaterThan(0);
  });

  it.each([
    ["signed with another secret", { secret: "not-the-app-secret" }],
    ["without the header", { hmac: null }],
    ["a header that is not base64", { hmac: "%%%not-base64%%%" }],
    ["a truncated signature", { hmac: getHmac("{}", TEST_API_SECRET).slice(0, 20) }],
  ])("refuses one %s with 401, asking the courier nothing", async (_label, options) => {
    const response = await call(signed(JSON.stringify(freshCart()), options));
    expect(response.status).toBe(401);
    expect(sandbox.stats().requests).toBe(0);
  });

  it("refuses a body changed after signing", async () => {
    const original = JSON.stringify(freshCart());
    const tampered = JSON.stringify(rateRequestBody({ destination: destinationAddress({ address1: "1 Other St" }) }));
    const request = signed(original);
    const response = await call(new Request(request.url, { method: "POST", headers: request.headers, body: tampered }));
    expect(response.status).toBe(401);
  });
});

describe("the request", () => {
  it("refuses other methods with 405", async () => {
    expect((await call(signed("", { method: "PUT" }))).status).toBe(405);
    expect(loader().status).toBe(405);
  });

  it("refuses a body over the size cap with 413", async () => {
    const huge = JSON.stringify(rateRequestBody({ items: [cartItem({ name: "x".repeat(MAX_RATE_REQUEST_BYTES) })] }));
    expect((await call(signed(huge))).status).toBe(413);
  });

  it.each([
    ["no shop header", null],
    ["a domain that is not *.myshopify.com", "evil.example.com"],
    ["a shop that has not installed the app", "someone-else.myshopify.com"],
  ])("answers no rate for %s", async (_label, shop) => {
    const response = await call(signed(JSON.stringify(freshCart()), { shop }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ rates: [] });
    expect(response.headers.get("X-Quote-Source")).toBe("none");
  });

  it("answers no rate for a signed body it cannot read", async () => {
    const response = await call(signed('{"rate": {"origin": '));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ rates: [] });
  });

  it("answers the same cart again from the cache", async () => {
    const body = JSON.stringify(freshCart());
    await call(signed(body));
    const again = await call(signed(body));
    expect(again.headers.get("X-Quote-Source")).toBe("cache");
  });

  it("answers the flat fallback rates, marked, when the courier fails", async () => {
    sandbox.setFaults({ failNext: [{ status: 500, count: 2, pathPrefix: "/v1/estimates" }] });
    const response = await call(signed(JSON.stringify(freshCart())));
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Quote-Source")).toBe("fallback");
    expect(((await response.json()) as { rates: { total_price: string }[] }).rates.map((r) => r.total_price)).toEqual([
      "1500",
      "900",
    ]);
  });

  it("answers an error status (Shopify's backup rates) only for a shop that chose them", async () => {
    await db.shop.update({
      where: { domain: shopDomain },
      data: {
        settingsJson: JSON.stringify(quoteSettings({ timeBudgetMs: 800, checkoutFallback: "shopify_backup_rates" })),
      },
    });
    sandbox.setFaults({ failNext: [{ status: 503, count: 2, pathPrefix: "/v1/estimates" }] });
    const response = await call(signed(JSON.stringify(freshCart())));
    expect(response.status).toBe(503);
    expect(response.headers.get("X-Quote-Source")).toBe("backup");
  });
});
