import { describe, expect, it } from "vitest";
import {
  MAX_SERVER_MESSAGE_LENGTH,
  NETWORK_ERROR_MESSAGE,
  callApi,
  errorMessageFor,
  type ApiRequest,
} from "../../extensions/shared/api-client";
import { json, recordingFetch } from "./fixtures";

describe("errorMessageFor", () => {
  it("shows the app's own message", () => {
    expect(errorMessageFor(409, { error: { message: "The driver has already been tipped." } })).toBe(
      "The driver has already been tipped.",
    );
  });

  it.each<[number, unknown, string]>([
    [400, {}, "Some of the details are not valid. Check them and try again."],
    [401, null, "Your session has expired. Close this window, reload the page and try again."],
    [403, "Forbidden", "Your session has expired. Close this window, reload the page and try again."],
    [404, { error: {} }, "This order or delivery is not known to the delivery app."],
    [
      409,
      { error: { message: "   " } },
      "This delivery has changed since you opened it. Reload the page and try again.",
    ],
    [429, undefined, "Too many requests right now. Wait a moment and try again."],
    [502, undefined, "The courier is not answering right now. Try again in a few minutes."],
    [503, undefined, "The courier is not answering right now. Try again in a few minutes."],
    [
      500,
      { error: { message: "x".repeat(MAX_SERVER_MESSAGE_LENGTH + 1) } },
      "Something went wrong in the delivery app. Try again in a few minutes.",
    ],
    [418, { message: "not our shape" }, "Something went wrong in the delivery app. Try again in a few minutes."],
  ])("status %i with %j → %j", (status, body, message) => {
    expect(errorMessageFor(status, body)).toBe(message);
  });
});

describe("callApi", () => {
  const post: ApiRequest<{ shipment: { id: string } }> = {
    method: "POST",
    path: "/api/shipments/shp_1/tip",
    body: { amountDollars: 5 },
  };

  it("sends JSON with the method and path, and returns the body", async () => {
    const { fetchFn, calls } = recordingFetch(() => json({ shipment: { id: "shp_1" } }));
    await expect(callApi(fetchFn, post)).resolves.toEqual({ ok: true, data: { shipment: { id: "shp_1" } } });
    expect(calls).toEqual([
      {
        path: "/api/shipments/shp_1/tip",
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/json" },
        body: { amountDollars: 5 },
      },
    ]);
  });

  it("sends a GET without a body or content type", async () => {
    const { fetchFn, calls } = recordingFetch(() => json({ photos: [] }));
    await callApi(fetchFn, { method: "GET", path: "/api/shipments/shp_1/photos" });
    expect(calls[0]).toEqual({
      path: "/api/shipments/shp_1/photos",
      method: "GET",
      headers: { Accept: "application/json" },
      body: undefined,
    });
  });

  it("passes on the app's message and field errors", async () => {
    const { fetchFn } = recordingFetch(() =>
      json({ error: { message: "Check the tip.", fieldErrors: { amountDollars: "Too large.", bad: 3 } } }, 400),
    );
    await expect(callApi(fetchFn, post)).resolves.toEqual({
      ok: false,
      status: 400,
      message: "Check the tip.",
      fieldErrors: { amountDollars: "Too large." },
    });
  });

  it("reports a network failure in the merchant's words", async () => {
    const fetchFn = () => Promise.reject(new TypeError("fetch failed"));
    await expect(callApi(fetchFn, post)).resolves.toEqual({
      ok: false,
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
      fieldErrors: {},
    });
  });

  it("judges a non-JSON error page by its status", async () => {
    const { fetchFn } = recordingFetch(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    await expect(callApi(fetchFn, post)).resolves.toMatchObject({
      ok: false,
      status: 502,
      message: "The courier is not answering right now. Try again in a few minutes.",
    });
  });

  it("refuses a 2xx answer that is not a JSON object", async () => {
    const { fetchFn } = recordingFetch(() => new Response("OK", { status: 200 }));
    await expect(callApi(fetchFn, post)).resolves.toMatchObject({
      ok: false,
      message: "The delivery app sent an answer that could not be read. Try again.",
    });
  });
});
