import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createShopifyStandIn } from "../shopify-stand-in";
import { TEST_API_KEY, TEST_API_SECRET, TEST_SCOPES, testEnv } from "../support/test-env";
import { accessScopesIn, APP_SCOPES, APP_TOML } from "./app-scopes";

describe("shopify.app.toml's scopes as the one source", () => {
  it("reads the [access_scopes] table's scopes and nothing outside it", () => {
    const toml = `[build]\nscopes = "nope"\n\n[access_scopes]\n# why\nscopes = "read_orders, write_orders"\n\n[auth]\nscopes = "no"\n`;
    expect(accessScopesIn(toml)).toEqual(["read_orders", "write_orders"]);
    expect(() => accessScopesIn(`[auth]\nscopes = "read_orders"\n`)).toThrow("[access_scopes]");
  });

  it("gives the tests' SCOPES and the stand-in's default grant exactly the toml's scopes", () => {
    const fromToml = accessScopesIn(readFileSync(APP_TOML, "utf8"));
    expect(fromToml).toContain("read_orders");
    expect(APP_SCOPES).toEqual(fromToml);
    expect(TEST_SCOPES.split(",")).toEqual(fromToml);
    expect(testEnv("file:./x.sqlite").SCOPES?.split(",")).toEqual(fromToml);
    expect(process.env.SCOPES?.split(",")).toEqual(fromToml);
    const standIn = createShopifyStandIn({ apiKey: TEST_API_KEY, apiSecret: TEST_API_SECRET });
    standIn.addShop({ myshopifyDomain: "scopes-shop.myshopify.com" });
    standIn.issueAccessToken("scopes-shop.myshopify.com");
    expect(standIn.issuedTokens[0]!.scope.split(",")).toEqual(fromToml);
  });
});
