/**
 * The app as it runs in production, for the processes that need the real server (the browser test,
 * the benchmarks, the demo): the Remix build (made when missing or older than its sources), a
 * migrated SQLite file, and `node build/server/index.js` as a child process on 127.0.0.1.
 */
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { serverStart } from "./start-command";
import { localCourierEnv, TEST_SCOPES } from "./test-env";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");
export const SERVER_BUILD = path.join(ROOT, "build", "server", "index.js");
const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);
/** How long a started server has to answer /healthz. */
export const SERVER_READY_TIMEOUT_MS = 30_000;

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** What the server build is made from: the app, the contract it shares with the extensions, the compiler config. */
const BUILD_SOURCES = ["app", path.join("extensions", "shared"), "remix.config.js"];

/** Why build/ must be made again (missing, older than a source, or lacking `mustContain`), or null when it is current. */
export function staleBuildReason(mustContain?: string): string | null {
  if (!existsSync(SERVER_BUILD)) return "build/ is missing";
  const built = statSync(SERVER_BUILD).mtimeMs;
  const sources = Math.max(...BUILD_SOURCES.map((source) => newestMtime(path.join(ROOT, source))));
  if (sources > built) return "build/ is older than the sources";
  if (mustContain && !readFileSync(SERVER_BUILD, "utf8").includes(mustContain)) return `build/ lacks ${mustContain}`;
  return null;
}

/**
 * `remix build` when build/ is stale; returns whether it built. The build is always a production one
 * (vitest sets NODE_ENV=test, which would give a development build with the jsx-dev runtime).
 */
export function ensureProductionBuild(options: { mustContain?: string; log?: (line: string) => void } = {}): boolean {
  const reason = staleBuildReason(options.mustContain);
  if (!reason) return false;
  options.log?.(`Building the app (${reason}): remix build`);
  try {
    execFileSync(bin("remix"), ["build"], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production" },
      stdio: "pipe",
    });
  } catch (error) {
    const output = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`remix build failed:\n${output.stdout?.toString() ?? ""}${output.stderr?.toString() ?? ""}`, {
      cause: error,
    });
  }
  return true;
}

/** Applies the committed migrations to `databaseUrl` with the Prisma CLI. */
export function migrateDatabase(databaseUrl: string): void {
  try {
    execFileSync(bin("prisma"), ["migrate", "deploy", "--config", path.join(ROOT, "prisma", "prisma.config.ts")], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
      stdio: "pipe",
    });
  } catch (error) {
    const output = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(
      `prisma migrate deploy failed:\n${output.stdout?.toString() ?? ""}${output.stderr?.toString() ?? ""}`,
      { cause: error },
    );
  }
}

export type TempDatabase = { dir: string; url: string; remove: () => void };

/** A migrated SQLite file in a new temporary folder; `remove()` deletes the folder. */
export function migratedTempDatabase(prefix: string): TempDatabase {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const url = `file:${path.join(dir, "app.sqlite")}`;
  try {
    migrateDatabase(url);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, url, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A free port on 127.0.0.1 (the server is told to listen on it). */
import { freeLoopbackPort as freePort } from "../../prisma/tools/postgres-server";
export { freePort };

export type AppServer = {
  url: string;
  port: number;
  pid: number;
  /** Everything the server printed, in chunks as they came. */
  logs: string[];
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** SIGTERM (the server drains), SIGKILL after `graceMs`; resolves once it has exited. */
  stop: (graceMs?: number) => Promise<void>;
};

/**
 * Starts the server as `npm start` does (the script's environment, `node <its flags> build/server/index.js`)
 * with `env` (plus PATH, NODE_ENV=production unless given, and PORT) and waits until GET /healthz
 * answers 200. `onLog` receives each line it prints.
 */
export async function startAppServer(options: {
  env: Record<string, string>;
  port: number;
  onLog?: (line: string) => void;
}): Promise<AppServer> {
  const logs: string[] = [];
  const start = serverStart(ROOT);
  const child = spawn(process.execPath, start.args, {
    cwd: ROOT,
    // Loopback only: these servers are for tests, benchmarks and the demo on this machine.
    env: {
      NODE_ENV: "production",
      PATH: process.env.PATH ?? "",
      HOST: "127.0.0.1",
      ...start.env,
      ...options.env,
      PORT: String(options.port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  // onLog gets whole lines only: a pipe chunk may end in the middle of one.
  const collect = (stream: NodeJS.ReadableStream) => {
    let partial = "";
    stream.on("data", (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      logs.push(text);
      const lines = (partial + text).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) if (line.trim()) options.onLog?.(line);
    });
    stream.on("end", () => {
      if (partial.trim()) options.onLog?.(partial);
    });
  };
  collect(child.stdout);
  collect(child.stderr);

  const stop = async (graceMs = 10_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    await exited;
    clearTimeout(timer);
  };

  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + SERVER_READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`The app server exited with code ${child.exitCode}:\n${logs.join("")}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop(0);
      throw new Error(
        `The app server did not answer /healthz within ${SERVER_READY_TIMEOUT_MS / 1000} s:\n${logs.join("")}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, port: options.port, pid: child.pid!, logs, exited, stop };
}

/**
 * The production build on a free port with a fresh migrated database, throw-away secrets and no
 * worker: for tests whose requests are all answered before the app would talk to the courier.
 */
export async function startRefusingAppServer(name: string): Promise<{ app: AppServer; database: TempDatabase }> {
  ensureProductionBuild();
  const database = migratedTempDatabase(`${name}-`);
  const port = await freePort();
  const app = await startAppServer({
    port,
    env: {
      SHOPIFY_API_KEY: `${name}-api-key`,
      SHOPIFY_API_SECRET: randomBytes(24).toString("base64url"),
      SHOPIFY_APP_URL: `http://127.0.0.1:${port}`,
      SCOPES: TEST_SCOPES,
      DATABASE_URL: database.url,
      ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      WORKER_ENABLED: "false",
      LOG_LEVEL: "error",
      // Never called: every request is refused before the app would talk to the courier.
      ...localCourierEnv("http://127.0.0.1:9"),
    },
  });
  return { app, database };
}
