import { describe, expect, it } from "vitest";
import { DEFAULT_POSTGRES_POOL_SIZE, postgresPoolConfig } from "~/db/adapter.server";
import { databaseProviderOf, sqliteFilePath } from "~/db/provider";

describe("databaseProviderOf", () => {
  it.each([
    ["file:./dev.sqlite", "sqlite"],
    ["file:/var/lib/app/app.sqlite", "sqlite"],
    ["postgresql://app:secret@db.internal:5432/courier", "postgresql"],
    ["postgres://app@127.0.0.1/courier", "postgresql"],
    ["POSTGRESQL://app@host/db", "postgresql"],
  ])("%s is %s", (url, provider) => {
    expect(databaseProviderOf(url)).toBe(provider);
  });
});

describe("postgresPoolConfig: discrete fields, never a connectionString (adapter-pg shadow-database bug)", () => {
  it.each([
    [
      "postgresql://app:s%40cret@db.internal:6543/courier",
      {
        host: "db.internal",
        port: 6543,
        user: "app",
        password: "s@cret",
        database: "courier",
        max: DEFAULT_POSTGRES_POOL_SIZE,
      },
    ],
    [
      "postgresql://app@127.0.0.1/courier?connection_limit=25",
      { host: "127.0.0.1", port: 5432, user: "app", password: "", database: "courier", max: 25 },
    ],
    ["postgresql://app@h/db?connection_limit=zero", { max: DEFAULT_POSTGRES_POOL_SIZE }],
    ["postgresql://app@h/db?sslmode=require", { ssl: { rejectUnauthorized: false } }],
    ["postgresql://app@h/db?sslmode=verify-full", { ssl: { rejectUnauthorized: true } }],
  ])("%s", (url, expected) => {
    const config = postgresPoolConfig(url);
    expect(config).toMatchObject(expected);
    expect(config).not.toHaveProperty("connectionString");
  });

  it("has no TLS settings unless sslmode asks for them", () => {
    expect(postgresPoolConfig("postgresql://app@h/db")).not.toHaveProperty("ssl");
    expect(postgresPoolConfig("postgresql://app@h/db?sslmode=disable")).not.toHaveProperty("ssl");
  });
});

describe("sqliteFilePath", () => {
  it.each([
    ["file:dev.sqlite", "dev.sqlite"],
    ["file:./prisma/dev.sqlite", "./prisma/dev.sqlite"],
    ["file:/var/lib/app/app.sqlite", "/var/lib/app/app.sqlite"],
    ["file:///var/lib/app/app.sqlite", "/var/lib/app/app.sqlite"],
    ["file://localhost/var/lib/app/app.sqlite", "/var/lib/app/app.sqlite"],
    ["file:/tmp/my%20shop.sqlite", "/tmp/my shop.sqlite"],
    ["file::memory:", ":memory:"],
  ])("%s → %s", (url, expected) => {
    expect(sqliteFilePath(url)).toBe(expected);
  });

  it.each([
    ["postgresql://localhost/app", /DATABASE_URL for SQLite must start with file:/],
    ["file:dev.sqlite?mode=ro", /DATABASE_URL for SQLite takes no options/],
    ["file://db.example.com/app.sqlite", /not a host/],
    ["file:", /names no file/],
    ["file:/tmp/100%.sqlite", /malformed %-escape/],
  ])("refuses %s", (url, message) => {
    expect(() => sqliteFilePath(url)).toThrow(message);
  });
});
