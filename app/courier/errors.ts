import { API_ERROR_CODES } from "./limits";
import type { FieldError } from "./requests";
import { ErrorBodySchema } from "./responses";

/**
 * The one place that turns a courier failure into a typed error. Each error says whether trying
 * again can help and carries a message fit to show a merchant: never the token, never the raw
 * body (which may echo customer data).
 */

/** What staff are told when the shop has no courier account connected (every staff action, the same words). */
export const COURIER_NOT_CONNECTED =
  "Connect your courier account in the app's settings (Settings › Courier account) first.";

export type CourierErrorKind =
  | "invalid_request" // our own pre-send validation; nothing was sent
  | "validation" // 400 with the courier's error list
  | "unauthorized"
  | "not_found"
  | "duplicate"
  | "throttled"
  | "server"
  | "network"
  | "timeout"
  | "unexpected";

export type ApiError = { code: number; parameter: string; message: string };

export type CourierErrorInit = {
  kind: CourierErrorKind;
  status?: number;
  retryable: boolean;
  retryAfterMs?: number;
  merchantMessage: string;
  detail: string;
  fieldErrors?: FieldError[];
  apiErrors?: ApiError[];
  /** A network error: the connection was reset or closed before any answer came (see networkError). */
  resetBeforeAnswer?: boolean;
  cause?: unknown;
};

export class CourierError extends Error {
  readonly kind: CourierErrorKind;
  readonly status?: number;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  readonly merchantMessage: string;
  readonly fieldErrors: FieldError[];
  readonly apiErrors: ApiError[];
  readonly resetBeforeAnswer: boolean;

  constructor(init: CourierErrorInit) {
    super(`Courier ${init.kind}${init.status ? ` (${init.status})` : ""}: ${init.detail}`, { cause: init.cause });
    this.name = "CourierError";
    this.kind = init.kind;
    this.status = init.status;
    this.retryable = init.retryable;
    this.retryAfterMs = init.retryAfterMs;
    this.merchantMessage = init.merchantMessage;
    this.fieldErrors = init.fieldErrors ?? [];
    this.apiErrors = init.apiErrors ?? [];
    this.resetBeforeAnswer = init.resetBeforeAnswer ?? false;
  }
}

const CODE_MEANINGS: Record<number, string> = {
  [API_ERROR_CODES.missing]: "is missing",
  [API_ERROR_CODES.invalid]: "is not valid",
  [API_ERROR_CODES.rule]: "is not allowed now",
  [API_ERROR_CODES.addressNotFound]: "is an address the courier cannot find",
  [API_ERROR_CODES.noRoute]: "has no delivery route to the other address",
  [API_ERROR_CODES.notFound]: "does not match a shipment",
};

/** 1004 (address not found) and 1005 (no route): "no rate" at checkout, "needs attention: address" at dispatch. */
export function isAddressProblem(error: unknown): boolean {
  return (
    error instanceof CourierError &&
    error.apiErrors.some((e) => e.code === API_ERROR_CODES.addressNotFound || e.code === API_ERROR_CODES.noRoute)
  );
}

export function invalidRequestError(fieldErrors: FieldError[]): CourierError {
  const listed = fieldErrors
    .slice(0, 5)
    .map((e) => `${e.path || "request"} ${e.message}`)
    .join("; ");
  const more = fieldErrors.length > 5 ? ` (and ${fieldErrors.length - 5} more)` : "";
  return new CourierError({
    kind: "invalid_request",
    retryable: false,
    merchantMessage: `Some delivery details are not valid: ${listed}${more}.`,
    detail: `invalid request: ${fieldErrors.map((e) => e.path).join(", ")}`,
    fieldErrors,
  });
}

/**
 * The messages and codes down an error's cause chain: fetch's own error says only "fetch failed",
 * the socket's reason ("other side closed", ECONNRESET) is in its cause.
 */
function causeChain(cause: unknown): { text: string; codes: string[] } {
  const parts: string[] = [];
  const codes: string[] = [];
  for (let at = cause, depth = 0; at !== undefined && at !== null && depth < 4; depth++) {
    if (!(at instanceof Error)) {
      parts.push(String(at));
      break;
    }
    const code = (at as { code?: unknown }).code;
    if (typeof code === "string") codes.push(code);
    parts.push(typeof code === "string" ? `${at.message} (${code})` : at.message);
    at = at.cause;
  }
  return { text: parts.join(": "), codes };
}

/** The socket was reset or closed under the request: what a kept-alive connection the server had just dropped gives. */
const CONNECTION_RESET_CODES = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET"]);

/**
 * `answered`: whether the courier's answer had begun (its status came) before the failure. Only a
 * reset before any answer is `resetBeforeAnswer`.
 */
export function networkError(cause: unknown, answered = false): CourierError {
  const chain = causeChain(cause);
  return new CourierError({
    kind: "network",
    retryable: true,
    merchantMessage:
      "The courier's service could not be reached. The app will try again; you can also retry in a few minutes.",
    detail: `network failure: ${chain.text}`,
    resetBeforeAnswer: !answered && chain.codes.some((code) => CONNECTION_RESET_CODES.has(code)),
    cause,
  });
}

export function timeoutError(afterMs: number | null): CourierError {
  return new CourierError({
    kind: "timeout",
    retryable: true,
    merchantMessage: "The courier did not answer in time. Try again in a moment.",
    detail: afterMs === null ? "request aborted by the caller" : `no answer within ${afterMs} ms`,
  });
}

export function throttledError(retryAfterMs: number | undefined, detail: string, status?: number): CourierError {
  return new CourierError({
    kind: "throttled",
    status,
    retryable: true,
    retryAfterMs,
    merchantMessage: "The courier is busy right now (too many requests). Try again in a few seconds.",
    detail,
  });
}

export function unexpectedResponseError(detail: string, status?: number): CourierError {
  return new CourierError({
    kind: "unexpected",
    status,
    retryable: false,
    merchantMessage: "The courier sent an answer the app does not understand. Try again later or contact support.",
    detail,
  });
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: Date): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now.getTime());
}

function readApiErrors(bodyText: string): ApiError[] {
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    return [];
  }
  const parsed = ErrorBodySchema.safeParse(json);
  if (!parsed.success) return [];
  return parsed.data.errors.map((e) => ({
    code: e.code ?? 0,
    parameter: e.parameter ?? "",
    message: e.message ?? "",
  }));
}

function describeApiErrors(apiErrors: ApiError[]): string {
  if (apiErrors.length === 0) return "the request was refused";
  return apiErrors
    .slice(0, 5)
    .map((e) => `${e.parameter || "the request"} ${CODE_MEANINGS[e.code] ?? "was refused"}`)
    .join("; ");
}

/** Makes the typed error for a non-success response. */
export function errorFromResponse(
  status: number,
  bodyText: string,
  headers: Headers,
  now: Date = new Date(),
): CourierError {
  const apiErrors = readApiErrors(bodyText);
  const codes = apiErrors.map((e) => `${e.code}${e.parameter ? ` ${e.parameter}` : ""}`).join(", ");
  const detail = `HTTP ${status}${codes ? ` [${codes}]` : ""}`;
  const base = { status, apiErrors, detail };

  if ((status === 400 && apiErrors.some((e) => e.code === API_ERROR_CODES.notFound)) || status === 404) {
    return new CourierError({
      ...base,
      kind: "not_found",
      retryable: false,
      merchantMessage:
        status === 404 && apiErrors.length === 0
          ? "The courier does not know this request (the courier address may be wrong)."
          : "The courier has no shipment with this id.",
    });
  }
  if (status === 400 || status === 422) {
    const address = apiErrors.some(
      (e) => e.code === API_ERROR_CODES.addressNotFound || e.code === API_ERROR_CODES.noRoute,
    );
    return new CourierError({
      ...base,
      kind: "validation",
      retryable: false,
      merchantMessage: address
        ? `The courier cannot deliver between these addresses: ${describeApiErrors(apiErrors)}. Check the pickup and delivery addresses.`
        : `The courier refused the request: ${describeApiErrors(apiErrors)}.`,
    });
  }
  if (status === 401 || status === 403) {
    return new CourierError({
      ...base,
      kind: "unauthorized",
      retryable: false,
      merchantMessage: "The courier did not accept the access token. Check the courier token in the app settings.",
    });
  }
  if (status === 409) {
    return new CourierError({
      ...base,
      kind: "duplicate",
      retryable: false,
      merchantMessage: "This shipment was already created with the courier.",
    });
  }
  if (status === 429) return throttledError(parseRetryAfter(headers.get("retry-after"), now), detail, status);
  if (status >= 500) {
    return new CourierError({
      ...base,
      kind: "server",
      retryable: true,
      retryAfterMs: parseRetryAfter(headers.get("retry-after"), now),
      merchantMessage:
        status === 503
          ? "The courier's service is down for maintenance. Try again in a few minutes."
          : "The courier's service had a problem. Try again in a few minutes.",
    });
  }
  return unexpectedResponseError(detail, status);
}
