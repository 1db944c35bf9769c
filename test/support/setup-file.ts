/**
 * Runs before each test file, in that file's process:
 * - an isolated SQLite database (a copy of the migrated template) and the test environment;
 * - MSW intercepting every outside request: requests to 127.0.0.1 (the courier sandbox, app
 *   servers) pass through, anything else that no handler answers fails the test;
 * - any console.error fails the test.
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, expect, inject } from "vitest";
import { mswServer } from "./msw-server";
import { testEnv } from "./test-env";

const dir = mkdtempSync(path.join(tmpdir(), "courier-test-"));
const databaseFile = path.join(dir, "test.sqlite");
copyFileSync(inject("templateDatabase"), databaseFile);
Object.assign(process.env, testEnv(`file:${databaseFile}`));

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
    consoleErrors.push(args.map((a) => (a instanceof Error ? a.stack ?? a.message : String(a))).join(" "));
    originalConsoleError(...args);
  };
});

afterEach(() => {
  console.error = originalConsoleError;
  mswServer.resetHandlers();
  expect(unhandledRequests, "requests to the outside that no stand-in answered").toEqual([]);
  expect(consoleErrors, "console.error was called").toEqual([]);
});

afterAll(() => {
  mswServer.close();
  rmSync(dir, { recursive: true, force: true });
});
