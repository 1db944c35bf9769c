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

  it("refuses to start in production without the courier's base URLs, with one message naming them", () => {
    const production = { ...testEnv("file:./x.sqlite"), NODE_ENV: "production" };
    const problems = (env: Record<string, string>) => {
      try {
        parseEnv(env);
      } catch (e) {
        return (e as ConfigError).problems;
      }
      return [];
    };
    const missing =
      "is missing: without the courier's base URL every courier call fails in production " +
      "(set COURIER_SANDBOX_URL and COURIER_PRODUCTION_URL to the addresses the courier gave you)";
    expect(problems(production)).toEqual([`COURIER_SANDBOX_URL ${missing}`, `COURIER_PRODUCTION_URL ${missing}`]);
    expect(problems({ ...production, COURIER_SANDBOX_URL: "https://sandbox.courier.example" })).toEqual([
      `COURIER_PRODUCTION_URL ${missing}`,
    ]);
    const complete = parseEnv({
      ...production,
      COURIER_SANDBOX_URL: "https://sandbox.courier.example/",
      COURIER_PRODUCTION_URL: "https://api.courier.example",
    });
    expect(complete.courier).toMatchObject({
      sandboxUrl: "https://sandbox.courier.example",
      productionUrl: "https://api.courier.example",
    });
    // Development and tests may run without them (Home then says the courier is not reachable yet).
    expect(parseEnv(testEnv("file:./x.sqlite")).courier.productionUrl).toBeUndefined();
  });

  it("reads the courier hosts a shop may use and the development setting for loopback", () => {
    const config = parseEnv({
      ...testEnv("file:./x.sqlite"),
      COURIER_ALLOWED_HOSTS: " API.Courier.example , eu.courier.example,",
      COURIER_ALLOW_LOOPBACK: "false",
    });
    expect(config.courier.allowedHosts).toEqual(["api.courier.example", "eu.courier.example"]);
    expect(config.courier.allowLoopback).toBe(false);
    expect(parseEnv(testEnv("file:./x.sqlite")).courier.allowLoopback).toBe(true);
    expect(() =>
      parseEnv({ ...testEnv("file:./x.sqlite"), COURIER_ALLOWED_HOSTS: "https://api.courier.example" }),
    ).toThrow(/COURIER_ALLOWED_HOSTS must list host names only/);
  });

  it("takes a plain-HTTP courier URL only to loopback, and only with the development setting", () => {
    const env = { ...testEnv("file:./x.sqlite"), COURIER_SANDBOX_URL: "http://127.0.0.1:4010" };
    expect(parseEnv(env).courier.sandboxUrl).toBe("http://127.0.0.1:4010");
    expect(() => parseEnv({ ...env, COURIER_ALLOW_LOOPBACK: "false" })).toThrow(
      /COURIER_SANDBOX_URL must be an https URL \(plain HTTP only to loopback, with COURIER_ALLOW_LOOPBACK=true in development\)/,
    );
    expect(() => parseEnv({ ...env, COURIER_SANDBOX_URL: "http://courier.example" })).toThrow(
      /COURIER_SANDBOX_URL must be an https URL/,
    );
    expect(() => parseEnv({ ...env, NODE_ENV: "production", COURIER_SANDBOX_URL: "not a url" })).toThrow(ConfigError);
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
