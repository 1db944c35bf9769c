import { describe, expect, it } from "vitest";
import { createLogger } from "~/logging/logger.server";
import { jobOutcomeOf } from "./harness";

/** A line as the production server writes it: the app's logger, JSON format, component "jobs". */
function productionLine(level: "info" | "warn" | "error", message: string, fields: Record<string, unknown>): string {
  const lines: string[] = [];
  const logger = createLogger("info", {
    format: "json",
    destination: { write: (line: string) => void lines.push(line) },
  });
  logger.child({ component: "jobs" })[level](fields, message);
  return lines[0]!.trimEnd();
}

describe("jobOutcomeOf", () => {
  it.each([
    {
      line: productionLine("info", "Job done", { jobId: "j1", kind: "dispatch.order", ms: 12 }),
      outcome: { outcome: "done", kind: "dispatch.order", error: "?" },
    },
    {
      line: productionLine("warn", "Job failed; it will be retried", { kind: "tracking.apply", error: "throttled" }),
      outcome: { outcome: "retry", kind: "tracking.apply", error: "throttled" },
    },
    {
      line: productionLine("error", "Job is dead: it will not be retried until staff retry it", {
        kind: "x",
        error: "boom",
      }),
      outcome: { outcome: "dead", kind: "x", error: "boom" },
    },
    { line: productionLine("warn", "Could not claim a job; trying again after the poll interval", {}), outcome: null },
    {
      line: productionLine("info", "Job done", {}).replace('"component":"jobs"', '"component":"server"'),
      outcome: null,
    },
    { line: "App server listening on 127.0.0.1:3000", outcome: null },
    { line: "{not json", outcome: null },
  ])("$line", ({ line, outcome }) => {
    expect(jobOutcomeOf(line)).toEqual(outcome);
  });
});
