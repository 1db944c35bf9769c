import { CourierError } from "~/courier/errors";
import { API_ERROR_CODES } from "~/courier/limits";

/**
 * Why a staff action was refused or failed, in the merchant's words, with the HTTP status the
 * extension contract gives it (400 input, 404 unknown or another shop's, 409 state, 429 busy,
 * 502/503 courier or Shopify busy, 500 the app's own failure). The pages show the same message
 * next to the form.
 */

export type StaffErrorStatus = 400 | 404 | 409 | 429 | 500 | 502 | 503;

export class StaffActionError extends Error {
  readonly status: StaffErrorStatus;
  readonly fieldErrors?: Record<string, string>;
  readonly retryAfterMs?: number;

  constructor(
    status: StaffErrorStatus,
    message: string,
    options: { fieldErrors?: Record<string, string>; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "StaffActionError";
    this.status = status;
    this.fieldErrors = options.fieldErrors;
    this.retryAfterMs = options.retryAfterMs;
  }
}

export const SHIPMENT_NOT_FOUND = "This delivery was not found in your store.";
export const ORDER_NOT_FOUND = "This order was not found in your store.";
export const COURIER_NOT_CONNECTED =
  "Connect your courier account in the app's settings (Settings › Courier account) first.";

export function invalidInput(
  fieldErrors: Record<string, string>,
  message = "Check the highlighted fields.",
): StaffActionError {
  return new StaffActionError(400, message, { fieldErrors });
}

/**
 * A courier failure as the staff action's error. `refusedBecause` words the courier's 1003
 * ("violates system rules") for this action: the state no longer allows it (409).
 */
export function fromCourierError(error: CourierError, refusedBecause: string): StaffActionError {
  const rule = error.apiErrors.some((e) => e.code === API_ERROR_CODES.rule);
  switch (error.kind) {
    case "validation":
      return rule
        ? new StaffActionError(409, refusedBecause, { cause: error })
        : new StaffActionError(502, error.merchantMessage, { cause: error });
    case "invalid_request":
      return new StaffActionError(400, error.merchantMessage, { cause: error });
    case "throttled":
      return new StaffActionError(429, error.merchantMessage, { retryAfterMs: error.retryAfterMs, cause: error });
    case "server":
      return new StaffActionError(error.status === 503 ? 503 : 502, error.merchantMessage, { cause: error });
    case "network":
    case "timeout":
      return new StaffActionError(503, error.merchantMessage, { cause: error });
    case "not_found":
      return new StaffActionError(
        502,
        error.apiErrors.length > 0
          ? "The courier no longer knows this delivery. Contact the courier's support with the tracking number."
          : error.merchantMessage,
        { cause: error },
      );
    case "unauthorized":
    case "duplicate":
    case "unexpected":
      return new StaffActionError(502, error.merchantMessage, { cause: error });
  }
}

/** Runs a courier call; a CourierError becomes the action's StaffActionError. */
export async function courierCall<T>(call: () => Promise<T>, refusedBecause: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CourierError) throw fromCourierError(error, refusedBecause);
    throw error;
  }
}
