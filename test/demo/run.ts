/**
 * The demo's script: start the stack, then each step in order, each checking its own outcome; the
 * first failed step ends the run (later steps build on it). Returns what happened; the caller
 * (demo.ts) decides about exit codes, `--keep` and cleanup.
 */
import { CheckFailed, createContext, type DemoContext, type DemoStep } from "./context";
import type { Cleanup } from "./cleanup";
import { startDemoStack, TIME_SCALE, type DemoStack } from "./stack";
import { checkoutQuote } from "./steps/checkout-quote";
import { courierDelivers } from "./steps/courier-delivers";
import { exchangeRoundTrip } from "./steps/exchange-round-trip";
import { installAndSetUp } from "./steps/install-and-set-up";
import { localDeliveryStore } from "./steps/local-delivery-store";
import { noDriverRaises } from "./steps/no-driver-raises";
import { orderPaid } from "./steps/order-paid";
import { returnAndCancel } from "./steps/return-and-cancel";
import { staffActions } from "./steps/staff-actions";
import { summary } from "./steps/summary";
import { insightsFigures } from "./steps/insights";
import type { Reporter, StepResult } from "./ui";

export const START_STEP = "Start the courier sandbox, Shopify and the app";
export const DEMO_STEPS: readonly DemoStep[] = [
  installAndSetUp,
  checkoutQuote,
  orderPaid,
  courierDelivers,
  returnAndCancel,
  staffActions,
  noDriverRaises,
  exchangeRoundTrip,
  localDeliveryStore,
  summary,
  insightsFigures,
];

export type DemoOutcome = {
  ok: boolean;
  steps: (StepResult & { skipped?: true })[];
  checks: string[];
  stack: DemoStack | null;
  /** The step that failed, with why. */
  failure: string | null;
};

function messageOf(error: unknown): string {
  if (error instanceof CheckFailed) return error.message;
  if (error instanceof Error) return `${error.name === "Error" ? "" : `${error.name}: `}${error.message}`;
  return String(error);
}

export async function runDemo(reporter: Reporter, cleanup: Cleanup, interrupted: () => boolean): Promise<DemoOutcome> {
  const names = [START_STEP, ...DEMO_STEPS.map((s) => s.name)];
  reporter.plan("Same-day delivery for Shopify — the whole app on this machine (127.0.0.1 only, no accounts)", names);
  const results: DemoOutcome["steps"] = [];
  const checks: string[] = [];
  let stepChecks = 0;
  let stack: DemoStack | null = null;
  let context: DemoContext | null = null;

  const runStep = async (index: number, name: string, work: () => Promise<void>): Promise<boolean> => {
    reporter.stepStarted(index, name);
    stepChecks = 0;
    const started = performance.now();
    let error: string | undefined;
    try {
      if (interrupted()) throw new Error("interrupted");
      await work();
    } catch (caught) {
      error = messageOf(caught);
    }
    const ok = error === undefined && !interrupted();
    const result: StepResult = {
      name,
      ok,
      ms: Math.round(performance.now() - started),
      checks: stepChecks,
      ...(ok ? {} : { error: error ?? "interrupted" }),
    };
    reporter.stepFinished(index, result);
    results.push(result);
    return result.ok;
  };

  let ok = await runStep(0, START_STEP, async () => {
    stack = await startDemoStack(cleanup, (line) => reporter.line(line));
    const s: DemoStack = stack;
    reporter.line(
      `Courier sandbox  ${s.sandbox.url}  (time ×${TIME_SCALE}: a delivery in ~${Math.round(165 / TIME_SCALE)} s)`,
    );
    reporter.line(`Shopify stand-in ${s.served.url}  (Admin GraphQL 2026-10; the app reaches it through HTTPS_PROXY)`);
    reporter.line(`App server       ${s.appUrl}  (node build/server/index.js, pid ${s.app.pid}, worker in-process)`);
    reporter.line(`Database         ${s.tempDir}/demo.sqlite`);
    context = createContext(
      s,
      (text) => reporter.line(text),
      (done, total, label) => reporter.progress(done, total, label),
      (what) => {
        checks.push(what);
        stepChecks += 1;
        reporter.checked(what);
      },
    );
  });

  for (const [i, step] of DEMO_STEPS.entries()) {
    if (!ok || !context) {
      results.push({ name: step.name, ok: false, ms: 0, checks: 0, skipped: true });
      continue;
    }
    const ctx: DemoContext = context;
    ok = await runStep(i + 1, step.name, () => step.run(ctx));
  }
  reporter.clear();
  const failed = results.find((r) => !r.ok && !r.skipped);
  return { ok, steps: results, checks, stack, failure: failed ? `${failed.name}: ${failed.error ?? "failed"}` : null };
}
