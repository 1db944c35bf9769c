import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { appLoopDelay, conditionsLine, loopDelayEnv, ownLoopDelay } from "./loop-delay";

describe("event-loop delay beside the figures", () => {
  it("reads a child's delay by signal, phase by phase: a blocked loop shows, a quiet one does not", async () => {
    // The child blocks its loop for 300 ms once told to on stdin, and otherwise idles until killed. It
    // says so from a later timer: the monitor's own timer, due during the block, has recorded it by then.
    const script = `
      process.stdin.on("data", () => { const until = Date.now() + 300; while (Date.now() < until); setTimeout(() => process.stdout.write("blocked\\n"), 50); });
      setInterval(() => {}, 1000);
      process.stdout.write("ready\\n");`;
    const child = spawn(process.execPath, ["-e", script], {
      env: { ...process.env, ...loopDelayEnv() },
      stdio: ["pipe", "pipe", "pipe"],
    });
    try {
      const reader = appLoopDelay(() => child.pid!);
      let partial = "";
      child.stderr.on("data", (chunk: Buffer) => {
        const lines = (partial + chunk.toString()).split("\n");
        partial = lines.pop() ?? "";
        for (const line of lines) reader.onLog(line);
      });
      const stdoutLine = (text: string) =>
        new Promise<void>((resolve) =>
          child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes(text) && resolve()),
        );
      await stdoutLine("ready");
      await reader.read(); // from the start: discarded

      child.stdin.write("go\n");
      await stdoutLine("blocked");
      const blocked = await reader.read();
      expect(blocked).not.toBeNull();
      expect(blocked!.max_ms).toBeGreaterThanOrEqual(250);

      // The next phase starts after the block: its readings do not carry it.
      const quiet = await reader.read();
      expect(quiet).not.toBeNull();
      expect(quiet!.max_ms).toBeLessThan(blocked!.max_ms);
    } finally {
      child.kill();
    }
  });

  it("reads null from a process that is gone, and prints both delays and the load", async () => {
    const reader = appLoopDelay(() => 2 ** 22 + 12_345);
    expect(await reader.read()).toBeNull();
    const own = ownLoopDelay();
    const line = conditionsLine(null, own.read(), { load1: 1.5, cores: 2 });
    own.stop();
    expect(line).toMatch(
      /^event-loop delay: app not read; load generator p50 [\d.]+ \/ p99 [\d.]+ \/ max [\d.]+ ms; machine load 1.5 on 2 cores$/,
    );
  });
});
