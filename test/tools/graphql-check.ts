/**
 * Part of `npm test`: every Admin operation the app and its admin extensions send must be allowed by
 * shopify.app.toml's scopes under Shopify's access rule (scope-gate.ts), every `#graphql` operation in
 * app/ must validate against the Admin 2026-10 schema, and the committed generated types must be what
 * codegen produces now. The scope gate runs first and on its own, so stale types do not hide it.
 */
import { readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { generate } from "@graphql-codegen/cli";
import { ApiType, pluckConfig, shopifyApiTypes } from "@shopify/api-codegen-preset";
import { adminSchema } from "../shopify-stand-in/schema";
import { ensureAdminSchema } from "./admin-schema";
import { sentOperations } from "./admin-operations";
import { APP_SCOPES } from "./app-scopes";
import { describeViolation, scopeViolations } from "./scope-gate";

const root = path.resolve(import.meta.dirname, "..", "..");
process.chdir(root);
ensureAdminSchema();

const sent = sentOperations(root);
const granted = new Set(APP_SCOPES);
const denied = sent.documents.flatMap(({ file, document }) =>
  scopeViolations(adminSchema(), document, sent.fragments, granted).map((v) => `  ${describeViolation(v)} [${file}]`),
);
const operationCount = sent.documents
  .flatMap((d) => d.document.definitions)
  .filter((d) => d.kind === "OperationDefinition").length;
if (denied.length > 0 || sent.unreadable.length > 0) {
  console.log(`Scope check failed: shopify.app.toml's scopes (${APP_SCOPES.join(",")}) do not allow:`);
  console.log([...denied, ...sent.unreadable.map((u) => `  ${u}`)].join("\n"));
  process.exitCode = 1;
} else {
  console.log(`Scope check passed: ${operationCount} Admin operations allowed by shopify.app.toml's scopes.`);
}

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
process.exit(process.exitCode ?? 0);
