/**
 * `npm run demo` as CI runs it: `tsx test/demo/demo.ts --json` in a child process (it builds the app
 * when build/ is missing or stale, starts the courier sandbox, the Shopify stand-in and the production
 * server, and plays every step); it must exit 0 with `{"ok": true, ...}` as its last line. Also the
 * demo's own plumbing: cleanup order, checks and waits, the progress bar.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/app-server";
import { createCleanup } from "./cleanup";
import { CheckFailed, createContext, type DemoContext } from "./context";
import type { DemoStack } from "./stack";
import { DEMO_STEPS, START_STEP } from "./run";
import { progressBar } from "./ui";

/**
 * The whole demo, build included, on a busy 2-core machine; up to 70 s of it wait in real time for
 * the no-driver watchdog's second look (steps/no-driver-raises.ts).
 */
const DEMO_TIMEOUT_MS = 180_000;
const TSX_CLI = path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");

type DemoRun = { code: number | null; stdout: string; stderr: string };

function runDemoProcess(args: string[]): Promise<DemoRun> {
  return new Promise((resolve, reject) => {
    // Not the test environment (NODE_ENV=test, the test's DATABASE_URL...): the demo makes its own.
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: "production",
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      TMPDIR: process.env.TMPDIR ?? "/tmp",
      NO_COLOR: "1",
    };
    const child = spawn(process.execPath, [TSX_CLI, path.join("test", "demo", "demo.ts"), ...args], {
      cwd: ROOT,
      env,
      stdio: "pipe",
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    // SIGTERM lets the demo stop what it started; SIGKILL if it does not within 10 s.
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
    }, DEMO_TIMEOUT_MS);
    child.once("error", reject);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe("npm run demo", () => {
  it(
    "plays every step, checks each outcome, and ends with ok:true as the last line",
    async () => {
      const run = await runDemoProcess(["--json"]);
      const output = `${run.stdout}\n${run.stderr}`;
      const last = run.stdout.trim().split("\n").at(-1) ?? "";
      const result = JSON.parse(last) as { ok: boolean; steps: { name: string; ok: boolean; ms: number }[] };
      expect(
        result.steps.filter((s) => !s.ok).map((s) => s.name),
        output,
      ).toEqual([]);
      expect(result.steps.map((s) => s.name)).toEqual([START_STEP, ...DEMO_STEPS.map((s) => s.name)]);
      expect(result.steps.every((s) => Number.isInteger(s.ms) && s.ms >= 0)).toBe(true);
      expect(result.ok).toBe(true);
      expect(run.code, output).toBe(0);
      expect(run.stdout).toContain("Every step did what it should.");
      expect(run.stdout).toMatch(/Shipments page: http:\/\/127\.0\.0\.1:\d+\/app\/shipments/);
    },
    DEMO_TIMEOUT_MS + 15_000,
  );
});

describe("the demo's plumbing", () => {
  it("stops what it started in reverse order, once, even when one closer fails", async () => {
    const stopped: string[] = [];
    const failures: string[] = [];
    const cleanup = createCleanup((name) => failures.push(name));
    cleanup.add("sandbox", () => void stopped.push("sandbox"));
    cleanup.add("stand-in", () => {
      throw new Error("already closed");
    });
    cleanup.add("app", async () => void stopped.push("app"));
    await Promise.all([cleanup.run(), cleanup.run()]);
    await cleanup.run();
    expect(stopped).toEqual(["app", "sandbox"]);
    expect(failures).toEqual(["stand-in"]);
  });

  it("records a check that holds and fails the step with the expectation and its detail otherwise", async () => {
    const checked: string[] = [];
    const ctx: DemoContext = createContext(
      {} as DemoStack,
      () => undefined,
      () => undefined,
      (what) => checked.push(what),
    );
    ctx.check(true, "the order is fulfilled");
    expect(checked).toEqual(["the order is fulfilled"]);
    expect(() => ctx.check(false, "the order is tagged", () => "tags: none")).toThrow(
      new CheckFailed("the order is tagged (tags: none)"),
    );
    await expect(
      ctx.waitFor("two shipments", () => null, { timeoutMs: 30, intervalMs: 5, describe: () => "one booked" }),
    ).rejects.toThrow("two shipments: not seen within 0.03 s (one booked)");
    let calls = 0;
    expect(await ctx.waitFor("the third call", () => (++calls === 3 ? calls : false), { intervalMs: 1 })).toBe(3);
  });

  it.each([
    [0, 10, "[░░░░░░░░░░]   0%"],
    [5, 10, "[█████░░░░░]  50%"],
    [12, 10, "[██████████] 100%"],
    [3, 0, "[░░░░░░░░░░]   0%"],
  ])("draws %i of %i as %s", (done, total, bar) => {
    expect(progressBar(done, total, 10)).toBe(bar);
  });
});
