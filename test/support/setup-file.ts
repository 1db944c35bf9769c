/**
 * Runs before each test file, in that file's process:
 * - an isolated database (a copy of the migrated template: a SQLite file, or a PostgreSQL database
 *   created from the template database when TEST_DATABASE=postgresql) and the test environment;
 * - MSW intercepting every outside request: requests to 127.0.0.1 (the courier sandbox, app
 *   servers) pass through, anything else that no handler answers fails the test;
 * - any console.error fails the test, and so does an entry at the app logger's error level (in tests the
 *   logger writes through the console: app/logging/logger.server.ts).
 */
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, expect, inject } from "vitest";
import { createDatabase, dropDatabase } from "../../prisma/tools/postgres-server";
import { mswServer } from "./msw-server";
import { testEnv } from "./test-env";

const dir = mkdtempSync(path.join(tmpdir(), "courier-test-"));
const testDatabase = inject("testDatabase");
let databaseUrl: string;
let removeDatabase: () => Promise<void>;
if (testDatabase.provider === "sqlite") {
  const databaseFile = path.join(dir, "test.sqlite");
  copyFileSync(testDatabase.templateFile, databaseFile);
  databaseUrl = `file:${databaseFile}`;
  removeDatabase = async () => {};
} else {
  const name = `${testDatabase.prefix}${randomBytes(5).toString("hex")}`;
  databaseUrl = await createDatabase(testDatabase.adminUrl, name, testDatabase.template);
  // WITH (FORCE): clients the test file left open are disconnected.
  removeDatabase = () => dropDatabase(testDatabase.adminUrl, name);
}
Object.assign(process.env, testEnv(databaseUrl));

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);
const unhandledRequests: string[] = [];

// At top level, not in beforeAll: @shopify/shopify-api captures globalThis.fetch when imported.
mswServer.listen({
  onUnhandledFrame({ frame, defaults }) {
    const request = (frame.data as { request?: Request } | undefined)?.request;
    if (!request) return defaults.error();
    const url = new URL(request.url);
    if (LOOPBACK.has(url.hostname)) return;
    unhandledRequests.push(`${request.method} ${url.origin}${url.pathname}`);
    defaults.error();
  },
});

const consoleErrors: string[] = [];
const originalConsoleError = console.error;

beforeEach(() => {
  consoleErrors.length = 0;
  unhandledRequests.length = 0;
  console.error = (...args: unknown[]) => {
    consoleErrors.push(args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(" "));
    originalConsoleError(...args);
  };
});

afterEach(() => {
  console.error = originalConsoleError;
  mswServer.resetHandlers();
  expect(unhandledRequests, "requests to the outside that no stand-in answered").toEqual([]);
  expect(consoleErrors, "console.error was called").toEqual([]);
});

afterAll(async () => {
  mswServer.close();
  rmSync(dir, { recursive: true, force: true });
  await removeDatabase();
});
