/**
 * Event-loop delay and machine load beside each latency figure, so that a miss caused by a busy
 * machine is told apart from a slow app: the delay of the app process (loop-delay-preload.ts, loaded
 * with NODE_OPTIONS and read by a signal), of the benchmark's own load generator (this process), and
 * the machine's one-minute load average.
 */
import { availableParallelism, loadavg } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import path from "node:path";

const PREFIX = "bench-loop-delay ";
const PRELOAD = path.join(import.meta.dirname, "loop-delay-preload.ts");
const READ_TIMEOUT_MS = 5_000;

export type LoopDelay = { p50_ms: number; p99_ms: number; max_ms: number };

const round1 = (ns: number) => Math.round((ns / 1e6) * 10) / 10;

/** The environment that makes an app process measure its event-loop delay (with `nodeOptions` besides). */
export function loopDelayEnv(nodeOptions = ""): { NODE_OPTIONS: string } {
  return { NODE_OPTIONS: `${nodeOptions} --import=${PRELOAD}`.trim() };
}

/**
 * The delay of an app process started with loopDelayEnv: pass each line it prints to `onLog` (true
 * when the line was a reading, which the caller need not print); `read()` asks for the delay since the
 * last read (or the start) and waits for the answer.
 */
export function appLoopDelay(pid: () => number) {
  const waiting: ((value: LoopDelay) => void)[] = [];
  return {
    onLog(line: string): boolean {
      const at = line.indexOf(PREFIX);
      if (at < 0) return false;
      waiting.shift()?.(JSON.parse(line.slice(at + PREFIX.length)) as LoopDelay);
      return true;
    },
    read(): Promise<LoopDelay | null> {
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          const index = waiting.indexOf(settle);
          if (index >= 0) waiting.splice(index, 1);
          resolve(null);
        }, READ_TIMEOUT_MS);
        const settle = (value: LoopDelay) => {
          clearTimeout(timer);
          resolve(value);
        };
        waiting.push(settle);
        try {
          process.kill(pid(), "SIGUSR2");
        } catch {
          clearTimeout(timer);
          waiting.splice(waiting.indexOf(settle), 1);
          resolve(null);
        }
      });
    },
  };
}

export type AppLoopDelay = ReturnType<typeof appLoopDelay>;

/** This process's own delay (the load generator): `read()` gives the delay since the last read. */
export function ownLoopDelay() {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  return {
    read(): LoopDelay {
      const figures = {
        p50_ms: round1(histogram.percentile(50)),
        p99_ms: round1(histogram.percentile(99)),
        max_ms: round1(histogram.max),
      };
      histogram.reset();
      return figures;
    },
    stop: () => histogram.disable(),
  };
}

/** The worse of two readings, figure by figure: several processes, or several reads of one. */
export function worseLoopDelay(a: LoopDelay | null, b: LoopDelay | null): LoopDelay | null {
  if (!a || !b) return a ?? b;
  return {
    p50_ms: Math.max(a.p50_ms, b.p50_ms),
    p99_ms: Math.max(a.p99_ms, b.p99_ms),
    max_ms: Math.max(a.max_ms, b.max_ms),
  };
}

/** The machine's one-minute load average, and how many cores share it. */
export function machineLoad(): { load1: number; cores: number } {
  return { load1: Math.round(loadavg()[0]! * 100) / 100, cores: availableParallelism() };
}

/** What to print beside a latency figure: "loop delay p99 app 3.1 ms (max 12), load generator …; load 3.4 on 2 cores". */
export function conditionsLine(app: LoopDelay | null, generator: LoopDelay, load = machineLoad()): string {
  const one = (delay: LoopDelay | null) =>
    delay ? `p50 ${delay.p50_ms} / p99 ${delay.p99_ms} / max ${delay.max_ms} ms` : "not read";
  return `event-loop delay: app ${one(app)}; load generator ${one(generator)}; machine load ${load.load1} on ${load.cores} cores`;
}

/** The same, as JSON fields with a phase prefix: `<phase>_app_loop_p99_ms`, … */
export function conditionsFields(phase: string, app: LoopDelay | null, generator: LoopDelay, load = machineLoad()) {
  return {
    [`${phase}_app_loop_p99_ms`]: app?.p99_ms ?? null,
    [`${phase}_app_loop_max_ms`]: app?.max_ms ?? null,
    [`${phase}_gen_loop_p99_ms`]: generator.p99_ms,
    [`${phase}_gen_loop_max_ms`]: generator.max_ms,
    [`${phase}_load1`]: load.load1,
  };
}
