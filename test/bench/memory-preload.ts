/**
 * Loaded into the app process by a benchmark run with `-- --memory <dir>` (`--import`, see
 * harness.ts): where the memory goes. Every half second it samples process.memoryUsage() and the V8
 * heap spaces into <dir>/memory-<pid>.jsonl; while the V8 sampling heap profiler runs, each new peak
 * of the resident size (over 150 MiB, at most every 5 s) writes <dir>/peak-<pid>.heapprofile: the
 * allocations still alive at that peak, by stack (open it in Chrome DevTools' Memory tab). Imports
 * nothing from the project: Node runs it with type stripping before the app's own code.
 */
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import path from "node:path";
import { getHeapSpaceStatistics } from "node:v8";

const dir = process.env.BENCH_MEMORY_DIR;
const SAMPLE_MS = 500;
const PROFILE_FROM_MB = 150;
const PROFILE_EVERY_MS = 5_000;
const MB = 1024 * 1024;
const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

if (dir) {
  mkdirSync(dir, { recursive: true });
  const samples = path.join(dir, `memory-${process.pid}.jsonl`);
  const session = new Session();
  session.connect();
  session.post("HeapProfiler.enable");
  session.post("HeapProfiler.startSampling", { samplingInterval: 64 * 1024 });
  let peakRss = 0;
  let lastProfileAt = 0;
  const started = Date.now();
  const timer = setInterval(() => {
    const usage = process.memoryUsage();
    // Per V8 heap space: [used, committed] in MiB (committed pages are what the resident size sees).
    const spaces: Record<string, [number, number]> = {};
    for (const space of getHeapSpaceStatistics())
      if (space.space_size > 0) spaces[space.space_name] = [mb(space.space_used_size), mb(space.physical_space_size)];
    appendFileSync(
      samples,
      `${JSON.stringify({
        t_s: Math.round((Date.now() - started) / 100) / 10,
        rss: mb(usage.rss),
        heap_total: mb(usage.heapTotal),
        heap_used: mb(usage.heapUsed),
        external: mb(usage.external),
        array_buffers: mb(usage.arrayBuffers),
        spaces,
      })}\n`,
    );
    if (usage.rss <= peakRss) return;
    peakRss = usage.rss;
    if (mb(usage.rss) < PROFILE_FROM_MB || Date.now() - lastProfileAt < PROFILE_EVERY_MS) return;
    lastProfileAt = Date.now();
    session.post("HeapProfiler.getSamplingProfile", (error, result) => {
      if (error) return;
      writeFileSync(path.join(dir, `peak-${process.pid}.heapprofile`), JSON.stringify(result.profile));
      writeFileSync(
        path.join(dir, `peak-${process.pid}.json`),
        JSON.stringify({ rss: mb(usage.rss), heap_used: mb(usage.heapUsed), external: mb(usage.external) }),
      );
    });
  }, SAMPLE_MS);
  timer.unref();
}
