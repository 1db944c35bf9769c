import { describe, expect, it } from "vitest";
import { CourierError } from "~/courier/errors";
import type { CourierRateLimiter } from "~/courier/rate-limit-policy";
import { createCourierRequester, type CourierRequestConfig, type CourierRequestSpec } from "~/courier/request.server";

/** The request function's policies, with a scripted fetch (no network). */

type Scripted = { status: number; body?: string | Uint8Array; headers?: Record<string, string> } | Error;

function scriptedFetch(script: Scripted[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: URL | string, init: RequestInit) => {
    calls.push({ url: String(url), init });
    const next = script.shift() ?? { status: 200, body: "{}" };
    if (next instanceof Error) throw next;
    return new Response((next.body ?? "") as BodyInit, { status: next.status, headers: next.headers });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const openLimiter = () => {
  const acquired: string[] = [];
  const heldOff: number[] = [];
  const limiter: CourierRateLimiter = {
    acquire: async (_key, lane) => {
      acquired.push(lane);
    },
    holdOff: (_key, ms) => void heldOff.push(ms),
  };
  return { limiter, acquired, heldOff };
};

function setup(script: Scripted[], config: Partial<CourierRequestConfig> = {}) {
  const scripted = scriptedFetch(script);
  const sleeps: number[] = [];
  const { limiter, acquired, heldOff } = openLimiter();
  const requester = createCourierRequester({
    baseUrl: "https://courier.example.com/api/",
    token: "tok_secret",
    fetch: scripted.fetch,
    limiter,
    clock: () => new Date("2025-05-01T10:00:00Z"),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 1,
    ...config,
  });
  return { requester, calls: scripted.calls, sleeps, acquired, heldOff };
}

const get: CourierRequestSpec = { method: "GET", path: "/v1/shipments/1", retrySafe: true, expect: "json" };
const patch: CourierRequestSpec = {
  method: "PATCH",
  path: "/v1/shipments/1",
  body: { description: "x" },
  retrySafe: false,
  expect: "json",
};

async function failure(promise: Promise<unknown>): Promise<CourierError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof CourierError)) throw new Error(`expected a CourierError, got ${String(error)}`);
  return error;
}

describe("the courier request function", () => {
  it("sends the bearer token, JSON and the base path; never follows redirects", async () => {
    const { requester, calls } = setup([{ status: 200, body: "{}" }]);
    await requester.send({ ...patch, query: { a: "1,2" } });
    expect(calls[0]!.url).toBe("https://courier.example.com/api/v1/shipments/1?a=1%2C2");
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers.authorization).toBe("Bearer tok_secret");
    expect(headers["content-type"]).toBe("application/json");
    expect(calls[0]!.init.redirect).toBe("error");
    expect(calls[0]!.init.body).toBe('{"description":"x"}');
  });

  it("backs off exponentially with full jitter, capped, then gives up", async () => {
    const { requester, calls, sleeps, acquired } = setup(
      Array.from({ length: 6 }, () => ({ status: 503 })),
      {
        maxRetries: 5,
        baseDelayMs: 100,
        maxDelayMs: 1000,
      },
    );
    expect(await failure(requester.send(get))).toMatchObject({ kind: "server", status: 503 });
    expect(calls).toHaveLength(6);
    expect(sleeps).toEqual([100, 200, 400, 800, 1000]); // random() = 1: the top of each jitter range
    expect(acquired).toHaveLength(6); // the limiter is asked before every attempt
  });

  it("full jitter can wait anywhere from zero", async () => {
    const { requester, sleeps } = setup([{ status: 500 }, { status: 500 }, { status: 200, body: "{}" }], {
      random: () => 0,
    });
    await requester.send(get);
    expect(sleeps).toEqual([0, 0]);
  });

  it("honours Retry-After as an HTTP date", async () => {
    const { requester, sleeps } = setup(
      [
        { status: 429, headers: { "retry-after": "Thu, 01 May 2025 10:00:04 GMT" } },
        { status: 200, body: "{}" },
      ],
      { random: () => 0 },
    );
    await requester.send(get);
    expect(sleeps).toEqual([4000]);
  });

  it.each([
    { spec: get, retryAfter: "2", heldOff: [2000] },
    { spec: patch, retryAfter: "3", heldOff: [3000] },
    { spec: get, retryAfter: undefined, heldOff: [1000] },
  ])(
    "holds the whole token off in the limiter on a 429 (Retry-After $retryAfter, retry-safe $spec.retrySafe)",
    async ({ spec, retryAfter, heldOff: expected }) => {
      const { requester, heldOff } = setup([
        { status: 429, headers: retryAfter ? { "retry-after": retryAfter } : {} },
        { status: 200, body: "{}" },
      ]);
      await requester.send(spec).catch(() => null);
      expect(heldOff).toEqual(expected);
    },
  );

  it("does not hold the token off for a 500 or a 503", async () => {
    const { requester, heldOff } = setup([{ status: 500 }, { status: 503, headers: { "retry-after": "1" } }]);
    await requester.send(get);
    expect(heldOff).toEqual([]);
  });

  it("does not wait for a Retry-After longer than maxRetryWaitMs: the error goes to the caller", async () => {
    const { requester, calls, sleeps } = setup([{ status: 429, headers: { "retry-after": "120" } }], {
      maxRetryWaitMs: 30_000,
    });
    expect(await failure(requester.send(get))).toMatchObject({ kind: "throttled", retryAfterMs: 120_000 });
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("retries a create with an idempotency_key with the same body (same key) every time", async () => {
    const create: CourierRequestSpec = {
      method: "POST",
      path: "/v1/shipments",
      body: { reference_id: "r", idempotency_key: "k-1" },
      retrySafe: true,
      expect: "json",
    };
    const { requester, calls } = setup([new TypeError("socket hang up"), { status: 500 }, { status: 201, body: "{}" }]);
    expect((await requester.send(create)).status).toBe(201);
    expect(calls.map((c) => c.init.body)).toEqual(Array(3).fill('{"reference_id":"r","idempotency_key":"k-1"}'));
  });

  it.each([500, 503])("does not retry a PATCH on %i (the courier may have done it)", async (status) => {
    const { requester, calls } = setup([{ status, headers: { "retry-after": "1" } }]);
    await failure(requester.send(patch));
    expect(calls).toHaveLength(1);
  });

  it("retries a PATCH after a 429's Retry-After: the courier refused it before doing anything", async () => {
    const { requester, calls, sleeps } = setup(
      [
        { status: 429, headers: { "retry-after": "1" } },
        { status: 200, body: "{}" },
      ],
      { random: () => 0 },
    );
    expect((await requester.send(patch)).status).toBe(200);
    expect(calls.map((c) => c.init.body)).toEqual([patch.body, patch.body].map((b) => JSON.stringify(b)));
    expect(sleeps).toEqual([1000]);
  });

  it("does not retry what a retry cannot fix (400, 401, 404, 409)", async () => {
    for (const status of [400, 401, 404, 409]) {
      const { requester, calls } = setup([{ status }]);
      await failure(requester.send(get));
      expect(calls).toHaveLength(1);
    }
  });

  it("caps response bodies: 1 MB for JSON, declared or streamed", async () => {
    const big = "x".repeat(1024 * 1024 + 1);
    const streamed = setup([{ status: 200, body: big }]);
    expect(await failure(streamed.requester.send(get))).toMatchObject({ kind: "unexpected" });
    const declared = setup([{ status: 200, body: "{}", headers: { "content-length": String(50 * 1024 * 1024) } }]);
    expect(await failure(declared.requester.send(get))).toMatchObject({ kind: "unexpected" });
    const image = setup([{ status: 200, body: new Uint8Array(2 * 1024 * 1024) }]);
    expect((await image.requester.send({ ...get, expect: "binary" })).body.byteLength).toBe(2 * 1024 * 1024);
    const huge = setup([{ status: 200, body: new Uint8Array(1024) }], { maxBinaryBytes: 512 });
    expect(await failure(huge.requester.send({ ...get, expect: "binary" }))).toMatchObject({ kind: "unexpected" });
  });

  it("stops retrying when the caller aborts, and reports it as a timeout", async () => {
    const controller = new AbortController();
    const { requester, calls } = setup([{ status: 503 }, { status: 503 }], {
      sleep: async () => {
        controller.abort();
      },
    });
    expect(await failure(requester.send(get, { signal: controller.signal }))).toMatchObject({ kind: "timeout" });
    expect(calls).toHaveLength(1);
  });

  it("passes the lane and failFast to the limiter, and a failFast limiter refusal sends nothing", async () => {
    const calls: unknown[] = [];
    const requester = createCourierRequester({
      baseUrl: "https://courier.example.com",
      token: "t",
      fetch: (async () => {
        calls.push(1);
        return new Response("{}");
      }) as typeof fetch,
      limiter: {
        acquire: async (key, lane, opts) => {
          expect(key).not.toContain("t");
          expect(lane).toBe("quote");
          if (opts.failFast)
            throw new CourierError({ kind: "throttled", retryable: true, merchantMessage: "busy", detail: "busy" });
        },
        holdOff: () => {},
      },
    });
    expect(await failure(requester.send(get, { lane: "quote", failFast: true }))).toMatchObject({ kind: "throttled" });
    expect(calls).toHaveLength(0);
  });
});
