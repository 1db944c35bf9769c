/**
 * Part of `npm test`: every `#graphql` operation in app/ must validate against the Admin 2026-10
 * schema, and the committed generated types must be what codegen produces now.
 */
import { readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { generate } from "@graphql-codegen/cli";
import { ApiType, pluckConfig, shopifyApiTypes } from "@shopify/api-codegen-preset";
import { ensureAdminSchema } from "./admin-schema";

const root = path.resolve(import.meta.dirname, "..", "..");
process.chdir(root);
ensureAdminSchema();

const generates = shopifyApiTypes({
  apiType: ApiType.Admin,
  apiVersion: "2026-10",
  documents: ["./app/**/*.{js,ts,jsx,tsx}", "!./app/types/**"],
  outputDir: "./app/types",
});

let outputs: { filename: string; content: string }[];
try {
  outputs = await generate({ generates, pluckConfig: pluckConfig as never, silent: true, errorsOnly: true }, false);
} catch (error) {
  console.log("GraphQL check failed: an Admin operation does not validate against the 2026-10 schema.\n");
  console.log(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const stale = outputs
  .filter((o) => !o.filename.endsWith(".schema.json"))
  .filter((o) => {
    const file = path.resolve(root, o.filename);
    return !existsSync(file) || readFileSync(file, "utf8") !== o.content;
  })
  .map((o) => o.filename);

if (stale.length > 0) {
  console.log(`GraphQL types are stale: ${stale.join(", ")}. Run: npm run graphql:codegen`);
  process.exit(1);
}
console.log(`GraphQL operations valid against Admin 2026-10; generated types current (${outputs.length} files).`);
