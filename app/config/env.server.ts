import { z } from "zod";
import { sqliteUrlProblem } from "../db/provider";
import { LOOPBACK_HOSTS } from "./loopback-hosts";
import { mapTileSourceFromEnv } from "./map-tiles-env";
import type { MapTileSource } from "./map-tile-source";

/**
 * The app's configuration, read from the environment once at startup.
 * This is the only module that reads `process.env`; everything else receives an `AppConfig`.
 */

export const ENCRYPTION_KEY_BYTES = 32;
const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,16}$/;
/** A DNS host name (letters, digits, hyphens, dots): what COURIER_ALLOWED_HOSTS lists. */
const HOST_NAME_PATTERN = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
export const DEFAULT_WORKER_CONCURRENCY = 8;
export const MAX_WORKER_CONCURRENCY = 64;
/** Proxies in front of the app that may be trusted to append the client's address to X-Forwarded-For. */
export const MAX_TRUSTED_PROXY_HOPS = 10;

function decodeKey(value: string): Buffer | null {
  const trimmed = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, "hex");
  const bytes = Buffer.from(trimmed, "base64");
  return bytes.length === ENCRYPTION_KEY_BYTES ? bytes : null;
}

const encryptionKey = z.string().transform((value, ctx) => {
  const key = decodeKey(value);
  if (!key) {
    ctx.addIssue({
      code: "custom",
      message: `must be ${ENCRYPTION_KEY_BYTES} bytes, as 64 hex characters or base64 (openssl rand -base64 32)`,
    });
    return z.NEVER;
  }
  return key;
});

/** `id:key,id:key` — keys that may still decrypt old ciphertexts after a rotation. */
const previousKeys = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const keys = new Map<string, Buffer>();
    for (const entry of (value ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)) {
      const [id, material] = entry.split(":", 2);
      const key = material ? decodeKey(material) : null;
      if (!id || !KEY_ID_PATTERN.test(id) || !key) {
        ctx.addIssue({ code: "custom", message: "each entry must be <key id>:<32-byte key>" });
        return z.NEVER;
      }
      keys.set(id, key);
    }
    return keys;
  });

const databaseUrl = z
  .string()
  .min(1)
  .refine((url) => /^(file:|postgres(ql)?:\/\/)/.test(url), {
    message: "must start with file: (SQLite) or postgresql:// (PostgreSQL)",
  })
  .superRefine((url, ctx) => {
    const problem = url.startsWith("file:") ? sqliteUrlProblem(url) : null;
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

const httpUrl = z
  .string()
  .url()
  .refine((url) => /^https?:\/\//.test(url), { message: "must be an http(s) URL" })
  .transform((url) => url.replace(/\/+$/, ""));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  SHOPIFY_API_KEY: z.string().min(1),
  SHOPIFY_API_SECRET: z.string().min(1),
  SHOPIFY_APP_URL: httpUrl,
  SCOPES: z
    .string()
    .min(1)
    .transform((s) =>
      s
        .split(",")
        .map((scope) => scope.trim())
        .filter(Boolean),
    ),
  DATABASE_URL: databaseUrl,
  ENCRYPTION_KEY: encryptionKey,
  ENCRYPTION_KEY_ID: z.string().regex(KEY_ID_PATTERN).default("k1"),
  ENCRYPTION_PREVIOUS_KEYS: previousKeys,
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  SHOP_CUSTOM_DOMAIN: z.string().optional(),
  WORKER_ENABLED: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  WORKER_ONLY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(MAX_WORKER_CONCURRENCY).default(DEFAULT_WORKER_CONCURRENCY),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(MAX_TRUSTED_PROXY_HOPS).default(0),
  COURIER_SANDBOX_URL: httpUrl.optional(),
  COURIER_PRODUCTION_URL: httpUrl.optional(),
  COURIER_ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const hosts = (value ?? "")
        .split(",")
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean);
      const bad = hosts.find((host) => !HOST_NAME_PATTERN.test(host));
      if (bad !== undefined) {
        ctx.addIssue({
          code: "custom",
          message: `must list host names only, separated by commas ("${bad}" is not one)`,
        });
        return z.NEVER;
      }
      return hosts;
    }),
  COURIER_ALLOW_LOOPBACK: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  MAP_TILE_URL: z.string().optional(),
  MAP_TILE_ATTRIBUTION: z.string().optional(),
  MAP_TILE_KEY: z.string().optional(),
});

/** The courier's base URLs that production cannot run without: the app has no working default. */
const REQUIRED_IN_PRODUCTION = ["COURIER_SANDBOX_URL", "COURIER_PRODUCTION_URL"] as const;

const checkedEnvSchema = envSchema.superRefine((env, ctx) => {
  const mapTiles = mapTileSourceFromEnv(env);
  if (!mapTiles.ok)
    for (const { name, message } of mapTiles.problems) ctx.addIssue({ code: "custom", path: [name], message });
  for (const name of REQUIRED_IN_PRODUCTION) {
    // A malformed URL has its own issue already (this runs after every field's check).
    const value = env[name];
    const url = value && URL.canParse(value) ? new URL(value) : null;
    if (!url || url.protocol === "https:" || (env.COURIER_ALLOW_LOOPBACK && LOOPBACK_HOSTS.has(url.hostname))) continue;
    ctx.addIssue({
      code: "custom",
      path: [name],
      message: "must be an https URL (plain HTTP only to loopback, with COURIER_ALLOW_LOOPBACK=true in development)",
    });
  }
  if (env.NODE_ENV !== "production") return;
  for (const name of REQUIRED_IN_PRODUCTION) {
    if (env[name] !== undefined) continue;
    ctx.addIssue({
      code: "custom",
      path: [name],
      message:
        "is missing: without the courier's base URL every courier call fails in production " +
        "(set COURIER_SANDBOX_URL and COURIER_PRODUCTION_URL to the addresses the courier gave you)",
    });
  }
});

export type AppConfig = {
  nodeEnv: "development" | "production" | "test";
  shopify: { apiKey: string; apiSecret: string; appUrl: string; scopes: string[]; customShopDomain?: string };
  databaseUrl: string;
  encryption: { currentKeyId: string; keys: ReadonlyMap<string, Buffer> };
  port: number;
  /** The interface `npm start` listens on (0.0.0.0 behind a load balancer; 127.0.0.1 for local runs). */
  host: string;
  workerEnabled: boolean;
  /** `npm run worker`: run jobs, serve no HTTP. */
  workerOnly: boolean;
  /** Jobs a worker runs at once (most wait on Shopify or the courier, not on this process). */
  workerConcurrency: number;
  logLevel: "debug" | "info" | "warn" | "error";
  /**
   * How many proxies in front of the app (a load balancer, an HTTPS front) append the address they
   * were reached from to X-Forwarded-For: the client's address is the entry the outermost appended.
   * 0: the connection's address, the header ignored.
   */
  trustedProxyHops: number;
  /**
   * App-wide courier base URLs; a shop may override its own (Shop.courierBaseUrl) with an https URL whose
   * host is in `allowedHosts`. `allowLoopback` (development only) lets the courier be reached on loopback,
   * over plain HTTP too: the local sandbox.
   */
  courier: { sandboxUrl?: string; productionUrl?: string; allowedHosts: string[]; allowLoopback: boolean };
  /** The app-wide map tile provider of the tracking page (map-tiles-env.ts); null: none, the page says so. */
  mapTiles: MapTileSource | null;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `The app's configuration is incomplete or invalid:\n${problems.map((p) => `  - ${p}`).join("\n")}\n` +
        "See .env.example and the README's Configuration section.",
    );
    this.name = "ConfigError";
  }
}

/** Parses an environment; throws one `ConfigError` listing every missing or malformed variable. */
export function parseEnv(env: Record<string, string | undefined>): AppConfig {
  const result = checkedEnvSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = issue.path.join(".");
      const missing = (env[name] === undefined || env[name] === "") && issue.code !== "custom";
      return missing ? `${name} is missing` : `${name} ${issue.message}`;
    });
    throw new ConfigError(problems);
  }
  const e = result.data;
  const keys = new Map(e.ENCRYPTION_PREVIOUS_KEYS);
  keys.set(e.ENCRYPTION_KEY_ID, e.ENCRYPTION_KEY);
  return {
    nodeEnv: e.NODE_ENV,
    shopify: {
      apiKey: e.SHOPIFY_API_KEY,
      apiSecret: e.SHOPIFY_API_SECRET,
      appUrl: e.SHOPIFY_APP_URL,
      scopes: e.SCOPES,
      customShopDomain: e.SHOP_CUSTOM_DOMAIN,
    },
    databaseUrl: e.DATABASE_URL,
    encryption: { currentKeyId: e.ENCRYPTION_KEY_ID, keys },
    port: e.PORT,
    host: e.HOST,
    workerEnabled: e.WORKER_ENABLED,
    workerOnly: e.WORKER_ONLY,
    workerConcurrency: e.WORKER_CONCURRENCY,
    logLevel: e.LOG_LEVEL,
    trustedProxyHops: e.TRUSTED_PROXY_HOPS,
    courier: {
      sandboxUrl: e.COURIER_SANDBOX_URL,
      productionUrl: e.COURIER_PRODUCTION_URL,
      allowedHosts: e.COURIER_ALLOWED_HOSTS,
      allowLoopback: e.COURIER_ALLOW_LOOPBACK,
    },
    mapTiles: mapTiles(e),
  };
}

/** The provider checkedEnvSchema already found sound. */
function mapTiles(env: Parameters<typeof mapTileSourceFromEnv>[0]): MapTileSource | null {
  const result = mapTileSourceFromEnv(env);
  return result.ok ? result.source : null;
}

/** Only the database URL, for tooling (Prisma CLI) that needs nothing else. */
export function databaseUrlFromEnv(env: Record<string, string | undefined> = process.env): string {
  const result = databaseUrl.safeParse(env.DATABASE_URL);
  if (!result.success)
    throw new ConfigError([
      `DATABASE_URL ${env.DATABASE_URL ? (result.error.issues[0]?.message ?? "is malformed") : "is missing"}`,
    ]);
  return result.data;
}

let loaded: AppConfig | undefined;

/** The process's configuration, validated on first use (at server start). */
export function appConfig(): AppConfig {
  loaded ??= parseEnv(process.env);
  return loaded;
}
