import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

/**
 * Benchmark plumbing for the real app: the production build (built when missing or older than the
 * sources), a migrated SQLite file, and `node build/server/index.js` as a child process.
 */

export const ROOT = path.resolve(import.meta.dirname, "..", "..");
const SERVER_BUILD = path.join(ROOT, "build", "server", "index.js");
const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Runs `remix build` when build/ is missing, lacks `mustContain`, or is older than app/. */
export function ensureBuild(mustContain: string, log: (line: string) => void): void {
  const stale =
    !existsSync(SERVER_BUILD) ||
    !readFileSync(SERVER_BUILD, "utf8").includes(mustContain) ||
    statSync(SERVER_BUILD).mtimeMs < newestMtime(path.join(ROOT, "app"));
  if (!stale) {
    log("Using the existing production build (build/ is newer than app/).");
    return;
  }
  log("Building the app (npx remix build)...");
  execFileSync(bin("remix"), ["build"], { cwd: ROOT, stdio: ["ignore", process.stderr, process.stderr] });
}

export function migrate(databaseUrl: string): void {
  execFileSync(bin("prisma"), ["migrate", "deploy", "--config", path.join(ROOT, "prisma", "prisma.config.ts")], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
    stdio: ["ignore", "ignore", process.stderr],
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export type AppServer = { url: string; stop(): Promise<void> };

/** Starts the built server with exactly `env` (plus PATH) and waits until /healthz answers 200. */
export async function startAppServer(env: Record<string, string> & { NODE_ENV: "development" | "production" | "test" }, port: number, log: (line: string) => void): Promise<AppServer> {
  const child: ChildProcess = spawn(process.execPath, [SERVER_BUILD], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) log(`[app] ${line}`);
  };
  child.stdout?.on("data", forward);
  child.stderr?.on("data", forward);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("The app server did not become healthy within 30 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
