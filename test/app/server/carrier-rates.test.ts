import { randomUUID } from "node:crypto";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getHmac } from "@shopify/shopify-api/test-helpers";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RATES_CALLBACK_PATH } from "~/carrier-service/register.server";
import { appConfig } from "~/config/env.server";
import { db } from "~/db.server";
import { MAX_RATE_REQUEST_BYTES } from "~/quote/rate-request";
import { TIME_BUDGET_MS_MAX } from "~/settings/limits";
import { action } from "~/routes/carrier-service.rates";
import { getRuntime } from "~/runtime.server";
import { answerRateCallbackRequest, isRateCallback } from "~/server/carrier-rates.server";
import { startCourierSandbox, type CourierSandbox } from "../../courier-sandbox/server";
import { distinctCart } from "../quote/rate-request-fixture";
import { quoteSettings, seedQuoteShop } from "../quote/quote-shop";
import { TEST_API_SECRET, TEST_APP_URL } from "../../support/test-env";

/** The production server's direct path for checkout's rate requests, on a real HTTP server. */

let sandbox: CourierSandbox;
let server: Server;
let base: string;
let shopDomain: string;
let shopNumber = 0;
let cartNumber = 0;

beforeAll(async () => {
  sandbox = await startCourierSandbox({ tokens: [] });
  server = createServer((req, res) => {
    if (!isRateCallback(req.method, new URL(req.url ?? "/", "http://local").pathname)) {
      res.writeHead(404).end();
      return;
    }
    void answerRateCallbackRequest(getRuntime().quote, appConfig().shopify.apiSecret, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await sandbox.close();
});

beforeEach(async () => {
  await db.quoteMemory.deleteMany();
  await db.pickupLocation.deleteMany();
  await db.shop.deleteMany();
  // A shop per test: the runtime keeps a shop's settings for a while.
  shopDomain = `direct-rates-${shopNumber++}.myshopify.com`;
  const token = `tok-${randomUUID()}`;
  sandbox.addToken(token);
  await seedQuoteShop(db, {
    domain: shopDomain,
    // The longest budget: these tests check the courier-priced answer, not the budget (a busy machine).
    settings: quoteSettings({ timeBudgetMs: TIME_BUDGET_MS_MAX }),
    courier: { token, baseUrl: sandbox.url, keys: appConfig().encryption },
  });
});

function headersFor(body: string, hmac = getHmac(body, TEST_API_SECRET)): Record<string, string> {
  return { "Content-Type": "application/json", "X-Shopify-Hmac-Sha256": hmac, "X-Shopify-Shop-Domain": shopDomain };
}

const post = (body: string, headers = headersFor(body)) =>
  fetch(`${base}${RATES_CALLBACK_PATH}`, { method: "POST", headers, body });

describe("the server's direct path for rate requests", () => {
  it("recognises only POSTs to the callback path (other methods get the Remix route's 405)", () => {
    expect(isRateCallback("POST", RATES_CALLBACK_PATH)).toBe(true);
    expect(isRateCallback("GET", RATES_CALLBACK_PATH)).toBe(false);
    expect(isRateCallback("POST", `${RATES_CALLBACK_PATH}/x`)).toBe(false);
    expect(isRateCallback("POST", "/carrier-service")).toBe(false);
  });

  it("answers as the Remix route answers: the same rates, status and headers", async () => {
    const body = JSON.stringify(distinctCart(5000 + cartNumber++));
    const direct = await post(body);
    expect(direct.status).toBe(200);
    expect(direct.headers.get("X-Quote-Source")).toBe("live");
    const directRates = await direct.json();
    // The same cart through the route: the cache now answers, with the same rates.
    const routed = await action({
      request: new Request(`${TEST_APP_URL}${RATES_CALLBACK_PATH}`, {
        method: "POST",
        headers: headersFor(body),
        body,
      }),
      params: {},
      context: {},
    });
    expect(routed.status).toBe(200);
    expect(routed.headers.get("X-Quote-Source")).toBe("cache");
    expect(await routed.json()).toEqual(directRates);
    for (const name of ["content-type", "cache-control"])
      expect(direct.headers.get(name), name).toBe(routed.headers.get(name));
    expect((directRates as { rates: unknown[] }).rates.length).toBeGreaterThan(0);
    // And again directly, from the cache.
    const again = await post(body);
    expect(again.headers.get("X-Quote-Source")).toBe("cache");
    expect(await again.json()).toEqual(directRates);
  });

  it("refuses a body changed after signing with 401", async () => {
    const body = JSON.stringify(distinctCart(5000 + cartNumber++));
    const response = await post(body.replace("}", " }"), headersFor(body));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Unauthorized" });
    expect(await db.quoteMemory.count()).toBe(0);
  });

  it("answers no rate for a shop domain that is not *.myshopify.com", async () => {
    const body = JSON.stringify(distinctCart(5000 + cartNumber++));
    const response = await post(body, { ...headersFor(body), "X-Shopify-Shop-Domain": "evil.example.com" });
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Quote-Source")).toBe("none");
    expect(await response.json()).toEqual({ rates: [] });
  });

  it("refuses a body over the cap with 413, declared or streamed, and closes the connection", async () => {
    const huge = "x".repeat(MAX_RATE_REQUEST_BYTES + 1);
    const declared = await post(huge);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ error: "Request body too large" });

    // Chunked, with no Content-Length: read only until it passes the cap.
    const streamed = await new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const req = httpRequest(`${base}${RATES_CALLBACK_PATH}`, { method: "POST", headers: headersFor(huge) }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection });
      });
      req.on("error", reject);
      req.write(huge.slice(0, MAX_RATE_REQUEST_BYTES));
      req.write(huge.slice(MAX_RATE_REQUEST_BYTES));
      req.end();
    });
    expect(streamed).toEqual({ status: 413, connection: "close" });
  });
});
