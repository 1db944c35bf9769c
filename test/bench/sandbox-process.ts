import { spawn } from "node:child_process";
import path from "node:path";
import type { SandboxOptions, SandboxStats } from "../courier-sandbox/server";
import { ROOT } from "../support/app-server";

/** Starts the courier sandbox as a child process (sandbox-child.ts) and talks to it over IPC. */

export type SandboxProcess = {
  url: string;
  stats(): Promise<SandboxStats>;
  resetStats(): Promise<void>;
  close(): Promise<void>;
};

export async function startSandboxProcess(options: Pick<SandboxOptions, "tokens" | "faults">): Promise<SandboxProcess> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(ROOT, "test", "bench", "sandbox-child.ts"), JSON.stringify(options)],
    { cwd: ROOT, stdio: ["ignore", "inherit", "inherit", "ipc"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let nextId = 1;
  const pending = new Map<number, (stats: SandboxStats) => void>();
  const url = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`The courier sandbox exited with code ${code}`)));
    child.on("message", (message: { url?: string; id?: number; stats?: SandboxStats }) => {
      if (message.url) resolve(message.url);
      if (message.id !== undefined && message.stats) pending.get(message.id)?.(message.stats);
    });
  });
  const ask = (cmd: "stats" | "resetStats") =>
    new Promise<SandboxStats>((resolve) => {
      const id = nextId++;
      pending.set(id, (stats) => {
        pending.delete(id);
        resolve(stats);
      });
      child.send({ id, cmd });
    });
  return {
    url,
    stats: () => ask("stats"),
    resetStats: async () => {
      await ask("resetStats");
    },
    async close() {
      if (child.exitCode !== null) return;
      child.send({ id: 0, cmd: "close" });
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
