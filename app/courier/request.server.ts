import { BodyTooLargeError, readCappedBody } from "~/http/capped-body.server";
import { LOOPBACK_HOSTS } from "~/config/loopback-hosts";
import {
  CourierError,
  errorFromResponse,
  invalidRequestError,
  networkError,
  timeoutError,
  unexpectedResponseError,
} from "./errors";
import { courierTokenKey, type CourierLane, type CourierRateLimiter } from "./rate-limit-policy";

/**
 * The one function that sends a request to the courier. It adds the bearer token, refuses plain
 * HTTP except to loopback, bounds each attempt with a timeout, caps response sizes, waits for the
 * rate limiter, and retries with exponential backoff and full jitter on 429 (honouring
 * Retry-After), 500/502/503/504, network errors and timeouts — but only for requests that are safe
 * to repeat: reads, and creates that carry an idempotency_key (the same body, so the same key, is
 * sent on every attempt); a PUT or DELETE gets one more try only after a connection reset before any
 * answer. A 429 holds the whole token off in the limiter for its Retry-After. With `failFast` nothing waits: no limiter queue, no retry sleep.
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type CourierCallOptions = {
  lane?: CourierLane;
  failFast?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
};

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export type CourierRequestConfig = {
  baseUrl: string;
  token: string;
  limiter: CourierRateLimiter;
  fetch?: typeof fetch;
  clock?: () => Date;
  sleep?: Sleep;
  random?: () => number;
  /** Per attempt; default 10 s. */
  timeoutMs?: number;
  /** Retries after the first attempt; default 4. */
  maxRetries?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A Retry-After longer than this is not waited for: the error is thrown for a job to retry later. */
  maxRetryWaitMs?: number;
  maxJsonBytes?: number;
  maxBinaryBytes?: number;
};

export type CourierRequestSpec = {
  method: HttpMethod;
  /** Starts with /v1/. */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** True for reads and for creates that carry an idempotency_key. */
  retrySafe: boolean;
  expect: "json" | "binary";
  /** Statuses returned to the caller instead of thrown (e.g. 404 for "no image yet"). */
  passStatuses?: readonly number[];
};

export type CourierHttpResponse = { status: number; headers: Headers; body: Uint8Array };

export const DEFAULT_TIMEOUT_MS = 10_000;
/** How long the token is held off after a 429 that carries no usable Retry-After. */
export const DEFAULT_HOLD_OFF_MS = 1_000;
export const MAX_JSON_BYTES = 1024 * 1024;
export const MAX_BINARY_BYTES = 10 * 1024 * 1024;
const RETRYABLE_KINDS = new Set(["throttled", "server", "network", "timeout"]);
const IDEMPOTENT_METHODS = new Set<HttpMethod>(["PUT", "DELETE"]);

/** Validates a courier base URL: HTTPS, or HTTP to a loopback host (the local sandbox). */
export function checkCourierBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw invalidRequestError([{ path: "baseUrl", message: "is not a valid web address" }]);
  }
  const loopback = LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) {
    throw invalidRequestError([{ path: "baseUrl", message: "must start with https://" }]);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw invalidRequestError([{ path: "baseUrl", message: "must not carry credentials, a query or a fragment" }]);
  }
  return url;
}

export const realSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(timeoutError(null));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(timeoutError(null));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });

class AttemptTimeout extends Error {}

/** The response's bytes; a body past `maxBytes` (declared or read) is an unexpected response. */
async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  try {
    return await readCappedBody(response.body, response.headers.get("content-length"), maxBytes);
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    throw unexpectedResponseError(`response exceeds the ${maxBytes}-byte cap`, response.status);
  }
}

export function createCourierRequester(config: CourierRequestConfig) {
  const base = checkCourierBaseUrl(config.baseUrl);
  const basePath = base.pathname.replace(/\/+$/, "");
  const fetchImpl = config.fetch ?? globalThis.fetch;
  const clock = config.clock ?? (() => new Date());
  const sleep = config.sleep ?? realSleep;
  const random = config.random ?? Math.random;
  const tokenKey = courierTokenKey(config.token);
  const maxRetries = config.maxRetries ?? 4;
  const baseDelayMs = config.baseDelayMs ?? 250;
  const maxDelayMs = config.maxDelayMs ?? 8_000;
  const maxRetryWaitMs = config.maxRetryWaitMs ?? 30_000;

  const urlFor = (spec: CourierRequestSpec) => {
    const url = new URL(base.origin);
    url.pathname = `${basePath}${spec.path}`;
    for (const [key, value] of Object.entries(spec.query ?? {})) url.searchParams.set(key, value);
    return url;
  };

  async function attempt(spec: CourierRequestSpec, opts: CourierCallOptions): Promise<CourierHttpResponse> {
    const timeoutMs = opts.timeoutMs ?? config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new AttemptTimeout()), timeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, controller.signal]) : controller.signal;
    const headers: Record<string, string> = {
      authorization: `Bearer ${config.token}`,
      accept: spec.expect === "json" ? "application/json" : "*/*",
    };
    if (spec.body !== undefined) headers["content-type"] = "application/json";
    let answered = false;
    try {
      const response = await fetchImpl(urlFor(spec), {
        method: spec.method,
        headers,
        body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        signal,
        redirect: "error",
      });
      answered = true;
      const ok = response.ok || (spec.passStatuses ?? []).includes(response.status);
      const cap =
        ok && spec.expect === "binary"
          ? (config.maxBinaryBytes ?? MAX_BINARY_BYTES)
          : (config.maxJsonBytes ?? MAX_JSON_BYTES);
      const body = await readCapped(response, cap);
      if (!ok) throw errorFromResponse(response.status, new TextDecoder().decode(body), response.headers, clock());
      return { status: response.status, headers: response.headers, body };
    } catch (error) {
      if (error instanceof CourierError) throw error;
      if (opts.signal?.aborted) throw timeoutError(null);
      if (controller.signal.aborted) throw timeoutError(timeoutMs);
      throw networkError(error, answered);
    } finally {
      clearTimeout(timer);
    }
  }

  function retryDelay(error: CourierError, attemptIndex: number): number {
    const jitterCap = Math.min(maxDelayMs, baseDelayMs * 2 ** attemptIndex);
    if (error.retryAfterMs !== undefined) return error.retryAfterMs + random() * baseDelayMs;
    return random() * jitterCap;
  }

  async function send(spec: CourierRequestSpec, opts: CourierCallOptions = {}): Promise<CourierHttpResponse> {
    const failFast = opts.failFast ?? false;
    const lane = opts.lane ?? "background";
    for (let attemptIndex = 0; ; attemptIndex++) {
      if (opts.signal?.aborted) throw timeoutError(null);
      const release = await config.limiter.acquire(tokenKey, lane, { failFast, signal: opts.signal });
      try {
        try {
          return await attempt(spec, opts);
        } finally {
          release?.();
        }
      } catch (error) {
        if (!(error instanceof CourierError)) throw error;
        // The courier's 429 is about the token, not this request: every request with it waits.
        if (error.kind === "throttled" && error.status === 429) {
          await config.limiter.holdOff(tokenKey, error.retryAfterMs ?? DEFAULT_HOLD_OFF_MS);
        }
        // A PUT or DELETE is idempotent by HTTP's rules and, at the courier, set-once (a tip) or a cancel: one
        // more try after a connection reset before any answer (a kept-alive socket the courier had just closed;
        // the fuzz run met it on a tip). A reset after the answer began may follow work done: not retried.
        const resetRetry = IDEMPOTENT_METHODS.has(spec.method) && error.resetBeforeAnswer && attemptIndex === 0;
        // A 429 is the courier refusing the request before any work ("clients must follow Retry-After",
        // delivery-api.md): any method may be sent again once the wait has passed.
        const refusedUnseen = error.kind === "throttled" && error.status === 429;
        const canRetry =
          (spec.retrySafe || resetRetry || refusedUnseen) &&
          !failFast &&
          attemptIndex < maxRetries &&
          RETRYABLE_KINDS.has(error.kind) &&
          !opts.signal?.aborted;
        if (!canRetry) throw error;
        const delay = retryDelay(error, attemptIndex);
        if (delay > maxRetryWaitMs) throw error;
        await sleep(delay, opts.signal);
      }
    }
  }

  return { send, tokenKey };
}

export type CourierRequester = ReturnType<typeof createCourierRequester>;
