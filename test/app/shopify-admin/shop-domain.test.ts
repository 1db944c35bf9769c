import { describe, expect, it } from "vitest";
import { shopDomainFromDest } from "~/shopify-admin/shop-domain";

describe("a session token's `dest` as a shop domain", () => {
  it.each([
    // Shopify's customer account session token (its Session Token API page) names the shop bare.
    ["store-name.myshopify.com", "store-name.myshopify.com"],
    // Admin session tokens carry the shop's URL.
    ["https://store-name.myshopify.com", "store-name.myshopify.com"],
    ["https://store-name.myshopify.com/", "store-name.myshopify.com"],
    ["Store-Name.myshopify.com", "store-name.myshopify.com"],
  ])("%s names %s", (dest, shop) => {
    expect(shopDomainFromDest(dest)).toBe(shop);
  });

  it.each([
    "",
    "myshopify.com",
    "store-name.example.com",
    "store-name.myshopify.com.evil.example",
    "http://store-name.myshopify.com",
    "https://store-name.myshopify.com/admin",
    "https://store-name.myshopify.com?x=1",
    "https://store-name.myshopify.com#x",
    "https://user:pass@store-name.myshopify.com",
    "https://store-name.myshopify.com:8443",
    "https://evil.example/store-name.myshopify.com",
    "-store.myshopify.com",
    "store_name.myshopify.com",
  ])("refuses %j", (dest) => {
    expect(shopDomainFromDest(dest)).toBeNull();
  });
});
