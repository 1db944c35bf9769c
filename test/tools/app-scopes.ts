/**
 * The access scopes the app asks for: `[access_scopes] scopes` in shopify.app.toml, the one source
 * for the tests' SCOPES, the stand-in's default grant and the static scope gate.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

export const APP_TOML = path.resolve(import.meta.dirname, "..", "..", "shopify.app.toml");

/** The `scopes` string of the `[access_scopes]` table, split on commas; throws when the table has none. */
export function accessScopesIn(toml: string): string[] {
  const table = /^\[access_scopes\][^\n]*\n([\s\S]*?)(?=^\s*\[|(?![\s\S]))/m.exec(toml)?.[1] ?? "";
  const value = /^\s*scopes\s*=\s*"([^"]*)"/m.exec(table)?.[1];
  if (value === undefined) throw new Error('shopify.app.toml has no [access_scopes] scopes = "..."');
  return value
    .split(",")
    .map((scope) => scope.trim())
    .filter(Boolean);
}

export const APP_SCOPES: readonly string[] = accessScopesIn(readFileSync(APP_TOML, "utf8"));
