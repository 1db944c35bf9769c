import { describe, expect, it } from "vitest";
import {
  CourierError,
  errorFromResponse,
  invalidRequestError,
  isAddressProblem,
  parseRetryAfter,
} from "~/courier/errors";

const now = new Date("2025-05-01T10:00:00Z");
const errorsBody = (...errors: { code: number; parameter: string; message: string }[]) => JSON.stringify({ errors });

describe("errorFromResponse", () => {
  it.each([
    [400, errorsBody({ code: 1002, parameter: "items[0].weight", message: "weight is invalid" }), "validation", false],
    [400, errorsBody({ code: 1006, parameter: "shipment_id", message: "not found" }), "not_found", false],
    [401, "", "unauthorized", false],
    [403, "{}", "unauthorized", false],
    [404, "", "not_found", false],
    [409, "{}", "duplicate", false],
    [429, "{}", "throttled", true],
    [500, "<html>oops</html>", "server", true],
    [502, "", "server", true],
    [503, "", "server", true],
    [418, "", "unexpected", false],
  ])("%i → %s (retryable: %s)", (status, body, kind, retryable) => {
    const error = errorFromResponse(status, body, new Headers(), now);
    expect(error).toBeInstanceOf(CourierError);
    expect(error).toMatchObject({ kind, status, retryable });
    expect(error.merchantMessage.length).toBeGreaterThan(10);
  });

  it("keeps the courier's error list for 400 and says which fields in plain words", () => {
    const error = errorFromResponse(
      400,
      errorsBody(
        { code: 1001, parameter: "reference_id", message: "reference_id is required" },
        { code: 1002, parameter: "delivery_location.contact.phone", message: "Jane Doe 555-0100 is invalid" },
      ),
      new Headers(),
      now,
    );
    expect(error.apiErrors).toEqual([
      { code: 1001, parameter: "reference_id", message: "reference_id is required" },
      { code: 1002, parameter: "delivery_location.contact.phone", message: "Jane Doe 555-0100 is invalid" },
    ]);
    expect(error.merchantMessage).toContain("reference_id is missing");
    expect(error.merchantMessage).toContain("delivery_location.contact.phone is not valid");
    // The raw body (which may echo customer data) is never part of the messages.
    expect(error.merchantMessage).not.toContain("Jane");
    expect(error.message).not.toContain("Jane");
  });

  it.each([
    [1004, true],
    [1005, true],
    [1003, false],
  ])("isAddressProblem for code %i → %s", (code, expected) => {
    const error = errorFromResponse(
      400,
      errorsBody({ code, parameter: "delivery_location.address", message: "m" }),
      new Headers(),
      now,
    );
    expect(isAddressProblem(error)).toBe(expected);
    expect(isAddressProblem(new Error("plain"))).toBe(false);
  });

  it("reads Retry-After on 429 and 503", () => {
    expect(errorFromResponse(429, "", new Headers({ "retry-after": "3" }), now).retryAfterMs).toBe(3000);
    expect(
      errorFromResponse(503, "", new Headers({ "retry-after": "Thu, 01 May 2025 10:00:07 GMT" }), now).retryAfterMs,
    ).toBe(7000);
    expect(errorFromResponse(429, "", new Headers(), now).retryAfterMs).toBeUndefined();
  });
});

describe("parseRetryAfter", () => {
  it.each([
    ["2", 2000],
    ["0", 0],
    ["1.5", 1500],
    [" 10 ", 10000],
    ["Thu, 01 May 2025 10:00:30 GMT", 30000],
    ["Thu, 01 May 2025 09:59:00 GMT", 0],
    ["soon", undefined],
    ["", undefined],
    [null, undefined],
  ])("%s → %s", (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});

describe("invalidRequestError", () => {
  it("names the fields, is not retryable and keeps every field error", () => {
    const fieldErrors = Array.from({ length: 7 }, (_, i) => ({
      path: `items[${i}].weight`,
      message: "must be greater than 0",
    }));
    const error = invalidRequestError(fieldErrors);
    expect(error).toMatchObject({ kind: "invalid_request", retryable: false });
    expect(error.fieldErrors).toHaveLength(7);
    expect(error.merchantMessage).toContain("items[0].weight must be greater than 0");
    expect(error.merchantMessage).toContain("and 2 more");
  });
});
