import { describe, expect, it } from "vitest";
import { JobInputError } from "~/jobs/errors";
import {
  DEFAULT_MAX_ATTEMPTS,
  MAX_ATTEMPTS_LIMIT,
  MAX_JOB_KEY_LENGTH,
  MAX_JOB_PAYLOAD_BYTES,
  newJobRow,
  parsePayload,
  type EnqueueInput,
} from "~/jobs/job";

const now = new Date("2026-03-01T12:00:00Z");
const valid: EnqueueInput = { shopDomain: "shop.myshopify.com", kind: "dispatch", payload: { orderId: 1 } };

describe("newJobRow", () => {
  it("fills the defaults: run now, default attempts, no keys", () => {
    expect(newJobRow(valid, now)).toEqual({
      shopDomain: "shop.myshopify.com",
      kind: "dispatch",
      payloadJson: '{"orderId":1}',
      uniqueKey: null,
      orderingKey: null,
      runAt: now,
      maxAttempts: DEFAULT_MAX_ATTEMPTS,
    });
  });

  it("keeps the given keys, run-at and attempts", () => {
    const runAt = new Date("2026-03-02T00:00:00Z");
    expect(
      newJobRow({ ...valid, uniqueKey: "dispatch:shop:1", orderingKey: "shipment:9", runAt, maxAttempts: 3 }, now),
    ).toMatchObject({ uniqueKey: "dispatch:shop:1", orderingKey: "shipment:9", runAt, maxAttempts: 3 });
  });

  it.each([
    ["an empty shop", { shopDomain: "" }, "shopDomain"],
    ["a kind with capitals", { kind: "Dispatch" }, "kind"],
    ["an empty kind", { kind: "" }, "kind"],
    ["a blank uniqueKey", { uniqueKey: "  " }, "uniqueKey"],
    ["a uniqueKey over the limit", { uniqueKey: "k".repeat(MAX_JOB_KEY_LENGTH + 1) }, "uniqueKey"],
    ["zero attempts", { maxAttempts: 0 }, "maxAttempts"],
    ["fractional attempts", { maxAttempts: 1.5 }, "maxAttempts"],
    ["attempts over the limit", { maxAttempts: MAX_ATTEMPTS_LIMIT + 1 }, "maxAttempts"],
    ["an invalid run-at", { runAt: new Date("not a date") }, "runAt"],
    ["an undefined payload", { payload: undefined }, "not JSON-serializable"],
    ["a BigInt payload", { payload: { amount: 1n } }, "not JSON-serializable"],
    ["a payload over the limit", { payload: "x".repeat(MAX_JOB_PAYLOAD_BYTES) }, "the limit is"],
  ])("refuses %s", (_name, change, message) => {
    const attempt = () => newJobRow({ ...valid, ...change } as EnqueueInput, now);
    expect(attempt).toThrow(JobInputError);
    expect(attempt).toThrow(message);
  });
});

describe("parsePayload", () => {
  it.each([
    ['{"a":1}', { ok: true, value: { a: 1 } }],
    ["null", { ok: true, value: null }],
    ["{not json", { ok: false }],
    ["", { ok: false }],
  ])("%j", (json, expected) => {
    expect(parsePayload(json)).toEqual(expected);
  });
});
