import { randomUUID } from "node:crypto";
import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { courierBaseUrl, UNCONFIGURED_COURIER_BASE_URLS } from "~/courier/base-url";
import { createCourierClient, type CourierClientConfig } from "~/courier/client.server";
import { CourierError, isAddressProblem } from "~/courier/errors";
import { createInProcessRateLimiter } from "~/courier/rate-limiter.server";
import { startCourierSandbox, type CourierSandbox } from "../../courier-sandbox/server";
import { countingFetch, createRequest, estimateRequest, shiftableClock } from "../../courier-sandbox/testing";

/** Contract tests: the real client against the real sandbox, for every operation and every error kind. */

const clock = shiftableClock();
let sandbox: CourierSandbox;

beforeAll(async () => {
  sandbox = await startCourierSandbox({ clock: clock.now, tokens: [] });
});
afterAll(() => sandbox.close());
afterEach(() => sandbox.resetFaults());

function newClient(config: Partial<CourierClientConfig> = {}, account: Parameters<CourierSandbox["addToken"]>[1] = {}) {
  const token = `tok-${randomUUID()}`;
  sandbox.addToken(token, account);
  const counting = countingFetch();
  const sleeps: number[] = [];
  const client = createCourierClient({
    baseUrl: sandbox.url,
    token,
    fetch: counting.fetch,
    limiter: createInProcessRateLimiter({ clock: clock.now, sleep: clock.sleep }),
    clock: clock.now,
    sleep: async (ms) => {
      sleeps.push(ms);
      await clock.sleep(ms);
    },
    random: () => 0.5,
    ...config,
  });
  return { client, token, calls: counting.calls, sleeps };
}

async function failure(promise: Promise<unknown>): Promise<CourierError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CourierError) return error;
    throw error;
  }
  throw new Error("expected a CourierError");
}

/** Steps a sandbox shipment until it reaches `state` (sandbox-side, as a driver would). */
function driveTo(id: string, state: string) {
  for (let i = 0; i < 20 && sandbox.shipment(id)?.state !== state; i++) sandbox.advance(id);
  expect(sandbox.shipment(id)?.state).toBe(state);
}

describe("every operation", () => {
  it("prices an estimate", async () => {
    const { client, calls } = newClient();
    const estimate = await client.estimate(estimateRequest(clock.now()));
    expect(estimate.price).toBeGreaterThan(8);
    expect(estimate.size).toBe("small");
    expect(estimate.estimated_distance).toBeGreaterThan(0);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(`${sandbox.url}/v1/estimates`);
  });

  it("creates, retrieves and lists shipments (ids and reference ids, comma-joined; numeric alternate ids become text)", async () => {
    const { client, calls } = newClient();
    const now = clock.now();
    const a = await client.createShipment(createRequest(now, { reference_id: "ord-7", alternate_id_1: "12345" }));
    const b = await client.createShipment(createRequest(now, { reference_id: "ord-7" }));
    const c = await client.createShipment(createRequest(now, { reference_id: "ord-8" }));
    expect(a).toMatchObject({ state: "scheduled", reference_id: "ord-7", alternate_id_1: "12345" });
    expect(typeof a.id).toBe("string");
    expect(a.tracking_number).toMatch(/^SBX\d+$/);
    expect(a.price).toBeGreaterThan(0);
    expect(a.events).toEqual([]); // the create response omits events

    const fetched = await client.getShipment(a.id);
    expect(fetched.id).toBe(a.id);
    expect(fetched.pickup_location?.address?.latitude).toEqual(expect.any(Number));
    expect(fetched.deliver_between?.start).toBeInstanceOf(Date);

    const byRef = await client.listShipments({ referenceIds: ["ord-7"] });
    expect(byRef.map((s) => s.id)).toEqual([a.id, b.id]);
    expect(byRef[0]!.alternate_id_1).toBe("12345"); // sent as a JSON number in the list
    const both = await client.listShipments({ ids: [c.id, Number(a.id)], referenceIds: ["nothing"] });
    expect(both.map((s) => s.id).sort()).toEqual([a.id, c.id].sort());
    expect(decodeURIComponent(calls.at(-1)!.url)).toContain(`ids=${c.id},${a.id}`);
  });

  it("updates only before a driver is assigned (1003 afterwards)", async () => {
    const { client } = newClient();
    const s = await client.createShipment(createRequest(clock.now()));
    const updated = await client.updateShipment(s.id, {
      description: "Leave with the concierge",
      packaging_information: "1 box",
    });
    expect(updated.description).toBe("Leave with the concierge");
    sandbox.advance(s.id); // driver assigned
    const error = await failure(client.updateShipment(s.id, { description: "too late" }));
    expect(error.kind).toBe("validation");
    expect(error.apiErrors.map((e) => e.code)).toEqual([1003]);
    expect(error.retryable).toBe(false);
  });

  it("cancels with a code: no fee before the driver heads to pickup, a fee after, refused after pickup", async () => {
    const { client } = newClient();
    const now = clock.now();
    const early = await client.createShipment(createRequest(now));
    const result = await client.cancelShipment(early.id, {
      cancellation_code: "order_canceled",
      cancellation_comment: "Customer changed mind",
    });
    expect(result.shipment?.state).toBe("canceled");
    expect(result.cancellationFee).toBe(0);

    const late = await client.createShipment(createRequest(now));
    driveTo(late.id, "assigned");
    sandbox.advance(late.id); // en route to pickup
    expect(
      (await client.cancelShipment(late.id, { cancellation_code: "item_not_in_stock" })).cancellationFee,
    ).toBeGreaterThan(0);

    const picked = await client.createShipment(createRequest(now));
    driveTo(picked.id, "en_route");
    const error = await failure(
      client.cancelShipment(picked.id, { cancellation_code: "other", cancellation_comment: "x" }),
    );
    expect(error.apiErrors[0]?.code).toBe(1003);
  });

  it("tips once (PUT with a float) after acceptance, up to 3 days after delivery; the earlier POST takes an integer", async () => {
    const { client, calls } = newClient();
    const s = await client.createShipment(createRequest(clock.now()));
    expect((await failure(client.tip(s.id, 5))).apiErrors[0]?.code).toBe(1003); // not accepted yet
    sandbox.advance(s.id);
    expect(await client.tip(s.id, 5.25)).toMatchObject({ amount: 5.25 });
    expect(calls.at(-1)).toMatchObject({ method: "PUT", body: JSON.stringify({ amount: 5.25 }) });
    expect((await failure(client.tip(s.id, 3))).apiErrors[0]?.code).toBe(1003); // second tip

    const legacy = await client.createShipment(createRequest(clock.now()));
    sandbox.advance(legacy.id);
    const sent = calls.length;
    expect((await failure(client.tip(legacy.id, 2.5, { legacyIntegerPost: true }))).kind).toBe("invalid_request");
    expect(calls).toHaveLength(sent);
    expect(await client.tip(legacy.id, 4, { legacyIntegerPost: true })).toMatchObject({ amount: 4 });
    expect(calls.at(-1)).toMatchObject({ method: "POST", body: JSON.stringify({ amount: 4 }) });

    const old = await client.createShipment(createRequest(clock.now()));
    driveTo(old.id, "delivered");
    clock.advance(3 * 24 * 3600_000 + 60_000);
    expect((await failure(client.tip(old.id, 5))).apiErrors[0]?.code).toBe(1003);
  });

  it("rates once with 1..5", async () => {
    const { client, calls } = newClient();
    const s = await client.createShipment(createRequest(clock.now()));
    expect(await client.rate(s.id, 5)).toMatchObject({ value: 5 });
    expect((await failure(client.rate(s.id, 4))).apiErrors[0]?.code).toBe(1003);
    const sent = calls.length;
    expect((await failure(client.rate(s.id, 6))).kind).toBe("invalid_request");
    expect((await failure(client.rate(s.id, 2.5))).kind).toBe("invalid_request");
    expect(calls).toHaveLength(sent);
  });

  it("fetches signature, pickup and delivery images as PNG bytes, and says 'none' before they exist", async () => {
    const { client } = newClient({}, { imageCapture: { signature: true, pickup: true, delivery: true } });
    const s = await client.createShipment(createRequest(clock.now()));
    expect(await client.getImage(s.id, "pickup")).toEqual({ kind: "none" });
    driveTo(s.id, "delivered");
    for (const kind of ["signature", "pickup", "delivery"] as const) {
      const image = await client.getImage(s.id, kind);
      expect(image.kind).toBe("image");
      if (image.kind !== "image") continue;
      expect(image.contentType).toBe("image/png");
      expect(Buffer.from(image.bytes.subarray(0, 8)).toString("hex")).toBe("89504e470d0a1a0a");
    }
    const missing = await failure(client.getImage("987654321", "signature"));
    expect(missing.kind).toBe("not_found");
  });

  it("fetches a label as PNG or PDF only when barcode scanning is enabled", async () => {
    const off = newClient();
    const s1 = await off.client.createShipment(createRequest(clock.now()));
    const refused = await failure(off.client.getLabel(s1.id, "PNG"));
    expect(refused).toMatchObject({ kind: "validation" });
    expect(refused.apiErrors[0]?.code).toBe(1003);

    const on = newClient({}, { barcodeScanning: "order" });
    const s2 = await on.client.createShipment(createRequest(clock.now()));
    const png = await on.client.getLabel(s2.id);
    expect(png.contentType).toBe("image/png");
    expect(Buffer.from(png.bytes.subarray(1, 4)).toString()).toBe("PNG");
    const pdf = await on.client.getLabel(s2.id, "PDF");
    expect(pdf.contentType).toBe("application/pdf");
    expect(Buffer.from(pdf.bytes).toString("latin1")).toMatch(/^%PDF-1\.4[\s\S]*%%EOF\n$/);
  });
});

describe("every error kind", () => {
  it("400 with the document's codes: 1004 and 1005 are address problems, 1002 for a bad --timing", async () => {
    const { client } = newClient();
    const now = clock.now();
    const unknown = await failure(
      client.estimate(
        estimateRequest(now, {
          delivery_location: { address: { street1: "x", city: "y", state: "CA", zip: "ABCDE" } },
        }),
      ),
    );
    expect(unknown).toMatchObject({ kind: "validation", status: 400, retryable: false });
    expect(unknown.apiErrors).toEqual([
      expect.objectContaining({ code: 1004, parameter: "delivery_location.address" }),
    ]);
    expect(isAddressProblem(unknown)).toBe(true);

    const far = await failure(
      client.createShipment(
        createRequest(now, {
          delivery_location: {
            address: { street1: "350 5th Ave", city: "New York", state: "NY", zip: "10118" },
            contact: { name: "Far Away", phone: "2125550100" },
          },
        }),
      ),
    );
    expect(far.apiErrors[0]?.code).toBe(1005);
    expect(isAddressProblem(far)).toBe(true);
    expect(far.merchantMessage).not.toContain("Far Away");

    const timing = await failure(client.createShipment(createRequest(now, { description: "quick --timing 5" })));
    expect(timing.apiErrors).toEqual([expect.objectContaining({ code: 1002, parameter: "description" })]);
    expect(isAddressProblem(timing)).toBe(false);
  });

  it("401 for an unknown token, not retried, and the message never shows the token", async () => {
    const counting = countingFetch();
    const token = "not-a-known-token-12345";
    const client = createCourierClient({
      baseUrl: sandbox.url,
      token,
      fetch: counting.fetch,
      limiter: createInProcessRateLimiter({ clock: clock.now, sleep: clock.sleep }),
      clock: clock.now,
      sleep: clock.sleep,
    });
    const error = await failure(client.getShipment(1));
    expect(error).toMatchObject({ kind: "unauthorized", status: 401, retryable: false });
    expect(counting.calls).toHaveLength(1);
    expect(`${error.message} ${error.merchantMessage}`).not.toContain(token);
  });

  it("404 with 1006 for a shipment that does not exist (or belongs to another token)", async () => {
    const owner = newClient();
    const other = newClient();
    const s = await owner.client.createShipment(createRequest(clock.now()));
    for (const error of [
      await failure(owner.client.getShipment(424242)),
      await failure(other.client.getShipment(s.id)),
    ]) {
      expect(error).toMatchObject({ kind: "not_found", status: 404, retryable: false });
      expect(error.apiErrors[0]?.code).toBe(1006);
    }
  });

  it("409 for a second create with the same idempotency_key", async () => {
    const { client } = newClient();
    const request = createRequest(clock.now(), { idempotency_key: `key-${randomUUID()}` });
    await client.createShipment(request);
    const error = await failure(client.createShipment(request));
    expect(error).toMatchObject({ kind: "duplicate", status: 409, retryable: false });
  });

  it("the eleventh request inside one second gets 429 with Retry-After, and the client waits and succeeds", async () => {
    const { client, calls, sleeps, token } = newClient({ limiter: createInProcessRateLimiter({ perSecond: 100 }) });
    const s = await client.createShipment(createRequest(clock.now()));
    for (let i = 0; i < 9; i++) await client.getShipment(s.id);
    const before = sandbox.stats().perToken[token]!;
    expect(before).toMatchObject({ accepted: 10, throttled: 0 });
    const eleventh = await client.getShipment(s.id);
    expect(eleventh.id).toBe(s.id);
    expect(calls).toHaveLength(12);
    expect(sandbox.stats().perToken[token]).toMatchObject({ throttled: 1, accepted: 11, maxAcceptedRps: 10 });
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThanOrEqual(1000); // Retry-After: 1 (seconds), plus jitter
  });

  it("our own limiter keeps a busy client under 10 per second, so the courier never answers 429", async () => {
    // Real waiting here (about one second): the limiter must hold requests back in real time.
    const { client, token } = newClient({ limiter: createInProcessRateLimiter({ clock: clock.now }) });
    const s = await client.createShipment(createRequest(clock.now()));
    await Promise.all(Array.from({ length: 14 }, () => client.getShipment(s.id, { lane: "background" })));
    expect(sandbox.stats().perToken[token]).toMatchObject({ requests: 15, throttled: 0 });
    expect(sandbox.stats().perToken[token]!.maxRps).toBeLessThanOrEqual(10);
  });

  it("500 and 503 are retried for GET and for a create with an idempotency_key (same key each time)", async () => {
    const { client, calls } = newClient();
    const s = await client.createShipment(createRequest(clock.now()));
    sandbox.setFaults({
      failNext: [
        { status: 503, count: 1, method: "GET" },
        { status: 500, count: 1, method: "GET" },
      ],
    });
    expect((await client.getShipment(s.id)).id).toBe(s.id);
    expect(calls.filter((c) => c.method === "GET")).toHaveLength(3);

    const key = `key-${randomUUID()}`;
    sandbox.setFaults({
      failNext: [
        { status: 500, count: 1, method: "POST", pathPrefix: "/v1/shipments" },
        { status: 503, count: 1, method: "POST", pathPrefix: "/v1/shipments" },
      ],
    });
    const created = await client.createShipment(createRequest(clock.now(), { idempotency_key: key }));
    expect(created.state).toBe("scheduled");
    const attempts = sandbox.requestLog.filter((entry) => entry.idempotencyKey === key);
    expect(attempts.map((a) => a.status)).toEqual([500, 503, 201]);
  });

  it("5xx is not retried for a create without a key, nor for PATCH, DELETE and PUT", async () => {
    const { client, calls } = newClient();
    const s = await client.createShipment(createRequest(clock.now()));
    sandbox.advance(s.id);
    const cases: [string, () => Promise<unknown>][] = [
      ["POST", () => client.createShipment(createRequest(clock.now()))],
      ["PATCH", () => client.updateShipment(s.id, { description: "x" })],
      ["DELETE", () => client.cancelShipment(s.id, { cancellation_code: "order_canceled" })],
      ["PUT", () => client.tip(s.id, 2)],
    ];
    for (const [method, call] of cases) {
      sandbox.setFaults({ failNext: [{ status: 503, count: 1, method }] });
      const before = calls.length;
      const error = await failure(call());
      expect(error).toMatchObject({ kind: "server", status: 503, retryable: true });
      expect(calls.length - before).toBe(1);
    }
  });

  it("a network error is retried for reads, then reported; never retried for a PATCH", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const { client, calls } = newClient({ baseUrl: `http://127.0.0.1:${port}`, maxRetries: 2 });
    const refused = await failure(client.getShipment(1));
    expect(refused).toMatchObject({ kind: "network", retryable: true });
    // The socket's reason, not only fetch's "fetch failed", is in the message the logs show.
    expect(refused.message).toMatch(/ECONNREFUSED/);
    expect(calls).toHaveLength(3);
    expect(await failure(client.updateShipment(1, { description: "x" }))).toMatchObject({ kind: "network" });
    expect(calls).toHaveLength(4);
  });

  it("sends a PUT once more after a connection reset before any answer; never a PATCH, nor after the answer began", async () => {
    const arrivals: string[] = [];
    let resets = 0;
    let cutMidAnswer = false;
    const server: Server = createHttpServer((req, res) => {
      arrivals.push(req.method!);
      if (resets > 0) {
        resets -= 1;
        req.socket.resetAndDestroy(); // what a kept-alive socket the courier had just closed gives
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      if (cutMidAnswer) {
        res.flushHeaders();
        setTimeout(() => res.socket?.destroy(), 20);
        return;
      }
      res.end(JSON.stringify({ amount: 5 }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { client } = newClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
      resets = 1;
      expect(await client.tip(1, 5)).toMatchObject({ amount: 5 });
      expect(arrivals).toEqual(["PUT", "PUT"]);

      arrivals.length = 0;
      resets = 2;
      expect(await failure(client.tip(1, 5))).toMatchObject({ kind: "network", resetBeforeAnswer: true });
      expect(arrivals).toEqual(["PUT", "PUT"]);

      arrivals.length = 0;
      resets = 1;
      expect(await failure(client.updateShipment(1, { description: "x" }))).toMatchObject({ kind: "network" });
      expect(arrivals).toEqual(["PATCH"]);

      arrivals.length = 0;
      cutMidAnswer = true;
      expect(await failure(client.tip(1, 5))).toMatchObject({ kind: "network", resetBeforeAnswer: false });
      expect(arrivals).toEqual(["PUT"]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("a slow answer times out (per-request timeout), and is not retried for a PATCH", async () => {
    const { client, calls } = newClient({ timeoutMs: 5_000 });
    const s = await client.createShipment(createRequest(clock.now()));
    sandbox.setFaults({ latencyMs: 300 });
    const error = await failure(client.updateShipment(s.id, { description: "slow" }, { timeoutMs: 40 }));
    expect(error).toMatchObject({ kind: "timeout", retryable: true });
    expect(calls).toHaveLength(2);
  });

  it("failFast: a 503 or a 429 is thrown at once, with no sleep and no retry", async () => {
    const { client, calls, sleeps } = newClient();
    const s = await client.createShipment(createRequest(clock.now()));
    sandbox.setFaults({ failNext: [{ status: 503, count: 1, method: "GET" }] });
    expect(await failure(client.getShipment(s.id, { failFast: true }))).toMatchObject({ kind: "server" });
    sandbox.setFaults({ throttleStorm: { count: 1, retryAfterS: 2 } });
    const throttled = await failure(client.estimate(estimateRequest(clock.now()), { failFast: true }));
    expect(throttled).toMatchObject({ kind: "throttled", status: 429, retryAfterMs: 2000 });
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([]);
  });

  it("failFast: no local capacity throws 'throttled' without sending anything", async () => {
    const { client, calls } = newClient({
      limiter: createInProcessRateLimiter({ perSecond: 2, clock: clock.now, sleep: clock.sleep }),
    });
    const now = clock.now();
    await client.estimate(estimateRequest(now), { failFast: true });
    await client.estimate(estimateRequest(now), { failFast: true });
    const error = await failure(client.estimate(estimateRequest(now), { failFast: true }));
    expect(error).toMatchObject({ kind: "throttled", retryable: true });
    expect(error.status).toBeUndefined();
    expect(calls).toHaveLength(2);
  });
});

describe("pre-send validation", () => {
  it("names every bad field and sends nothing", async () => {
    const { client, calls } = newClient();
    const now = clock.now();
    const good = createRequest(now);
    const bad = {
      ...good,
      reference_id: "r".repeat(101),
      description: "d".repeat(601),
      colour: "blue",
      items: [{ ...good.items[0]!, weight: -1, quantity: 1.5, description: "" }],
      pickup_location: {
        ...good.pickup_location,
        address: { ...good.pickup_location.address, state: "California", zip: "12345678901" },
      },
      delivery_location: {
        ...good.delivery_location,
        contact: { name: "Dana", phone: "+1 415 555 0199" },
        notes: "n".repeat(501),
      },
      pickup_after: new Date(now.getTime() - 60_000),
      deliver_between: { start: good.deliver_between.end, end: good.deliver_between.start },
      options: { signature_required: true },
    };
    const error = await failure(client.createShipment(bad as never));
    expect(error.kind).toBe("invalid_request");
    expect(error.fieldErrors.map((e) => e.path).sort()).toEqual(
      [
        "colour",
        "deliver_between.end",
        "delivery_location.contact.phone",
        "delivery_location.notes",
        "description",
        "items[0].description",
        "items[0].quantity",
        "items[0].weight",
        "options.decline_insurance",
        "pickup_after",
        "pickup_location.address.state",
        "pickup_location.address.zip",
        "reference_id",
      ].sort(),
    );
    expect(error.fieldErrors.find((e) => e.path === "options.decline_insurance")?.message).toBe("is required");
    expect(error.fieldErrors.find((e) => e.path === "pickup_after")?.message).toBe("must be in the future");
    expect(calls).toHaveLength(0);
  });

  it("checks ids, tips, ratings, updates and list filters before sending", async () => {
    const { client, calls } = newClient();
    const attempts = [
      client.getShipment("12/../34"),
      client.tip(1, 0),
      client.tip(1, -3),
      client.rate(1, 0),
      client.updateShipment(1, {}),
      client.updateShipment(1, { state: "delivered" } as never),
      client.cancelShipment(1, { cancellation_code: "because" as never }),
      client.cancelShipment(1, { cancellation_code: "other" }),
      client.listShipments({}),
      client.listShipments({ ids: ["x1"], referenceIds: ["a,b"] }),
    ];
    for (const attempt of attempts) expect((await failure(attempt)).kind).toBe("invalid_request");
    expect(calls).toHaveLength(0);
  });

  it("refuses plain HTTP except to loopback", () => {
    const limiter = createInProcessRateLimiter();
    expect(() => createCourierClient({ baseUrl: "http://courier.example.com", token: "t", limiter })).toThrow(
      CourierError,
    );
    expect(() =>
      createCourierClient({ baseUrl: "https://courier.example.com/api", token: "t", limiter }),
    ).not.toThrow();
    for (const host of ["127.0.0.1:8080", "localhost:1", "[::1]:9"]) {
      expect(() => createCourierClient({ baseUrl: `http://${host}`, token: "t", limiter })).not.toThrow();
    }
  });

  it("picks the base URL per environment with a per-shop override", () => {
    const defaults = UNCONFIGURED_COURIER_BASE_URLS;
    expect(courierBaseUrl("sandbox", null, defaults)).toMatch(/^https:\/\//);
    expect(courierBaseUrl("production", null, defaults)).not.toBe(courierBaseUrl("sandbox", null, defaults));
    expect(courierBaseUrl("production", " https://courier.example.com ", defaults)).toBe("https://courier.example.com");
    expect(courierBaseUrl("sandbox", "", { sandbox: "https://s.example", production: "https://p.example" })).toBe(
      "https://s.example",
    );
  });
});
