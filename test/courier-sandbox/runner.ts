import { SANDBOX_AUTO_PROGRESS_WITHIN_MS, SANDBOX_FIRST_EVENT_AFTER_S } from "~/courier/limits";
import type { AccountOptions, SandboxShipment, WebhookEvent } from "./model";
import { applyStep, createdEvent, expire, repostedEvent, stepsFor, type StepContext } from "./progression";
import { outcomeFor, timingFrom } from "./commands";
import { repostOf } from "./shipments";
import type { Scheduler } from "./scheduler";

/**
 * Drives shipments through their steps on the sandbox scheduler: the first event about 30 s after
 * creation, then one step per interval (15 s, or the description's `--timing N`), for shipments
 * whose deliver_between.start was less than 30 minutes away at creation. Every other shipment
 * waits for a driver that never comes and expires at deliver_between.end (unless a test drives it
 * with `advance`).
 */

export const FINAL_STATES = new Set(["delivered", "returned", "canceled", "expired"]);

export type RunnerDeps = {
  shipments: Map<number, SandboxShipment>;
  account: (token: string) => AccountOptions;
  clock: () => Date;
  scheduler: Scheduler;
  baseUrl: () => string;
  nextId: () => number;
  emit: (shipment: SandboxShipment, events: WebhookEvent[]) => void;
};

export function isAutomatic(request: SandboxShipment["request"], now: Date): boolean {
  return Date.parse(request.deliver_between.start) - now.getTime() < SANDBOX_AUTO_PROGRESS_WITHIN_MS;
}

/** What a driver would earn: the sandbox's price already holds `extra_compensation` (geo.ts, priceFor). */
export function payoutOf(s: SandboxShipment): number {
  return s.price;
}

/**
 * Whether drivers take the shipment now: with a driver pool, once its payout reaches the pool's
 * minimum (until a first driver accepted; after that the steps run as planned); without, the
 * 30-minute rule decided at creation.
 */
export function driversTake(s: SandboxShipment, account: AccountOptions): boolean {
  const pool = account.driverPool;
  if (!pool || s.driverCount > 0) return s.auto;
  return payoutOf(s) >= pool.minimumPayout;
}

export function createRunner(deps: RunnerDeps) {
  const timers = new Map<number, () => void>();

  const context = (s: SandboxShipment): StepContext => {
    const batch = s.request.delivery_batch?.reference_id;
    const related = batch
      ? [...deps.shipments.values()].filter(
          (r) => r.token === s.token && r.request.delivery_batch?.reference_id === batch,
        )
      : [];
    return { now: deps.clock(), account: deps.account(s.token), baseUrl: deps.baseUrl(), related };
  };

  const stop = (id: number) => {
    timers.get(id)?.();
    timers.delete(id);
  };

  const save = (s: SandboxShipment) => deps.shipments.set(s.id, s);

  function plan(s: SandboxShipment) {
    stop(s.id);
    if (FINAL_STATES.has(s.state)) return;
    if (driversTake(s, deps.account(s.token)) && s.stepIndex < s.steps.length) {
      const delayS = s.stepIndex === 0 ? SANDBOX_FIRST_EVENT_AFTER_S : s.intervalS;
      timers.set(
        s.id,
        deps.scheduler.after(delayS * 1000, () => runStep(s.id)),
      );
    } else if (s.state === "scheduled") {
      const untilDeadline = Date.parse(s.request.deliver_between.end) - deps.clock().getTime();
      timers.set(
        s.id,
        deps.scheduler.after(Math.max(0, untilDeadline), () => expireNow(s.id)),
      );
    }
  }

  function runStep(id: number): SandboxShipment | null {
    timers.delete(id);
    const s = deps.shipments.get(id);
    if (!s || FINAL_STATES.has(s.state) || s.stepIndex >= s.steps.length) return s ?? null;
    const result = applyStep(s, s.steps[s.stepIndex]!, context(s));
    save(result.shipment);
    deps.emit(result.shipment, result.events);
    plan(result.shipment);
    return result.shipment;
  }

  function expireNow(id: number): SandboxShipment | null {
    stop(id);
    const s = deps.shipments.get(id);
    if (!s || FINAL_STATES.has(s.state) || s.state !== "scheduled") return s ?? null;
    const ctx = context(s);
    const result = expire(s, ctx);
    save(result.shipment);
    deps.emit(result.shipment, result.events);
    if (ctx.account.automaticRepost) {
      const fresh = repostOf(result.shipment, deps.nextId(), ctx.now);
      save(fresh);
      save({ ...result.shipment, repostedAs: fresh.id });
      deps.emit(result.shipment, [repostedEvent(fresh, result.shipment, context(fresh))]);
      started(fresh);
    }
    return deps.shipments.get(id) ?? null;
  }

  function started(s: SandboxShipment) {
    if (deps.account(s.token).extraEvents) deps.emit(s, [createdEvent(s, context(s))]);
    plan(s);
  }

  return {
    /** A new shipment: the created event (when enabled), then its progression or expiry timer. */
    started,
    /** Runs the next step now (or expires a shipment that has no driver coming). */
    advance(id: number): SandboxShipment | null {
      stop(id);
      const s = deps.shipments.get(id);
      if (!s || FINAL_STATES.has(s.state)) return s ?? null;
      if (s.stepIndex >= s.steps.length) return expireNow(id);
      return runStep(id);
    },
    expireNow,
    stop,
    /** After an update (only before a driver is assigned): commands, timing and automatic progression are read again. */
    updated(s: SandboxShipment) {
      let next = s;
      if (s.driverCount === 0) {
        const outcome = outcomeFor({
          pickup: s.request.pickup_location.notes,
          delivery: s.request.delivery_location.notes,
        });
        const timing = timingFrom(s.request.description);
        next = {
          ...s,
          outcome,
          steps: stepsFor(outcome),
          stepIndex: 0,
          intervalS: timing === "invalid" ? s.intervalS : timing,
          auto: isAutomatic(s.request, deps.clock()),
        };
        save(next);
      }
      plan(next);
      return next;
    },
    closeAll() {
      for (const cancel of timers.values()) cancel();
      timers.clear();
    },
  };
}

export type Runner = ReturnType<typeof createRunner>;
