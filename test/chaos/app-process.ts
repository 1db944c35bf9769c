/**
 * The app server of the chaos run: the production build started as the benchmarks start it
 * (startBenchApp), killed with SIGKILL at seeded moments and started again on the same port and
 * database, as a process manager would. Its peak RSS is sampled across every process it was.
 */
import { worseLoopDelay, type LoopDelay } from "../bench/loop-delay";
import { samplePeakRss, type PeakRss } from "../bench/peak-rss";
import { note, round1, sleep, startBenchApp, type Bench, type BenchApp } from "../bench/harness";

export type ChaosApp = {
  url: string;
  peakRss: PeakRss;
  /**
   * The worst event-loop delay of every process the app was: each is read just before it is killed
   * or stopped, so the figure outlives the process (read after stop() too).
   */
  loopDelay(): Promise<LoopDelay | null>;
  /** SIGKILLs so far. */
  kills(): number;
  /** SIGKILL, then start again; resolves once the new process answers /healthz. */
  killAndRestart(): Promise<{ downMs: number }>;
  /** SIGTERM (the app drains); for reading its database once it is gone. */
  stop(): Promise<void>;
};

export async function startChaosApp(bench: Bench, env: Record<string, string>): Promise<ChaosApp> {
  const peakRss = samplePeakRss();
  bench.defer(() => peakRss.stop());
  let current: BenchApp = await startBenchApp(bench, env);
  peakRss.track(current.pid);
  let kills = 0;
  let running = true;
  let worst: LoopDelay | null = null;
  const readLoopDelay = async () => {
    if (running) worst = worseLoopDelay(worst, await current.loop.read());
    return worst;
  };
  return {
    url: current.url,
    peakRss,
    loopDelay: readLoopDelay,
    kills: () => kills,
    async killAndRestart() {
      await readLoopDelay();
      const killedAt = Date.now();
      process.kill(current.pid, "SIGKILL");
      await current.exited;
      kills += 1;
      current = await startBenchApp(bench, env, { maxPrinted: 10 });
      peakRss.track(current.pid);
      return { downMs: Date.now() - killedAt };
    },
    async stop() {
      await readLoopDelay();
      running = false;
      await current.stop();
    },
  };
}

/** `count` moments in [0, windowMs), sorted, drawn from `random` (the run's seeded generator). */
export function killMoments(count: number, windowMs: number, random: () => number): number[] {
  return Array.from({ length: count }, () => Math.floor(random() * windowMs)).sort((a, b) => a - b);
}

/**
 * Kills the app at each moment (ms after `startedAt`) and restarts it. A moment that comes while
 * the previous restart is under way is taken as soon as the app is up again, so every kill hits a
 * running process.
 */
export async function killAt(
  app: ChaosApp,
  moments: readonly number[],
  startedAt: number,
  say: (line: string) => void,
): Promise<void> {
  for (const moment of moments) {
    const wait = startedAt + moment - Date.now();
    if (wait > 0) await sleep(wait);
    const at = round1((Date.now() - startedAt) / 1000);
    try {
      const { downMs } = await app.killAndRestart();
      say(`  t=${at}s SIGKILL #${app.kills()}; up again after ${round1(downMs / 1000)} s`);
    } catch (error) {
      note(`chaos: restarting the app failed: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
  }
}
