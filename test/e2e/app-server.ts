/**
 * The app as it runs in production, for the browser test: the Remix build (built when missing or
 * older than the sources), a migrated throw-away SQLite database, and `node build/server/index.js`
 * on 127.0.0.1 with the test environment.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");
const SERVER_BUILD = path.join(ROOT, "build", "server", "index.js");
const BIN = (name: string) => path.join(ROOT, "node_modules", ".bin", name);

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** `remix build` unless the server build is newer than every source it is made from. */
export function buildIfNeeded(): void {
  const sources = Math.max(newestMtime(path.join(ROOT, "app")), newestMtime(path.join(ROOT, "extensions", "shared")), statSync(path.join(ROOT, "remix.config.js")).mtimeMs);
  if (existsSync(SERVER_BUILD) && statSync(SERVER_BUILD).mtimeMs > sources) return;
  // vitest sets NODE_ENV=test, which would make a development build (jsx-dev runtime) for a production server.
  execFileSync(BIN("remix"), ["build"], { cwd: ROOT, env: { ...process.env, NODE_ENV: "production" }, stdio: ["ignore", "ignore", "inherit"] });
}

/** A free port on 127.0.0.1 (the server is told to listen on it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export function migratedDatabase(): { url: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), "courier-e2e-"));
  const url = `file:${path.join(dir, "e2e.sqlite")}`;
  execFileSync(BIN("prisma"), ["migrate", "deploy", "--config", path.join(ROOT, "prisma", "prisma.config.ts")], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return { url, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export type AppServer = { url: string; logs: string[]; stop: () => Promise<void> };

export async function startAppServer(env: Record<string, string>, port: number): Promise<AppServer> {
  const logs: string[] = [];
  const child = spawn(process.execPath, [SERVER_BUILD], {
    cwd: ROOT,
    env: { NODE_ENV: "production", PATH: process.env.PATH ?? "", ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => logs.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app server exited with ${child.exitCode}:\n${logs.join("")}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The app server did not answer /healthz within 30 s:\n${logs.join("")}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    logs,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
      }),
  };
}
