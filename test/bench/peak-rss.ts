/**
 * The app server's peak resident memory, sampled from outside every second: VmRSS of each tracked
 * process in /proc/<pid>/status (Linux). A benchmark whose server restarts tracks the new process too;
 * the peak is the largest sample of any of them.
 */
import { readFileSync } from "node:fs";

export const RSS_SAMPLE_INTERVAL_MS = 1_000;

/** VmRSS in MiB from the text of /proc/<pid>/status, or null when the line is missing (a zombie). */
export function vmRssMb(status: string): number | null {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  return match ? Number(match[1]) / 1024 : null;
}

function sampleOf(pid: number): number | null {
  try {
    return vmRssMb(readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return null; // the process has exited (or this is not Linux)
  }
}

export type PeakRss = {
  track(pid: number): void;
  /** The largest sample so far, in MiB with one decimal (null when no sample was taken). */
  peakMb(): number | null;
  stop(): void;
};

export function samplePeakRss(intervalMs = RSS_SAMPLE_INTERVAL_MS): PeakRss {
  const pids = new Set<number>();
  let peak: number | null = null;
  const sample = () => {
    for (const pid of pids) {
      const mb = sampleOf(pid);
      if (mb === null) continue;
      peak = Math.max(peak ?? 0, mb);
    }
  };
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    track(pid) {
      pids.add(pid);
      sample();
    },
    peakMb() {
      sample();
      return peak === null ? null : Math.round(peak * 10) / 10;
    },
    stop: () => clearInterval(timer),
  };
}
