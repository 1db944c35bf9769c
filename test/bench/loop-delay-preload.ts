/**
 * Loaded into a process under measurement (`--import`, see loop-delay.ts): its event-loop delay
 * (perf_hooks.monitorEventLoopDelay), printed as one line on stderr at each SIGUSR2 and then reset,
 * so a benchmark reads the delay of exactly the phase between two signals. Imports nothing from the
 * project: Node runs it with type stripping before the app's own code.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";

/** The line's prefix; loop-delay.ts reads what follows as JSON. Keep the two equal. */
const PREFIX = "bench-loop-delay ";
const NS_PER_MS = 1e6;
const round1 = (ns: number) => Math.round((ns / NS_PER_MS) * 10) / 10;

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();

process.on("SIGUSR2", () => {
  const figures = {
    p50_ms: round1(histogram.percentile(50)),
    p99_ms: round1(histogram.percentile(99)),
    max_ms: round1(histogram.max),
  };
  histogram.reset();
  process.stderr.write(`${PREFIX}${JSON.stringify(figures)}\n`);
});
