import { describe, expect, it } from "vitest";
import { samplePeakRss, vmRssMb } from "./peak-rss";

describe("vmRssMb", () => {
  it.each([
    { status: "Name:\tnode\nVmPeak:\t  900000 kB\nVmRSS:\t  204800 kB\nRssAnon:\t 1 kB\n", mb: 200 },
    { status: "Name:\tnode\nState:\tZ (zombie)\n", mb: null },
  ])("$mb MiB", ({ status, mb }) => {
    expect(vmRssMb(status)).toBe(mb);
  });
});

describe("samplePeakRss", () => {
  it("samples a live process (this one) and ignores one that does not exist", () => {
    const rss = samplePeakRss(60_000);
    expect(rss.peakMb()).toBeNull();
    rss.track(2 ** 22 + 1); // above Linux's pid_max limit: no such process
    expect(rss.peakMb()).toBeNull();
    rss.track(process.pid);
    const peak = rss.peakMb();
    rss.stop();
    expect(peak).toBeGreaterThan(10);
    expect(peak).toBeLessThan(process.memoryUsage().rss / 1024 / 1024 + 100);
  });
});
