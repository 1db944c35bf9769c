import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { requestSchemas } from "~/courier/requests";
import { SANDBOX_CANCEL_COMMAND, SANDBOX_NO_DRIVER_COMMAND, SANDBOX_RETURN_COMMAND } from "./commands";
import { CANCELLATION_FEE } from "./routes";
import { startCourierSandbox, type CourierSandbox } from "./server";
import { RETRY_AFTER_GRACE_MS } from "./traffic";
import { createRequest, estimateRequest, shiftableClock } from "./testing";

/** The sandbox's own rules, spoken to over raw HTTP (no client in between). */

const clock = shiftableClock();
let sandbox: CourierSandbox;

beforeAll(async () => {
  sandbox = await startCourierSandbox({ clock: clock.now, tokens: [] });
});
afterAll(() => sandbox.close());
afterEach(() => sandbox.resetFaults());

function account(options: Parameters<CourierSandbox["setAccountOptions"]>[1] = {}) {
  const token = `tok-${randomUUID()}`;
  sandbox.setAccountOptions(token, options);
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${sandbox.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const type = response.headers.get("content-type") ?? "";
    const payload = type.includes("json") ? await response.json() : Buffer.from(await response.arrayBuffer());
    return {
      status: response.status,
      headers: response.headers,
      body: payload as unknown as Record<string, unknown> & Buffer,
    };
  };
  const create = async (overrides: Parameters<typeof createRequest>[1] = {}) => {
    const request = requestSchemas(clock.now).createShipment.parse(createRequest(clock.now(), overrides));
    const response = await call("POST", "/v1/shipments", request);
    expect(response.status).toBe(201);
    return response.body as unknown as { id: number; state: string; tracking_number: string };
  };
  return { token, call, create };
}

const codes = (body: unknown) =>
  (body as { errors: { code: number; parameter: string }[] }).errors.map((e) => [e.code, e.parameter]);
const wire = <T>(value: T) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

describe("authentication and rate limit", () => {
  it("401 without a bearer token or with an unknown one", async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: "Bearer nope" }, { authorization: "Basic abc" }];
    for (const headers of attempts) {
      const response = await fetch(`${sandbox.url}/v1/shipments`, { headers });
      expect(response.status).toBe(401);
    }
  });

  it("answers the eleventh request inside one second with 429, JSON and Retry-After in seconds", async () => {
    const { call } = account();
    for (let i = 0; i < 10; i++) expect((await call("GET", "/v1/shipments")).status).toBe(200);
    const throttled = await call("GET", "/v1/shipments");
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("content-type")).toBe("application/json");
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    clock.advance(1000);
    expect((await call("GET", "/v1/shipments")).status).toBe(200);
  });

  it("counts per token: one token's burst does not throttle another", async () => {
    const a = account();
    const b = account();
    for (let i = 0; i < 11; i++) await a.call("GET", "/v1/shipments");
    expect((await b.call("GET", "/v1/shipments")).status).toBe(200);
    const stats = sandbox.stats();
    expect(stats.perToken[a.token]).toMatchObject({
      requests: 11,
      accepted: 10,
      throttled: 1,
      maxRps: 11,
      maxAcceptedRps: 10,
    });
    expect(stats.perToken[b.token]).toMatchObject({ requests: 1, throttled: 0 });
    expect(stats.statuses["429"]).toBeGreaterThanOrEqual(1);
  });
});

describe("validation codes", () => {
  it("1001 for each missing parameter and 1002 for each invalid one, all in one answer", async () => {
    const { call } = account();
    const request = wire(createRequest(clock.now()));
    delete request.reference_id;
    delete (request.options as Record<string, unknown>).decline_insurance;
    (request.items as Record<string, unknown>[])[0]!.weight = -1;
    (request.delivery_location as { contact: { phone: string } }).contact.phone = "+1 (415) 555-0199";
    request.pickup_after = new Date(clock.now().getTime() - 60_000).toISOString();
    request.state = "delivered";
    const response = await call("POST", "/v1/shipments", request);
    expect(response.status).toBe(400);
    expect(codes(response.body)).toEqual(
      expect.arrayContaining([
        [1001, "reference_id"],
        [1001, "options.decline_insurance"],
        [1002, "items[0].weight"],
        [1002, "delivery_location.contact.phone"],
        [1002, "pickup_after"],
        [1002, "state"],
      ]),
    );
    expect(codes(response.body)).toHaveLength(6);
  });

  it("1002 for a body that is not JSON, and for an estimate with a window that ends before it starts", async () => {
    const { call } = account();
    expect(codes((await call("POST", "/v1/shipments", "{oops")).body)).toEqual([[1002, "body"]]);
    const request = wire(estimateRequest(clock.now()));
    request.deliver_between = { start: "2030-01-01T12:00:00Z", end: "2030-01-01T11:00:00Z" };
    expect(codes((await call("POST", "/v1/estimates", request)).body)).toEqual([[1002, "deliver_between.end"]]);
  });

  it("1004 for an address it cannot find, 1005 beyond 350 miles", async () => {
    const { call } = account();
    const lost = wire(estimateRequest(clock.now()));
    (lost.pickup_location as { address: { zip: string } }).address.zip = "00000";
    expect(codes((await call("POST", "/v1/estimates", lost)).body)).toEqual([[1004, "pickup_location.address"]]);
    const far = wire(estimateRequest(clock.now()));
    (far.delivery_location as { address: { zip: string; state: string } }).address = {
      ...((far.delivery_location as { address: object }).address as { zip: string; state: string }),
      zip: "02110",
      state: "MA",
    };
    expect(codes((await call("POST", "/v1/estimates", far)).body)).toEqual([[1005, "delivery_location.address"]]);
  });

  it("--timing must be 15..900 seconds; a valid one sets the interval", async () => {
    const { call, create } = account();
    const bad = wire(createRequest(clock.now(), { description: "test --timing 10" }));
    expect(codes((await call("POST", "/v1/shipments", bad)).body)).toEqual([[1002, "description"]]);
    const s = await create({ description: "test --timing 120" });
    expect(sandbox.shipment(s.id)?.intervalS).toBe(120);
  });
});

describe("shipments", () => {
  it("idempotency: 409 only after a successful create with the same key, per token", async () => {
    const a = account();
    const b = account();
    const key = `key-${randomUUID()}`;
    const failing = wire(createRequest(clock.now(), { idempotency_key: key }));
    (failing.delivery_location as { address: { zip: string } }).address.zip = "ZZZZZ";
    expect((await a.call("POST", "/v1/shipments", failing)).status).toBe(400);
    const good = wire(createRequest(clock.now(), { idempotency_key: key }));
    expect((await a.call("POST", "/v1/shipments", good)).status).toBe(201);
    expect((await a.call("POST", "/v1/shipments", good)).status).toBe(409);
    expect((await b.call("POST", "/v1/shipments", good)).status).toBe(201);
  });

  it("a new shipment is scheduled; the create response omits events, retrieve includes them", async () => {
    const { call, create } = account();
    const s = await create();
    expect(s.state).toBe("scheduled");
    expect(s).not.toHaveProperty("events");
    sandbox.advance(s.id);
    const fetched = await call("GET", `/v1/shipments/${s.id}`);
    expect(fetched.body).toMatchObject({ state: "assigned", driver: { name: expect.any(String) } });
    expect((fetched.body.events as unknown[]).length).toBe(1);
  });

  it("lists by ids and/or reference ids (either matches), only the caller's own, alternate ids as numbers", async () => {
    const mine = account();
    const other = account();
    const a = await mine.create({ reference_id: "same", alternate_id_1: "777" });
    const b = await mine.create({ reference_id: "same" });
    const c = await mine.create({ reference_id: "else" });
    await other.create({ reference_id: "same" });
    const byRef = await mine.call("GET", "/v1/shipments?reference_ids=same");
    expect((byRef.body as unknown as { id: number }[]).map((s) => s.id)).toEqual([a.id, b.id]);
    expect((byRef.body as unknown as { alternate_id_1: unknown }[])[0]!.alternate_id_1).toBe(777);
    const mixed = await mine.call("GET", `/v1/shipments?ids=${c.id}&reference_ids=same`);
    expect((mixed.body as unknown as { id: number }[]).map((s) => s.id)).toEqual([a.id, b.id, c.id]);
    expect(codes((await mine.call("GET", "/v1/shipments?ids=1,x")).body)).toEqual([[1002, "ids"]]);
  });

  it("404 with 1006 for an unknown shipment or one of another token; 404 for an unknown endpoint", async () => {
    const mine = account();
    const other = account();
    const s = await other.create();
    for (const path of ["/v1/shipments/999999", `/v1/shipments/${s.id}`, `/v1/shipments/${s.id}/label`]) {
      const response = await mine.call("GET", path);
      expect(response.status).toBe(404);
      expect(codes(response.body)).toEqual([[1006, "shipment_id"]]);
    }
    const unknown = await mine.call("GET", "/v2/shipments");
    expect(unknown.status).toBe(404);
    expect(codes(unknown.body)).toEqual([]);
  });

  it("updates only before a driver is assigned; state cannot be set", async () => {
    const { call, create } = account();
    const s = await create();
    const ok = await call("PATCH", `/v1/shipments/${s.id}`, {
      description: "new text",
      items: wire(createRequest(clock.now())).items,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.description).toBe("new text");
    expect(codes((await call("PATCH", `/v1/shipments/${s.id}`, { state: "delivered" })).body)).toEqual([
      [1002, "state"],
    ]);
    sandbox.advance(s.id);
    expect(codes((await call("PATCH", `/v1/shipments/${s.id}`, { description: "late" })).body)).toEqual([
      [1003, "state"],
    ]);
  });

  it("cancels before pickup, with a fee once the driver heads to pickup; never after pickup or twice", async () => {
    const { call, create } = account();
    const early = await create();
    const free = await call("DELETE", `/v1/shipments/${early.id}`, { cancellation_code: "order_canceled" });
    expect(free.body).toMatchObject({ state: "canceled", cancellation_fee: 0, cancellation_fee_applied: false });
    expect(codes((await call("DELETE", `/v1/shipments/${early.id}`)).body)).toEqual([[1003, "state"]]);

    const assigned = await create();
    sandbox.advance(assigned.id);
    expect((await call("DELETE", `/v1/shipments/${assigned.id}`)).body).toMatchObject({ cancellation_fee: 0 });

    const enRoute = await create();
    sandbox.advance(enRoute.id);
    sandbox.advance(enRoute.id);
    const charged = await call("DELETE", `/v1/shipments/${enRoute.id}`, {
      cancellation_code: "item_not_ready",
      cancellation_comment: "late",
    });
    expect(charged.body).toMatchObject({ cancellation_fee: CANCELLATION_FEE, cancellation_fee_applied: true });
    const event = sandbox.emitted.filter((e) => e.shipmentId === enRoute.id).at(-1)!.event;
    expect(event).toMatchObject({
      event: "shipment.canceled",
      data: { cancellation_code: "item_not_ready", cancellation_notes: "late" },
    });

    const picked = await create();
    for (let i = 0; i < 5; i++) sandbox.advance(picked.id);
    expect(sandbox.shipment(picked.id)?.state).toBe("en_route");
    expect(codes((await call("DELETE", `/v1/shipments/${picked.id}`)).body)).toEqual([[1003, "state"]]);
    expect(codes((await call("DELETE", `/v1/shipments/${early.id}`, { cancellation_code: "nope" })).body)).toEqual([
      [1002, "cancellation_code"],
    ]);
  });

  it("tips once, from acceptance until 3 days after delivery; never on a canceled shipment", async () => {
    const { call, create } = account();
    const s = await create();
    const tip = (amount: unknown, method = "PUT") => call(method, `/v1/shipments/${s.id}/tips`, { amount });
    expect(codes((await tip(5)).body)).toEqual([[1003, "amount"]]);
    sandbox.advance(s.id);
    expect(codes((await tip(0)).body)).toEqual([[1002, "amount"]]);
    expect((await tip(4.75)).body).toEqual({ amount: 4.75 });
    expect(codes((await tip(1)).body)).toEqual([[1003, "amount"]]);

    const legacy = await create();
    sandbox.advance(legacy.id);
    expect(codes((await call("POST", `/v1/shipments/${legacy.id}/tips`, { amount: 2.5 })).body)).toEqual([
      [1002, "amount"],
    ]);
    expect((await call("POST", `/v1/shipments/${legacy.id}/tips`, { amount: 3 })).body).toEqual({ amount: 3 });

    const delivered = await create();
    for (let i = 0; i < 9; i++) sandbox.advance(delivered.id);
    expect(sandbox.shipment(delivered.id)?.state).toBe("delivered");
    clock.advance(3 * 24 * 3600_000 - 60_000);
    expect((await call("PUT", `/v1/shipments/${delivered.id}/tips`, { amount: 2 })).status).toBe(200);
    const late = await create();
    for (let i = 0; i < 9; i++) sandbox.advance(late.id);
    clock.advance(3 * 24 * 3600_000 + 60_000);
    expect(codes((await call("PUT", `/v1/shipments/${late.id}/tips`, { amount: 2 })).body)).toEqual([[1003, "amount"]]);

    const canceled = await create({
      pickup_location: { ...createRequest(clock.now()).pickup_location, notes: SANDBOX_CANCEL_COMMAND },
    });
    for (let i = 0; i < 3; i++) sandbox.advance(canceled.id);
    expect(sandbox.shipment(canceled.id)?.state).toBe("canceled");
    expect(codes((await call("PUT", `/v1/shipments/${canceled.id}/tips`, { amount: 2 })).body)).toEqual([
      [1003, "amount"],
    ]);
  });

  it("rates once with an integer 1..5", async () => {
    const { call, create } = account();
    const s = await create();
    const rate = (value: unknown) => call("POST", `/v1/shipments/${s.id}/ratings`, { value });
    expect(codes((await rate(6)).body)).toEqual([[1002, "value"]]);
    expect(codes((await rate(3.5)).body)).toEqual([[1002, "value"]]);
    expect(codes((await rate(undefined)).body)).toEqual([[1001, "value"]]);
    expect((await rate(4)).body).toEqual({ value: 4 });
    expect(codes((await rate(5)).body)).toEqual([[1003, "value"]]);
  });

  it("serves a label only with barcode scanning (PNG default, PDF on request, 1002 for other formats)", async () => {
    const off = account();
    const s1 = await off.create();
    expect(codes((await off.call("GET", `/v1/shipments/${s1.id}/label`)).body)).toEqual([[1003, "label"]]);

    const on = account({ barcodeScanning: "item" });
    const s2 = await on.create();
    const png = await on.call("GET", `/v1/shipments/${s2.id}/label`);
    expect(png.headers.get("content-type")).toBe("image/png");
    const pdf = await on.call("GET", `/v1/shipments/${s2.id}/label?format=PDF`);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.body.toString("latin1")).toContain("Item-level scanning");
    expect(codes((await on.call("GET", `/v1/shipments/${s2.id}/label?format=GIF`)).body)).toEqual([[1002, "format"]]);
  });

  it("images exist only when captured: no signature without signature_required", async () => {
    const { call, create } = account({ imageCapture: { signature: true, pickup: false, delivery: true } });
    const s = await create({ options: { signature_required: false, decline_insurance: true } });
    for (let i = 0; i < 9; i++) sandbox.advance(s.id);
    const none = await call("GET", `/v1/shipments/${s.id}/images/signature`);
    expect(none.status).toBe(404);
    expect(codes(none.body)).toEqual([]);
    expect((await call("GET", `/v1/shipments/${s.id}/images/pickup`)).status).toBe(404);
    const photo = await call("GET", `/v1/shipments/${s.id}/images/delivery`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/png");
  });

  it("progresses by itself only when deliver_between.start is less than 30 minutes away; the others expire", async () => {
    const { create } = account();
    const soon = await create();
    expect(sandbox.shipment(soon.id)?.auto).toBe(true);
    const start = new Date(clock.now().getTime() + 45 * 60_000).toISOString();
    const end = new Date(clock.now().getTime() + 165 * 60_000).toISOString();
    const later = await create({ pickup_after: start, deliver_between: { start, end } });
    expect(sandbox.shipment(later.id)?.auto).toBe(false);
    const noDriver = await create({
      pickup_location: { ...createRequest(clock.now()).pickup_location, notes: SANDBOX_NO_DRIVER_COMMAND },
    });
    expect(sandbox.advance(noDriver.id)?.state).toBe("expired");
    const returned = await create({
      delivery_location: { ...createRequest(clock.now()).delivery_location, notes: SANDBOX_RETURN_COMMAND },
    });
    expect(sandbox.shipment(returned.id)?.outcome).toBe("return");
  });
});

describe("control API and fault injection", () => {
  it("sets and reads account options per token over HTTP", async () => {
    const token = `ctl-${randomUUID()}`;
    const set = await fetch(`${sandbox.url}/__sandbox/accounts/${token}`, {
      method: "POST",
      body: JSON.stringify({ barcodeScanning: "order", imageCapture: { pickup: true }, automaticRepost: true }),
    });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({
      barcodeScanning: "order",
      imageCapture: { pickup: true, signature: false },
      automaticRepost: true,
    });
    expect(sandbox.tokens).toContain(token);
    const bad = await fetch(`${sandbox.url}/__sandbox/accounts/${token}`, {
      method: "POST",
      body: JSON.stringify({ barcodeScanning: "maybe" }),
    });
    expect(bad.status).toBe(400);
    const stats = await fetch(`${sandbox.url}/__sandbox/stats`);
    expect(await stats.json()).toMatchObject({ requests: expect.any(Number), webhooks: expect.any(Object) });
  });

  it("injects failures, 429 storms and latency", async () => {
    const { call } = account();
    await fetch(`${sandbox.url}/__sandbox/faults`, {
      method: "POST",
      body: JSON.stringify({ failNext: [{ status: 503, count: 2, method: "GET" }], throttleStorm: null }),
    });
    expect((await call("GET", "/v1/shipments")).status).toBe(503);
    expect((await call("GET", "/v1/shipments")).status).toBe(503);
    expect((await call("GET", "/v1/shipments")).status).toBe(200);
    sandbox.setFaults({ throttleStorm: { count: 2, retryAfterS: 3 } });
    const storm = await call("GET", "/v1/shipments");
    expect([storm.status, storm.headers.get("retry-after")]).toEqual([429, "3"]);
    expect((await call("GET", "/v1/shipments")).status).toBe(429);
    expect((await call("GET", "/v1/shipments")).status).toBe(200);
    sandbox.setFaults({ errorRate: 1, errorStatuses: [500] });
    expect((await call("GET", "/v1/shipments")).status).toBe(500);
    sandbox.setFaults({ errorRate: 0, latencyMs: 80 });
    const started = Date.now();
    await call("GET", "/v1/shipments");
    expect(Date.now() - started).toBeGreaterThanOrEqual(75);
  });

  it("carries out a request and then answers 500 (a lost answer); delays a share of requests by a spike", async () => {
    const { call, token } = account();
    sandbox.setFaults({ lostAnswerRate: 1 });
    const request = {
      ...requestSchemas(clock.now).createShipment.parse(createRequest(clock.now(), {})),
      idempotency_key: `lost-${token}`,
    };
    const lost = await call("POST", "/v1/shipments", request);
    expect(lost.status).toBe(500);
    const listed = (await call("GET", "/v1/shipments")).status;
    expect(listed).toBe(500);
    sandbox.setFaults({ lostAnswerRate: 0 });
    const created = [...sandbox.shipments.values()].filter((s) => s.token === token);
    expect(created).toHaveLength(1);
    // The same idempotency key after the lost answer: 409, not a second shipment.
    expect((await call("POST", "/v1/shipments", request)).status).toBe(409);
    expect([...sandbox.shipments.values()].filter((s) => s.token === token)).toHaveLength(1);

    sandbox.setFaults({ latencySpikeRate: 1, latencySpikeMs: 120 });
    const started = Date.now();
    expect((await call("GET", "/v1/shipments")).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
  });

  it("counts a request that arrives before the Retry-After its token was given has passed", async () => {
    const { call, token } = account();
    const unhonoured = () => sandbox.stats().perToken[token]?.retryAfterUnhonoured;
    sandbox.setFaults({ throttleStorm: { count: 1, retryAfterS: 2 } });
    expect((await call("GET", "/v1/shipments")).status).toBe(429);
    // Within the grace a request may have been on its way before the 429 was read: not counted.
    expect((await call("GET", "/v1/shipments")).status).toBe(200);
    expect(unhonoured()).toBe(0);
    clock.advance(RETRY_AFTER_GRACE_MS + 1);
    await call("GET", "/v1/shipments");
    expect(unhonoured()).toBe(1);
    clock.advance(2_000);
    await call("GET", "/v1/shipments");
    expect(unhonoured()).toBe(1);
    expect(sandbox.stats().retryAfterUnhonoured).toBeGreaterThanOrEqual(1);
  });
});
