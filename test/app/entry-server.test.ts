import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "~/entry.server";

/** Remix's answer to a path no route matches, as handleError receives it. */
const notFound = { status: 404, statusText: "Not Found", internal: true, data: 'No route matches URL "/nope"' };
const args = (path: string, aborted = false) => {
  const controller = new AbortController();
  if (aborted) controller.abort();
  return {
    request: new Request(`https://courier-app.test${path}`, { signal: controller.signal }),
    params: {},
    context: {},
  };
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("handleError", () => {
  it("logs a route's failure once at error level through the app's logger, with its cause and path", () => {
    const errors: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...parts: unknown[]) => void errors.push(parts.join(" ")));
    handleError(new Error("database is gone"), args("/webhooks/orders/cancelled"));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("request failed");
    expect(errors[0]).toContain("database is gone");
    expect(errors[0]).toContain("/webhooks/orders/cancelled");
  });

  it("keeps a tracking token out of the logged path", () => {
    const errors: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...parts: unknown[]) => void errors.push(parts.join(" ")));
    handleError(new Error("boom"), args("/t/AbCdEfGhIjKlMnOpQrStUv"));
    expect(errors.join("\n")).not.toContain("AbCdEfGhIjKlMnOpQrStUv");
  });

  it("does not log a 404, a thrown 4xx Response or an abandoned request as an error", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    handleError(notFound, args("/nope"));
    handleError(new Response(null, { status: 401 }), args("/api/orders/1/quote"));
    handleError(new Error("client went away"), args("/app", true));
    expect(errors).not.toHaveBeenCalled();
  });
});
