import type { Faults, WebhookAuth, WebhookEvent, WebhookTarget } from "./model";
import type { Scheduler } from "./scheduler";

/**
 * Posts `{event, data}` to an account's webhook URL with its configured authentication. Events of
 * one shipment go out in order (one at a time); a non-2xx answer or a network error is retried a
 * few times with growing sandbox-time delays. Fault injection can deliver an event twice or swap
 * consecutive events of a shipment.
 */

export const WEBHOOK_RETRY_DELAYS_S = [1, 4, 16];
const ATTEMPT_TIMEOUT_MS = 5_000;
/** A swapped event waits at most this long (sandbox time) for its successor before going out alone. */
const REORDER_FLUSH_S = 20;

export type WebhookDelivery = {
  event: string;
  shipmentKey: string;
  url: string;
  attempts: number;
  status: number | null;
  delivered: boolean;
  duplicate: boolean;
};

export type WebhookStats = { delivered: number; failed: number; attempts: number; retries: number; duplicates: number };

export function authHeaders(auth: WebhookAuth | null): Record<string, string> {
  if (!auth) return {};
  switch (auth.method) {
    case "bearer":
      return { authorization: `Bearer ${auth.token}` };
    case "basic":
      return { authorization: `Basic ${Buffer.from(`${auth.user}:${auth.password}`, "utf8").toString("base64")}` };
    case "x-api-key":
      return { "x-api-key": auth.token };
  }
}

export function createWebhookSender(deps: { scheduler: Scheduler; random: () => number; faults: () => Faults }) {
  const chains = new Map<string, Promise<void>>();
  const held = new Map<string, { target: WebhookTarget; event: WebhookEvent; cancelFlush: () => void }>();
  const inFlight = new Set<Promise<void>>();
  const log: WebhookDelivery[] = [];
  const controller = new AbortController();
  let stats: WebhookStats = { delivered: 0, failed: 0, attempts: 0, retries: 0, duplicates: 0 };
  let closed = false;

  const wait = (sandboxMs: number) =>
    new Promise<void>((resolve) => {
      const onAbort = () => {
        cancel();
        resolve();
      };
      const cancel = deps.scheduler.after(sandboxMs, () => {
        controller.signal.removeEventListener("abort", onAbort);
        resolve();
      });
      controller.signal.addEventListener("abort", onAbort, { once: true });
    });

  async function post(shipmentKey: string, target: WebhookTarget, event: WebhookEvent, duplicate: boolean) {
    const entry: WebhookDelivery = {
      event: event.event,
      shipmentKey,
      url: target.url,
      attempts: 0,
      status: null,
      delivered: false,
      duplicate,
    };
    log.push(entry);
    if (log.length > 5000) log.shift();
    const body = JSON.stringify(event);
    for (let attempt = 0; attempt <= WEBHOOK_RETRY_DELAYS_S.length && !closed; attempt++) {
      if (attempt > 0) {
        stats.retries += 1;
        await wait(WEBHOOK_RETRY_DELAYS_S[attempt - 1]! * 1000);
        if (closed) break;
      }
      entry.attempts += 1;
      stats.attempts += 1;
      try {
        const response = await fetch(target.url, {
          method: "POST",
          headers: { "content-type": "application/json", "user-agent": "courier-sandbox", ...authHeaders(target.auth) },
          body,
          signal: AbortSignal.any([controller.signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
        });
        await response.arrayBuffer().catch(() => undefined);
        entry.status = response.status;
        if (response.ok) {
          entry.delivered = true;
          stats.delivered += 1;
          return;
        }
      } catch {
        entry.status = null;
      }
    }
    stats.failed += 1;
  }

  function enqueue(shipmentKey: string, target: WebhookTarget, event: WebhookEvent) {
    const duplicate = deps.faults().webhookDuplicateRate > 0 && deps.random() < deps.faults().webhookDuplicateRate;
    const previous = chains.get(shipmentKey) ?? Promise.resolve();
    const next = previous.then(async () => {
      await post(shipmentKey, target, event, false);
      if (duplicate) {
        stats.duplicates += 1;
        await post(shipmentKey, target, event, true);
      }
    });
    chains.set(shipmentKey, next);
    inFlight.add(next);
    void next.finally(() => {
      inFlight.delete(next);
      if (chains.get(shipmentKey) === next) chains.delete(shipmentKey);
    });
  }

  return {
    send(shipmentKey: string, target: WebhookTarget, event: WebhookEvent) {
      if (closed) return;
      if (!deps.faults().webhookReorder) {
        enqueue(shipmentKey, target, event);
        return;
      }
      const waiting = held.get(shipmentKey);
      if (waiting) {
        held.delete(shipmentKey);
        waiting.cancelFlush();
        enqueue(shipmentKey, target, event);
        enqueue(shipmentKey, waiting.target, waiting.event);
        return;
      }
      const cancelFlush = deps.scheduler.after(REORDER_FLUSH_S * 1000, () => {
        const still = held.get(shipmentKey);
        if (!still) return;
        held.delete(shipmentKey);
        enqueue(shipmentKey, still.target, still.event);
      });
      held.set(shipmentKey, { target, event, cancelFlush });
    },
    /** Resolves once every queued event has been delivered or given up. */
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    log: log as readonly WebhookDelivery[],
    stats: () => ({ ...stats }),
    resetStats() {
      stats = { delivered: 0, failed: 0, attempts: 0, retries: 0, duplicates: 0 };
      log.length = 0;
    },
    async close() {
      closed = true;
      for (const entry of held.values()) entry.cancelFlush();
      held.clear();
      controller.abort();
      await Promise.allSettled([...inFlight]);
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
