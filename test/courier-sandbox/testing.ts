import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { parseCourierEvent, type CourierEvent } from "~/courier/events";
import type { CreateShipmentRequest, EstimateRequest } from "~/courier/requests";
import { verifyCourierWebhookAuth, type AcceptedCourierWebhookAuth } from "~/courier/webhook-auth.server";

/** Helpers shared by the courier client's and the sandbox's tests. */

/**
 * A clock that runs with real time plus an offset; `sleep` moves the offset forward at once, so a
 * client that "waits" 1 s for Retry-After and a sandbox sharing this clock agree without waiting.
 */
export function shiftableClock(startOffsetMs = 0) {
  let offset = startOffsetMs;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
    },
    sleep: async (ms: number) => {
      offset += ms;
    },
    slept: [] as number[],
  };
}

/** A fetch that counts and records calls, so tests can assert that nothing was sent. */
export function countingFetch(inner: typeof fetch = globalThis.fetch) {
  const calls: { method: string; url: string; body: string | null }[] = [];
  const wrapped = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      method: init?.method ?? "GET",
      url: String(input instanceof Request ? input.url : input),
      body: typeof init?.body === "string" ? init.body : null,
    });
    return inner(input, init);
  }) as typeof fetch;
  return { fetch: wrapped, calls };
}

const minutes = (now: Date, n: number) => new Date(now.getTime() + n * 60_000).toISOString();

export function estimateRequest(now: Date, overrides: Partial<EstimateRequest> = {}): EstimateRequest {
  return {
    items: [{ description: "Box of candles", length: 10, width: 8, height: 6, weight: 4, quantity: 2, value: 12.5 }],
    pickup_location: { address: { street1: "1 Market St", city: "San Francisco", state: "CA", zip: "94103" } },
    delivery_location: { address: { street1: "500 Valencia St", city: "San Francisco", state: "CA", zip: "94110" } },
    pickup_after: minutes(now, 5),
    deliver_between: { start: minutes(now, 5), end: minutes(now, 125) },
    ...overrides,
  };
}

/** A valid create request whose delivery window starts within 30 minutes (automatic progression). */
export function createRequest(now: Date, overrides: Partial<CreateShipmentRequest> = {}): CreateShipmentRequest {
  return {
    reference_id: "order-1001",
    description: "Fragile: candles",
    items: [
      { description: "Box of candles", reference_id: "SKU-1", length: 10, width: 8, height: 6, weight: 4, quantity: 2 },
    ],
    pickup_location: {
      address: { name: "Candle Shop", street1: "1 Market St", city: "San Francisco", state: "CA", zip: "94103" },
      contact: { name: "Shop Desk", phone: "4155550100" },
    },
    delivery_location: {
      address: { street1: "500 Valencia St", city: "San Francisco", state: "CA", zip: "94110" },
      contact: { name: "Dana Buyer", phone: "4155550199" },
      notes: "Ring twice",
    },
    pickup_after: minutes(now, 5),
    deliver_between: { start: minutes(now, 5), end: minutes(now, 125) },
    options: { signature_required: true, decline_insurance: false },
    ...overrides,
  };
}

export type ReceivedEvent = { event: CourierEvent; headers: IncomingMessage["headers"] };

/**
 * A tiny webhook receiver on 127.0.0.1 that authenticates with verifyCourierWebhookAuth and parses
 * with parseCourierEvent, as the app's route will: 401 for bad auth, 400 for a bad body, 200 otherwise.
 */
export async function startWebhookReceiver(accepted: AcceptedCourierWebhookAuth, opts: { failFirst?: number } = {}) {
  let failuresLeft = opts.failFirst ?? 0;
  const received: ReceivedEvent[] = [];
  const refused: { status: number; reason: string }[] = [];
  const waiters: { predicate: () => boolean; resolve: () => void }[] = [];
  const check = () => {
    for (const waiter of [...waiters]) {
      if (waiter.predicate()) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        refused.push({ status: 500, reason: "injected" });
        res.writeHead(500).end();
        return;
      }
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(key, value);
      if (!verifyCourierWebhookAuth(headers, accepted)) {
        refused.push({ status: 401, reason: "auth" });
        res.writeHead(401).end();
        check();
        return;
      }
      const parsed = parseCourierEvent(Buffer.concat(chunks).toString("utf8"));
      if (!parsed.ok) {
        refused.push({ status: 400, reason: parsed.reason });
        res.writeHead(400).end();
        check();
        return;
      }
      received.push({ event: parsed.event, headers: req.headers });
      res.writeHead(200).end();
      check();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/courier/webhooks`,
    received,
    refused,
    eventsFor: (shipmentId: string) => received.map((r) => r.event).filter((e) => e.shipmentId === shipmentId),
    waitFor(predicate: () => boolean, timeoutMs = 5_000): Promise<void> {
      if (predicate()) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("timed out waiting for webhooks")), timeoutMs);
        waiters.push({
          predicate,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
