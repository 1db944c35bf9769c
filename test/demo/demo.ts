/**
 * `npm run demo [-- --json] [-- --keep]`: the whole app working on this machine in about a minute,
 * without a Shopify store, a partner account or courier credentials (see run.ts for the script).
 *
 * Exit code 0 only when every step did what it should; 1 naming the failed step otherwise; 130 when
 * interrupted. `--json` ends the output with one line `{"ok", "steps": [{"name", "ok", "ms"}]}`.
 * `--keep` leaves everything running (until Ctrl-C) so the pages can be opened in a browser.
 * Every child process and temporary folder is removed on exit, also after a failure or Ctrl-C.
 */
import { parseArgs } from "node:util";
import { createCleanup } from "./cleanup";
import { DEMO_STEPS, runDemo, type DemoOutcome } from "./run";
import { SHIPMENTS_PAGE } from "./steps/summary";
import { createReporter, type Reporter, type StepResult } from "./ui";

/** How long a URL printed by `--keep` stays valid (its session token). */
const KEEP_TOKEN_TTL_S = 3600;
const USAGE = "usage: npm run demo [-- --json] [-- --keep]";

function parseOptions(): { json: boolean; keep: boolean } {
  try {
    const { values } = parseArgs({
      options: {
        json: { type: "boolean", default: false },
        keep: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    return { json: values.json, keep: values.keep };
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
}

function summaryLines(outcome: DemoOutcome, keep: boolean): string[] {
  const lines = [
    `What was checked (${outcome.checks.length} checks passed, each ✔ above${outcome.failure ? `; failed: ${outcome.failure.split("\n")[0]}` : ""}):`,
  ];
  for (const step of DEMO_STEPS) {
    const result = outcome.steps.find((r) => r.name === step.name);
    if (result?.ok) lines.push(`  ${step.name}: ${step.proves}`);
  }
  const stack = outcome.stack;
  if (!stack) return lines;
  lines.push(`Shipments page: ${stack.appUrl}${SHIPMENTS_PAGE}`);
  if (keep) {
    const client = stack.client;
    lines.push(
      "",
      `Still running (Ctrl-C stops everything). Pages, signed in for ${KEEP_TOKEN_TTL_S / 60} minutes:`,
      `  Shipments  ${client.embeddedUrl(SHIPMENTS_PAGE, KEEP_TOKEN_TTL_S)}`,
      `  Home       ${client.embeddedUrl("/app", KEEP_TOKEN_TTL_S)}`,
      `  Settings   ${client.embeddedUrl("/app/settings", KEEP_TOKEN_TTL_S)}`,
      `  Courier sandbox control API: ${stack.sandbox.url}/__sandbox/stats   App log: ${stack.appLogPath}`,
    );
  }
  return lines;
}

const cleanup = createCleanup((name, error) =>
  console.error(`Stopping the ${name} failed: ${error instanceof Error ? error.message : String(error)}`),
);

/** Whatever goes wrong outside a step still stops every process and removes every folder. */
async function crash(error: unknown): Promise<never> {
  console.error("The demo crashed:", error);
  await cleanup.run();
  process.exit(1);
}
process.on("uncaughtException", (error) => void crash(error));
process.on("unhandledRejection", (error) => void crash(error));

async function main() {
  const options = parseOptions();
  const interactive = Boolean(process.stdout.isTTY) && !options.json;
  const finished: StepResult[] = [];
  const screen = createReporter({
    write: (text) => process.stdout.write(text),
    interactive,
    color: interactive && !process.env.NO_COLOR,
  });
  // The steps finished so far, for the JSON line when the run is interrupted.
  const reporter: Reporter = {
    ...screen,
    stepFinished(index, result) {
      finished.push(result);
      screen.stepFinished(index, result);
    },
  };

  let interrupted = false;
  let release: () => void = () => undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    reporter.clear();
    console.error(`\n${signal}: stopping the demo and everything it started...`);
    release();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  let outcome: DemoOutcome;
  try {
    const run = runDemo(reporter, cleanup, () => interrupted);
    // A signal does not wait for a step that is stuck: cleanup starts at once.
    outcome = await Promise.race([
      run,
      new Promise<never>((_, reject) => (release = () => reject(new Error("interrupted")))),
    ]);
  } catch (error) {
    await cleanup.run();
    if (options.json) {
      const steps = finished.map(({ name, ok, ms }) => ({ name, ok, ms }));
      console.log(JSON.stringify({ ok: false, steps, error: error instanceof Error ? error.message : String(error) }));
    }
    process.exit(interrupted ? 130 : 1);
  }

  reporter.summary(
    outcome.ok ? "Every step did what it should." : "The demo failed.",
    outcome.steps,
    summaryLines(outcome, options.keep && !interrupted),
  );
  if (!outcome.ok && outcome.stack) {
    const tail = outcome.stack.app.logs.join("").trim().split("\n").slice(-15);
    if (tail.length > 0 && tail[0] !== "")
      console.error(`\nLast lines of the app server's log:\n${tail.map((l) => `  ${l}`).join("\n")}`);
  }
  if (options.keep && outcome.stack && !interrupted) await new Promise<void>((resolve) => (release = resolve));
  await cleanup.run();
  if (options.json)
    console.log(JSON.stringify({ ok: outcome.ok, steps: outcome.steps.map(({ name, ok, ms }) => ({ name, ok, ms })) }));
  process.exit(interrupted && !options.keep ? 130 : outcome.ok ? 0 : 1);
}

void main().catch(crash);
