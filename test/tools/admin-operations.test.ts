import path from "node:path";
import { describe, expect, it } from "vitest";
import { pluckTemplates, queryCallArguments, sentOperations } from "./admin-operations";

const root = path.resolve(import.meta.dirname, "..", "..");

describe("the Admin operations the gate reads", () => {
  it("plucks #graphql templates with the constant that holds them, interpolations left out", () => {
    const code = [
      "const FIELDS = `#graphql\n  fragment F on Order { id }\n`;",
      "export const ORDER_QUERY = `#graphql\n  query Q($id: ID!) { order(id: $id) { ...F } }\n  ${FIELDS}\n`;",
    ].join("\n");
    const plucked = pluckTemplates("example.ts", code);
    expect(plucked.map((p) => p.name)).toEqual(["FIELDS", "ORDER_QUERY"]);
    expect(plucked[1]!.document.definitions).toHaveLength(1);
  });

  it("sees what an extension passes to shopify.query", () => {
    const code =
      "await shopify.query<Data, { id: string }>(ORDER_VISIBILITY_QUERY, { variables });\nshopify.query(`{ shop { id } }`)";
    expect(queryCallArguments(code)).toEqual(["ORDER_VISIBILITY_QUERY", "`"]);
  });

  it("collects the app's and the extensions' operations with their fragments, every send readable", () => {
    const sent = sentOperations(root);
    const files = new Set(sent.documents.map((d) => d.file));
    expect(files).toContain("app/shopify-admin/orders.server.ts");
    expect(files).toContain("extensions/shared/visibility.ts");
    expect(Object.keys(sent.fragments)).toContain("OrderDispatchFields");
    expect(sent.unreadable).toEqual([]);
  });
});
