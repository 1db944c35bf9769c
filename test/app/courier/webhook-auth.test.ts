import { describe, expect, it } from "vitest";
import {
  DEFAULT_WEBHOOK_AUTH_METHOD,
  verifyCourierWebhookAuth,
  webhookAuthMethodOf,
  type AcceptedCourierWebhookAuth,
} from "~/courier/webhook-auth.server";

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
const headers = (entries: Record<string, string>) => new Headers(entries);

const CURRENT = "current-secret-0123456789";
const PREVIOUS = "previous-secret-9876543210";

describe("verifyCourierWebhookAuth", () => {
  const bearer: AcceptedCourierWebhookAuth = { method: "bearer", secrets: [CURRENT, PREVIOUS] };
  const apiKey: AcceptedCourierWebhookAuth = { method: "x-api-key", secrets: [CURRENT] };
  const basicAuth: AcceptedCourierWebhookAuth = { method: "basic", secrets: [CURRENT, PREVIOUS], basicUser: "courier" };

  it.each([
    ["bearer, current secret", bearer, { authorization: `Bearer ${CURRENT}` }, true],
    ["bearer, previous secret during rotation", bearer, { authorization: `Bearer ${PREVIOUS}` }, true],
    ["bearer, scheme in any case", bearer, { authorization: `bearer ${CURRENT}` }, true],
    ["bearer, wrong secret", bearer, { authorization: "Bearer nope" }, false],
    ["bearer, a prefix of the secret", bearer, { authorization: `Bearer ${CURRENT.slice(0, 10)}` }, false],
    ["bearer, the secret with a suffix", bearer, { authorization: `Bearer ${CURRENT}x` }, false],
    ["bearer, sent as basic", bearer, { authorization: basic("courier", CURRENT) }, false],
    ["bearer, missing header", bearer, {}, false],
    ["bearer, empty credential", bearer, { authorization: "Bearer " }, false],
    ["x-api-key, right key", apiKey, { "x-api-key": CURRENT }, true],
    ["x-api-key, wrong key", apiKey, { "x-api-key": PREVIOUS }, false],
    ["x-api-key, sent as bearer", apiKey, { authorization: `Bearer ${CURRENT}` }, false],
    ["x-api-key, empty", apiKey, { "x-api-key": "" }, false],
    ["basic, current secret", basicAuth, { authorization: basic("courier", CURRENT) }, true],
    ["basic, previous secret", basicAuth, { authorization: basic("courier", PREVIOUS) }, true],
    ["basic, wrong user", basicAuth, { authorization: basic("someone", CURRENT) }, false],
    ["basic, wrong password", basicAuth, { authorization: basic("courier", "guess") }, false],
    ["basic, no colon", basicAuth, { authorization: `Basic ${Buffer.from("courier").toString("base64")}` }, false],
    ["basic, not base64", basicAuth, { authorization: "Basic %%%" }, false],
    [
      "basic, password with a colon",
      { method: "basic", secrets: ["a:b"], basicUser: "u" },
      { authorization: basic("u", "a:b") },
      true,
    ],
    [
      "basic, any user when none is configured",
      { method: "basic", secrets: [CURRENT] },
      { authorization: basic("x", CURRENT) },
      true,
    ],
    ["no secrets configured", { method: "bearer", secrets: [] }, { authorization: "Bearer " }, false],
    ["only an empty secret configured", { method: "x-api-key", secrets: [""] }, { "x-api-key": "" }, false],
  ] as const)("%s → %s", (_name, accepted, sent, expected) => {
    expect(verifyCourierWebhookAuth(headers(sent), accepted as AcceptedCourierWebhookAuth)).toBe(expected);
  });
});

describe("webhookAuthMethodOf", () => {
  it.each([
    ["basic", "basic"],
    ["bearer", "bearer"],
    ["x-api-key", "x-api-key"],
    ["hmac", DEFAULT_WEBHOOK_AUTH_METHOD],
    ["", DEFAULT_WEBHOOK_AUTH_METHOD],
    [null, DEFAULT_WEBHOOK_AUTH_METHOD],
    [undefined, DEFAULT_WEBHOOK_AUTH_METHOD],
  ])("a stored %j is checked as %s", (stored, method) => {
    expect(webhookAuthMethodOf(stored)).toBe(method);
  });

  it("falls back to bearer, the Shop column's default", () => {
    expect(DEFAULT_WEBHOOK_AUTH_METHOD).toBe("bearer");
  });
});
