/**
 * What every chaos scenario works with (the app, its database, the courier sandbox and the Shopify
 * stand-in in their processes, the seeded generator) and what they share: waiting until the app
 * has finished its work (read from its database, as bench:events does), and the sampler that
 * watches the shipments' states for backwards moves.
 */
import type { Db } from "~/db/client.server";
import { round1, sleep, type Bench, type CourierProcess, type ShopifyProcess } from "../bench/harness";
import type { ChaosApp } from "./app-process";
import type { DispatchOutcome, TrackingOutcome } from "./outcomes";
import type { ChaosKnobs } from "./knobs";
import { regressionsBetween, type Regression } from "./truth";

export type ChaosContext = {
  bench: Bench;
  knobs: ChaosKnobs;
  random: () => number;
  app: ChaosApp;
  db: Db;
  courier: CourierProcess;
  shopify: ShopifyProcess;
  say: (line: string) => void;
};

/** How often the chaos run reads the app's database while it works (a read beside the app's WAL writes). */
export const POLL_MS = 2_000;

/**
 * Polls `check` every POLL_MS until it says done, printing its status every 10 s; gives up after
 * `limitMs` (the returned `done` is then false, and the scenario's figures show what is missing).
 */
export async function waitForApp(
  ctx: ChaosContext,
  what: string,
  limitMs: number,
  check: () => Promise<{ done: boolean; status: string }>,
): Promise<{ done: boolean; seconds: number }> {
  const started = Date.now();
  let lastPrint = started;
  for (;;) {
    const { done, status } = await check();
    const seconds = round1((Date.now() - started) / 1000);
    if (done) {
      ctx.say(`  ${what}: done after ${seconds} s (${status})`);
      return { done: true, seconds };
    }
    if (Date.now() - started > limitMs) {
      ctx.say(`  ${what}: NOT DONE within ${limitMs / 1000} s (${status})`);
      return { done: false, seconds };
    }
    if (Date.now() - lastPrint >= 10_000) {
      lastPrint = Date.now();
      ctx.say(`  t=${seconds}s ${what}: ${status}`);
    }
    await sleep(POLL_MS);
  }
}

/** Jobs not finished yet (queued or running, including leases of a killed process not yet taken over). */
export async function unfinishedJobs(db: Db, kinds?: string[]): Promise<number> {
  return db.job.count({ where: { state: { in: ["queued", "running"] }, ...(kinds ? { kind: { in: kinds } } : {}) } });
}

/**
 * Reads every shipment's state every POLL_MS while running and records each backwards move between
 * two readings (a final state that changed, or an earlier state than the last one seen).
 */
export function startStateSampler(db: Db) {
  let previous = new Map<string, string>();
  const found: Regression[] = [];
  let samples = 0;
  let running = true;
  const sampleOnce = async () => {
    const rows = await db.shipment.findMany({
      where: { courierShipmentId: { not: null } },
      select: { courierShipmentId: true, state: true },
    });
    const next = new Map(rows.map((r) => [r.courierShipmentId!, r.state]));
    found.push(...regressionsBetween(previous, next));
    previous = next;
    samples += 1;
  };
  const loop = (async () => {
    while (running) {
      try {
        await sampleOnce();
      } catch {
        // The database is busy (the app is restarting or checkpointing): the next reading catches up.
      }
      await sleep(POLL_MS);
    }
  })();
  return {
    regressions: () => [...found],
    samples: () => samples,
    async stop() {
      running = false;
      await loop;
      await sampleOnce();
    },
  };
}

/** What a scenario reports; chaos.ts adds the scenarios up. */
export type ScenarioResult = {
  name: string;
  /** Null when the scenario dispatched nothing of its own. */
  dispatch: DispatchOutcome | null;
  tracking: TrackingOutcome | null;
  /** Courier event posts (repeats included). */
  events: number;
  /** The scenario's own figures, printed and kept in the JSON line. */
  figures: Record<string, unknown>;
};

/** Runs `step` every 5–15 s (seeded) until stopped; returns how often it ran. */
export function everyFewSeconds(ctx: ChaosContext, step: () => Promise<void>) {
  let runs = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const due = Date.now() + 5_000 + Math.floor(ctx.random() * 10_000);
      while (running && Date.now() < due) await sleep(250);
      if (!running) break;
      await step();
      runs += 1;
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return runs;
    },
  };
}
