/**
 * Calls to the app backend from an extension. `fetch` is passed in: in the admin it is the global
 * fetch (relative URLs carry the session token); in tests, a recording stand-in.
 */
import { isApiErrorBody } from "./api-contract";

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** A request ready to send; `TResponse` is the 2xx body type the route promises. */
export interface ApiRequest<TResponse> {
  method: "GET" | "POST";
  path: string;
  body?: unknown;
  /** Phantom marker tying the request to its response type. */
  readonly response?: TResponse;
}

export type ApiResult<T> =
  { ok: true; data: T } | { ok: false; status: number; message: string; fieldErrors: Record<string, string> };

/** Longest server message shown as is; anything longer is not a message written for a merchant. */
export const MAX_SERVER_MESSAGE_LENGTH = 300;

export const NETWORK_ERROR_MESSAGE = "The delivery app could not be reached. Check your connection and try again.";

/** The merchant's message for a failed call: the app's own message when it sent one, else by status. */
export function errorMessageFor(status: number, body: unknown): string {
  if (isApiErrorBody(body)) {
    const message = body.error.message.trim();
    if (message !== "" && message.length <= MAX_SERVER_MESSAGE_LENGTH) return message;
  }
  if (status === 400 || status === 422) return "Some of the details are not valid. Check them and try again.";
  if (status === 401 || status === 403) {
    return "Your session has expired. Close this window, reload the page and try again.";
  }
  if (status === 404) return "This order or delivery is not known to the delivery app.";
  if (status === 409) return "This delivery has changed since you opened it. Reload the page and try again.";
  if (status === 429) return "Too many requests right now. Wait a moment and try again.";
  if (status === 502 || status === 503 || status === 504) {
    return "The courier is not answering right now. Try again in a few minutes.";
  }
  return "Something went wrong in the delivery app. Try again in a few minutes.";
}

function fieldErrorsOf(body: unknown): Record<string, string> {
  if (!isApiErrorBody(body) || !body.error.fieldErrors) return {};
  const entries = Object.entries(body.error.fieldErrors).filter(
    (entry): entry is [string, string] => typeof entry[1] === "string",
  );
  return Object.fromEntries(entries);
}

export function requestInit(request: ApiRequest<unknown>): RequestInit {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (request.body === undefined) return { method: request.method, headers };
  headers["Content-Type"] = "application/json";
  return { method: request.method, headers, body: JSON.stringify(request.body) };
}

export async function callApi<T>(fetchFn: FetchLike, request: ApiRequest<T>): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetchFn(request.path, requestInit(request));
  } catch {
    return { ok: false, status: 0, message: NETWORK_ERROR_MESSAGE, fieldErrors: {} };
  }
  let body: unknown = undefined;
  try {
    body = await response.json();
  } catch {
    // Not JSON: a proxy error page or an empty body. Judged by its status below.
  }
  if (!response.ok) {
    return {
      ok: false,
      status: response.status,
      message: errorMessageFor(response.status, body),
      fieldErrors: fieldErrorsOf(body),
    };
  }
  if (typeof body !== "object" || body === null) {
    return {
      ok: false,
      status: response.status,
      message: "The delivery app sent an answer that could not be read. Try again.",
      fieldErrors: {},
    };
  }
  return { ok: true, data: body as T };
}
