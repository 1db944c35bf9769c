import { describe, expect, it } from "vitest";
import { readableLine } from "~/logging/readable-line";

const TIME = "2026-11-25T08:15:30.123Z";

describe("readableLine", () => {
  it.each([
    {
      name: "time, level, message",
      entry: { level: "info", time: TIME, pid: 1, hostname: "h", msg: "App server listening" },
      line: "08:15:30.123 INFO  App server listening\n",
    },
    {
      name: "component and fields",
      entry: { level: "warn", time: TIME, component: "jobs", msg: "Job failed", jobId: "j1", attempt: 2 },
      line: '08:15:30.123 WARN  [jobs] Job failed {"jobId":"j1","attempt":2}\n',
    },
    {
      name: "an error's stack on the lines below",
      entry: {
        level: "error",
        time: TIME,
        msg: "Unhandled",
        err: { type: "Error", message: "m", stack: "Error: m\n at f" },
      },
      line: "08:15:30.123 ERROR Unhandled\n  Error: m\n   at f\n",
    },
    {
      name: "an error without a stack",
      entry: { level: "warn", time: TIME, msg: "Could not", err: { type: "string", message: "hang up" } },
      line: "08:15:30.123 WARN  Could not\n  hang up\n",
    },
  ])("$name", ({ entry, line }) => {
    expect(readableLine(`${JSON.stringify(entry)}\n`)).toBe(line);
  });

  it("passes a line that is not JSON through", () => {
    expect(readableLine("plain text")).toBe("plain text\n");
  });
});
