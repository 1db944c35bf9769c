/**
 * Once per test run: build a migrated template database. Each test file gets its own copy
 * (test/support/setup-file.ts), so every file has an isolated database in milliseconds.
 *
 * TEST_DATABASE picks the database the suite runs on:
 * - sqlite (default): a migrated SQLite file, copied per test file;
 * - postgresql: a migrated template database on the server named by TEST_POSTGRES_URL (a maintenance
 *   URL whose role may create databases), or on a throw-away server started from the machine's
 *   binaries for this run; each test file gets `CREATE DATABASE ... TEMPLATE` of it.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import {
  createDatabase,
  databaseUrlOn,
  dropDatabasesStartingWith,
  startThrowawayPostgres,
} from "../../prisma/tools/postgres-server";

const root = path.resolve(import.meta.dirname, "..", "..");

export type TestDatabase =
  | { provider: "sqlite"; templateFile: string }
  | { provider: "postgresql"; adminUrl: string; template: string; prefix: string };

export function testDatabaseProvider(env: Record<string, string | undefined>): "sqlite" | "postgresql" {
  const value = env.TEST_DATABASE ?? "sqlite";
  if (value !== "sqlite" && value !== "postgresql")
    throw new Error(`TEST_DATABASE must be sqlite or postgresql, not ${value}`);
  return value;
}

function migrate(databaseUrl: string) {
  execFileSync(
    path.join(root, "node_modules", ".bin", "prisma"),
    ["migrate", "deploy", "--config", path.join(root, "prisma", "prisma.config.ts")],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
}

export default async function setup(project: TestProject) {
  if (testDatabaseProvider(process.env) === "sqlite") {
    const dir = path.join(root, ".cache", "test-db");
    mkdirSync(dir, { recursive: true });
    const templateFile = path.join(dir, `template-${process.pid}.sqlite`);
    rmSync(templateFile, { force: true });
    migrate(`file:${templateFile}`);
    project.provide("testDatabase", { provider: "sqlite", templateFile });
    return () => rmSync(templateFile, { force: true });
  }

  const server = process.env.TEST_POSTGRES_URL ? null : await startThrowawayPostgres();
  const adminUrl = process.env.TEST_POSTGRES_URL ?? server!.adminUrl;
  const prefix = `courier_test_${process.pid}_`;
  const template = `${prefix}template`;
  try {
    await dropDatabasesStartingWith(adminUrl, prefix);
    migrate(await createDatabase(adminUrl, template));
  } catch (error) {
    server?.stop();
    throw error;
  }
  process.stderr.write(`Test suite on PostgreSQL (${databaseUrlOn(adminUrl, template).replace(/\/[^/]*$/, "")})\n`);
  project.provide("testDatabase", { provider: "postgresql", adminUrl, template, prefix });
  return async () => {
    await dropDatabasesStartingWith(adminUrl, prefix);
    server?.stop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabase;
  }
}
