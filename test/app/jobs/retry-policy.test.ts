import { describe, expect, it } from "vitest";
import {
  JobError,
  failureMessage,
  failureOptionsOf,
  permanentFailure,
  retryLater,
  UNKNOWN_FAILURE_MESSAGE,
} from "~/jobs/errors";
import {
  MAX_RETRY_AFTER_MS,
  backoffDelayMs,
  planFailure,
  retryAfterDelayMs,
  type BackoffPolicy,
} from "~/jobs/retry-policy";

const policy: BackoffPolicy = { baseMs: 1_000, capMs: 60_000 };
const fixed = (value: number) => () => value;

describe("backoffDelayMs: exponential with equal jitter, capped", () => {
  it.each([
    // attempts made, random, expected delay
    [1, 0, 500],
    [1, 0.5, 750],
    [1, 0.999999, 1_000],
    [2, 0, 1_000],
    [2, 1, 2_000],
    [3, 0, 2_000],
    [4, 0.5, 6_000],
    [6, 0, 16_000],
    [7, 0, 30_000], // 64 s ceiling capped at 60 s
    [7, 1, 60_000],
    [50, 0.5, 45_000], // far past the cap: no overflow
    [0, 0, 500], // a job failing before any attempt counts as the first
  ])("after %i attempt(s) with random %f waits %i ms", (attempts, random, expected) => {
    expect(backoffDelayMs(attempts, policy, fixed(random))).toBe(expected);
  });

  it.each([[-1], [2], [Number.NaN]])("clamps a faulty random source (%f) into range", (random) => {
    const delay = backoffDelayMs(3, policy, fixed(random));
    expect(delay).toBeGreaterThanOrEqual(2_000);
    expect(delay).toBeLessThanOrEqual(4_000);
  });
});

describe("retryAfterDelayMs: never earlier than the server asked, a little jitter added", () => {
  it.each([
    [1_000, 0, 1_000],
    [1_000, 0.5, 1_050],
    [1_000, 1, 1_100],
    [0, 0.7, 0],
    [-5_000, 0.5, 0],
    [Number.NaN, 0.5, 0],
    [Number.POSITIVE_INFINITY, 0, MAX_RETRY_AFTER_MS],
    [MAX_RETRY_AFTER_MS * 10, 0, MAX_RETRY_AFTER_MS],
  ])("Retry-After %f ms with random %f waits %f ms", (retryAfter, random, expected) => {
    expect(retryAfterDelayMs(retryAfter, fixed(random))).toBe(expected);
  });
});

describe("planFailure", () => {
  it.each([
    ["first failure backs off", { attempts: 1, maxAttempts: 3 }, { state: "queued", delayMs: 500 }],
    ["second failure backs off longer", { attempts: 2, maxAttempts: 3 }, { state: "queued", delayMs: 1_000 }],
    ["last attempt is dead", { attempts: 3, maxAttempts: 3 }, { state: "dead" }],
    ["past the last attempt is dead", { attempts: 4, maxAttempts: 3 }, { state: "dead" }],
    ["permanent is dead at once", { attempts: 1, maxAttempts: 8, permanent: true }, { state: "dead" }],
    [
      "Retry-After replaces the backoff",
      { attempts: 1, maxAttempts: 8, retryAfterMs: 30_000 },
      { state: "queued", delayMs: 30_000 },
    ],
    [
      "Retry-After on the last attempt is still dead",
      { attempts: 8, maxAttempts: 8, retryAfterMs: 1_000 },
      { state: "dead" },
    ],
    ["a single-attempt job dies on its first failure", { attempts: 1, maxAttempts: 1 }, { state: "dead" }],
  ])("%s", (_name, failed, expected) => {
    expect(planFailure(failed, policy, fixed(0))).toEqual(expected);
  });
});

describe("failure instructions carried by errors", () => {
  class CourierRateLimited extends Error {
    readonly retryAfterMs = 2_000;
  }
  it.each([
    ["JobError with Retry-After", retryLater("Courier busy", 1_500), { retryAfterMs: 1_500 }],
    ["permanent JobError", permanentFailure("Address not found"), { permanent: true }],
    ["plain JobError", new JobError("Something"), {}],
    ["another module's error with retryAfterMs", new CourierRateLimited("429"), { retryAfterMs: 2_000 }],
    ["plain Error", new Error("boom"), {}],
    ["a thrown string", "boom", {}],
    ["null", null, {}],
    ["nonsense fields", { retryAfterMs: "soon", permanent: "yes" }, {}],
  ])("%s", (_name, error, expected) => {
    expect(failureOptionsOf(error)).toEqual(expected);
  });

  it.each([
    ["an Error's message", new Error("Courier answered 503"), 100, "Courier answered 503"],
    ["a string", "plain text", 100, "plain text"],
    ["an empty message", new Error("  "), 100, UNKNOWN_FAILURE_MESSAGE],
    ["not an error", { some: "object" }, 100, UNKNOWN_FAILURE_MESSAGE],
    ["a long message, cut", new Error("x".repeat(50)), 10, `${"x".repeat(9)}…`],
  ])("stores %s", (_name, error, max, expected) => {
    expect(failureMessage(error, max)).toBe(expected);
  });

  it("keeps only the code of a database error (its message may quote customer data)", () => {
    const error = Object.assign(new Error("Invalid `db.shipment.create()` invocation: { phone: '+15551234567' }"), {
      name: "PrismaClientKnownRequestError",
      code: "P2002",
    });
    expect(failureMessage(error, 200)).toBe("A database operation failed (P2002).");
  });
});
