import { describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_WORKER_CONCURRENCY, databaseUrlFromEnv, parseEnv } from "~/config/env.server";
import { testEnv } from "../../support/test-env";

describe("environment", () => {
  it("parses a complete environment", () => {
    const config = parseEnv({
      ...testEnv("file:./x.sqlite"),
      PORT: "8080",
      SHOPIFY_APP_URL: "https://app.example.com/",
    });
    expect(config.port).toBe(8080);
    expect(config.shopify.appUrl).toBe("https://app.example.com");
    expect(config.shopify.scopes).toContain("write_shipping");
    expect(config.encryption.keys.get("test1")).toHaveLength(32);
    expect(config.workerConcurrency).toBe(DEFAULT_WORKER_CONCURRENCY);
    expect(parseEnv({ ...testEnv("file:./x.sqlite"), WORKER_CONCURRENCY: "16" }).workerConcurrency).toBe(16);
  });

  it("refuses at start a SQLite URL that names no plain local file (options, a host), not at the first query", () => {
    expect(() => parseEnv(testEnv("file:./x.sqlite?mode=ro"))).toThrow(ConfigError);
    const problems = (() => {
      try {
        parseEnv(testEnv("file://db.example.com/x.sqlite"));
      } catch (e) {
        return (e as ConfigError).problems;
      }
      return [];
    })();
    expect(problems).toEqual(['DATABASE_URL for SQLite names a local file, not a host ("db.example.com")']);
    expect(() => databaseUrlFromEnv({ DATABASE_URL: "file:x.sqlite#frag" })).toThrow(
      /DATABASE_URL for SQLite takes no options/,
    );
    expect(() => databaseUrlFromEnv({ DATABASE_URL: "mysql://db" })).toThrow(/DATABASE_URL must start with file:/);
    expect(databaseUrlFromEnv({ DATABASE_URL: "file:///var/lib/app/app.sqlite" })).toBe(
      "file:///var/lib/app/app.sqlite",
    );
  });

  it("lists every missing or malformed variable in one error", () => {
    let error: unknown;
    try {
      parseEnv({
        SHOPIFY_API_KEY: "key",
        DATABASE_URL: "mysql://db",
        ENCRYPTION_KEY: "short",
        PORT: "99999",
        WORKER_CONCURRENCY: "0",
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join("\n");
    expect(problems).toMatch(/SHOPIFY_API_SECRET is missing/);
    expect(problems).toMatch(/SHOPIFY_APP_URL is missing/);
    expect(problems).toMatch(/SCOPES is missing/);
    expect(problems).toMatch(/DATABASE_URL must start with file:/);
    expect(problems).toMatch(/ENCRYPTION_KEY must be 32 bytes/);
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/WORKER_CONCURRENCY/);
    expect((error as Error).message).not.toContain("short");
  });

  it("keeps previous encryption keys for rotation", () => {
    const old = Buffer.alloc(32, 9).toString("base64");
    const config = parseEnv({ ...testEnv("file:./x.sqlite"), ENCRYPTION_PREVIOUS_KEYS: `k0:${old}` });
    expect([...config.encryption.keys.keys()].sort()).toEqual(["k0", "test1"]);
    expect(() => parseEnv({ ...testEnv("file:./x.sqlite"), ENCRYPTION_PREVIOUS_KEYS: "k0" })).toThrow(ConfigError);
  });
});
