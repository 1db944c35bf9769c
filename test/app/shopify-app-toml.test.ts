import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..", "..");
const toml = readFileSync(path.join(root, "shopify.app.toml"), "utf8");

/** Each `[[webhooks.subscriptions]]` block with its handler comment, topics and uri. */
function subscriptions() {
  return toml
    .split(/\n\s*(?=# handler:)/)
    .slice(1)
    .map((block) => ({
      handler: /# handler: (\S+)/.exec(block)?.[1],
      uri: /uri = "([^"]+)"/.exec(block)?.[1],
      topics: [...block.matchAll(/"([a-z_]+\/[a-z_]+)"/g)].map((m) => m[1]),
    }));
}

describe("shopify.app.toml", () => {
  it("subscribes to the lifecycle, orders/paid and the three compliance topics", () => {
    const topics = subscriptions().flatMap((s) => s.topics);
    expect(topics).toEqual(
      expect.arrayContaining([
        "app/uninstalled",
        "app/scopes_update",
        "orders/paid",
        "customers/data_request",
        "customers/redact",
        "shop/redact",
      ]),
    );
    expect(toml).toMatch(/api_version = "2026-10"/);
  });

  it.each(subscriptions())("$uri names a handler file that exists and serves that path", ({ handler, uri }) => {
    expect(handler && existsSync(path.join(root, handler))).toBe(true);
    const routePath =
      "/" +
      path
        .basename(handler!)
        .replace(/\.tsx?$/, "")
        .split(".")
        .join("/");
    expect(routePath).toBe(uri);
  });
});
