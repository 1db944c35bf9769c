/**
 * Obtains the Admin GraphQL 2026-10 introspection schema, which is not committed.
 *
 * Order: $SHOPIFY_ADMIN_SCHEMA (a local .json or .json.gz), then the cache in .cache/shopify/, then
 * Shopify's own npm package @shopify/dev-mcp@1.16.0 (`npm pack`, one file extracted, sha256 checked;
 * none of that package's code is installed or run).
 *
 * As a script it also writes app/types/admin-2026-10.schema.json, where the codegen preset reads it.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";

export const ADMIN_API_VERSION = "2026-10";
const PACKAGE = "@shopify/dev-mcp@1.16.0";
const FILE_IN_PACKAGE = `package/dist/data/admin_${ADMIN_API_VERSION}.json.gz`;
const PACKAGE_FILE_SHA256 = "f3b522f264556925eada700e795e4a002a9cba83444ebcc6c0d724254a0c6593";

const root = path.resolve(import.meta.dirname, "..", "..");
const cacheFile = path.join(root, ".cache", "shopify", `admin_${ADMIN_API_VERSION}.json`);
const codegenFile = path.join(root, "app", "types", `admin-${ADMIN_API_VERSION}.schema.json`);

function readSchemaFile(file: string): Buffer {
  const bytes = readFileSync(file);
  return file.endsWith(".gz") ? gunzipSync(bytes) : bytes;
}

function fetchFromNpm(): Buffer {
  const work = mkdtempSync(path.join(tmpdir(), "admin-schema-"));
  try {
    const tarball = execFileSync("npm", ["pack", PACKAGE, "--ignore-scripts", "--silent", "--pack-destination", work], {
      cwd: work,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    })
      .trim()
      .split("\n")
      .pop()!;
    execFileSync("tar", ["-xzf", path.join(work, tarball), "-C", work, FILE_IN_PACKAGE]);
    const gz = readFileSync(path.join(work, FILE_IN_PACKAGE));
    const digest = createHash("sha256").update(gz).digest("hex");
    if (digest !== PACKAGE_FILE_SHA256) throw new Error(`unexpected sha256 ${digest} for ${FILE_IN_PACKAGE}`);
    return gunzipSync(gz);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Path of the cached introspection JSON (`{"data":{"__schema":...}}`), obtaining it when missing. */
export function ensureAdminSchema(env: Record<string, string | undefined> = process.env): string {
  if (existsSync(cacheFile)) return cacheFile;
  const local = env.SHOPIFY_ADMIN_SCHEMA;
  const json = local ? readSchemaFile(path.resolve(local)) : fetchFromNpm();
  const parsed = JSON.parse(json.toString("utf8")) as { data?: { __schema?: unknown }; __schema?: unknown };
  const schema = parsed.data?.__schema ?? parsed.__schema;
  if (!schema) throw new Error("the schema file holds no __schema");
  mkdirSync(path.dirname(cacheFile), { recursive: true });
  writeFileSync(cacheFile, JSON.stringify({ data: { __schema: schema } }));
  return cacheFile;
}

export function loadAdminIntrospection(): { __schema: unknown } {
  return (JSON.parse(readFileSync(ensureAdminSchema(), "utf8")) as { data: { __schema: unknown } }).data;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = ensureAdminSchema();
  mkdirSync(path.dirname(codegenFile), { recursive: true });
  writeFileSync(codegenFile, JSON.stringify(loadAdminIntrospection()));
  console.log(`Admin GraphQL ${ADMIN_API_VERSION} schema ready (${path.relative(root, file)}).`);
}
