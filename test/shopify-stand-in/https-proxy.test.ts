import { execFile } from "node:child_process";
import { request as httpRequest } from "node:http";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_API_KEY, TEST_API_SECRET } from "../support/test-env";
import { createShopifyStandIn, serveShopifyStandIn, type ServedStandIn } from "./index";

const run = promisify(execFile);
const SHOP = "demo-shop.myshopify.com";

/** What an unmodified app does: a plain fetch to Shopify, plus one to a host that must stay unreachable. */
const CHILD_SCRIPT = `
const response = await fetch("https://${SHOP}/admin/api/2026-10/graphql.json", {
  method: "POST",
  headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": process.env.SHOPIFY_TOKEN },
  body: JSON.stringify({ query: "query ProxyCheck { shop { name myshopifyDomain } }" }),
});
let outside = "reachable";
try { await fetch("https://example.com/"); } catch { outside = "refused"; }
console.log(JSON.stringify({ status: response.status, body: await response.json(), outside }));
`;

describe("serveShopifyStandIn: a real server and HTTPS proxy for app processes", () => {
  const standIn = createShopifyStandIn({ apiKey: TEST_API_KEY, apiSecret: TEST_API_SECRET });
  standIn.addShop({ myshopifyDomain: SHOP, name: "Proxy Bakery" });
  let served: ServedStandIn;

  beforeAll(async () => {
    served = await serveShopifyStandIn(standIn);
  });
  afterAll(async () => {
    await served.close();
  });

  it("a child node process reaches the stand-in through HTTPS_PROXY with the generated CA, and nothing else", async () => {
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", CHILD_SCRIPT], {
      env: { NODE_ENV: "test", ...served.proxyEnv(), SHOPIFY_TOKEN: standIn.issueAccessToken(SHOP) },
      timeout: 15_000,
    });
    const result = JSON.parse(stdout.trim()) as { status: number; body: { data: unknown }; outside: string };
    expect(result).toMatchObject({
      status: 200,
      body: { data: { shop: { name: "Proxy Bakery", myshopifyDomain: SHOP } } },
      outside: "refused",
    });
    expect(standIn.log.map((e) => e.operationName)).toEqual(["ProxyCheck"]);
  });

  it("routes plain HTTP by the Host header", async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port: served.port,
          path: "/admin/api/2026-10/graphql.json",
          method: "POST",
          headers: { Host: SHOP, "Content-Type": "application/json", "X-Shopify-Access-Token": "shpua_unknown" },
        },
        (res) => {
          let body = "";
          res.on("data", (chunk: Buffer) => (body += chunk.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      req.end(JSON.stringify({ query: "{ shop { name } }" }));
    });
    expect([answer.status, JSON.parse(answer.body)]).toEqual([
      401,
      { errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" },
    ]);
  });
});
