import { describe, expect, it } from "vitest";
import { CourierError } from "~/courier/errors";
import { fromCourierError, StaffActionError } from "~/staff/errors";
import { CancelInput, LabelFormatInput, OrderIdParam, parseInput, RatingInput, TipInput } from "~/staff/inputs";

function errorsOf(run: () => unknown): Record<string, string> | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof StaffActionError && error.status === 400) return error.fieldErrors;
    throw error;
  }
  throw new Error("expected a 400");
}

describe("staff inputs", () => {
  it.each([
    [{ code: "order_canceled" }, { code: "order_canceled", comment: "" }],
    [
      { code: "other", comment: "  Wrong cake  " },
      { code: "other", comment: "Wrong cake" },
    ],
  ])("cancel %j → %j", (body, value) => {
    expect(parseInput(CancelInput, body)).toEqual(value);
  });

  it.each([
    [{ amountDollars: 5 }, 5],
    [{ amountDollars: "7.50" }, 7.5],
    [{ amountDollars: "$12" }, 12],
  ])("tip %j → %s dollars", (body, amount) => {
    expect(parseInput(TipInput, body)).toEqual({ amountDollars: amount });
  });

  it.each([
    [CancelInput, { code: 5 }, { code: "Choose a reason for canceling." }],
    [CancelInput, "text", { form: "The request must be a JSON object with the form's fields." }],
    [TipInput, { amountDollars: true }, { amountDollars: "Enter a tip amount." }],
    [TipInput, { amountDollars: "0" }, { amountDollars: "The smallest tip is $1.00." }],
    [RatingInput, { value: "" }, { value: "Choose a rating from 1 to 5." }],
    [RatingInput, { value: 10 }, { value: "The rating must be a whole number from 1 to 5." }],
    [LabelFormatInput, { format: "pdf" }, { format: "Choose PDF or PNG." }],
    [OrderIdParam, { orderId: "0123" }, { orderId: "This is not an order id." }],
  ])("%# refuses %j", (schema, body, fieldErrors) => {
    expect(errorsOf(() => parseInput(schema, body))).toEqual(fieldErrors);
  });

  it("defaults the label format to PNG", () => {
    expect(parseInput(LabelFormatInput, {})).toEqual({ format: "PNG" });
  });
});

describe("courier failures as staff errors", () => {
  const courierError = (
    kind: CourierError["kind"],
    extra: Partial<ConstructorParameters<typeof CourierError>[0]> = {},
  ) => new CourierError({ kind, retryable: false, merchantMessage: `courier says ${kind}`, detail: "d", ...extra });

  it.each<[CourierError, number, string]>([
    [
      courierError("validation", { status: 400, apiErrors: [{ code: 1003, parameter: "amount", message: "x" }] }),
      409,
      "refused because",
    ],
    [
      courierError("validation", { status: 400, apiErrors: [{ code: 1002, parameter: "amount", message: "x" }] }),
      502,
      "courier says validation",
    ],
    [courierError("invalid_request"), 400, "courier says invalid_request"],
    [courierError("throttled", { retryAfterMs: 2000 }), 429, "courier says throttled"],
    [courierError("server", { status: 503 }), 503, "courier says server"],
    [courierError("server", { status: 500 }), 502, "courier says server"],
    [courierError("network"), 503, "courier says network"],
    [courierError("timeout"), 503, "courier says timeout"],
    [courierError("unauthorized", { status: 401 }), 502, "courier says unauthorized"],
    [
      courierError("not_found", { status: 400, apiErrors: [{ code: 1006, parameter: "id", message: "x" }] }),
      502,
      "The courier no longer knows this delivery. Contact the courier's support with the tracking number.",
    ],
    [courierError("unexpected"), 502, "courier says unexpected"],
  ])("%# → %i", (error, status, message) => {
    const mapped = fromCourierError(error, "refused because");
    expect([mapped.status, mapped.message]).toEqual([status, message]);
    expect(mapped.cause).toBe(error);
  });
});
