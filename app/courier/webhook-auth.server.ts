import { createHmac, createSecretKey, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Checks the authentication the courier puts on its webhook calls (one method per account:
 * basic, bearer or x-api-key). Constant time: both sides are reduced to HMAC-SHA256 digests under
 * a per-process random key before `timingSafeEqual`, so neither the length nor the content of a
 * secret leaks, and every accepted secret is checked (no early exit) so a rotation's previous
 * secret costs the same as the current one.
 */

export const WEBHOOK_AUTH_METHODS = ["basic", "bearer", "x-api-key"] as const;
export type WebhookAuthMethod = (typeof WEBHOOK_AUTH_METHODS)[number];

/** The method of a shop that never chose one (the column's default) or whose stored value is not known. */
export const DEFAULT_WEBHOOK_AUTH_METHOD: WebhookAuthMethod = "bearer";

/** A shop's stored method as one this module checks: the one place that decides the fallback. */
export function webhookAuthMethodOf(stored: string | null | undefined): WebhookAuthMethod {
  return (WEBHOOK_AUTH_METHODS as readonly (string | null | undefined)[]).includes(stored)
    ? (stored as WebhookAuthMethod)
    : DEFAULT_WEBHOOK_AUTH_METHOD;
}

export type AcceptedCourierWebhookAuth = {
  method: WebhookAuthMethod;
  /** The current secret and, during a rotation's grace period, the previous one. */
  secrets: readonly string[];
  /** For basic: the user name the operator configured; when omitted any user name is accepted. */
  basicUser?: string;
};

// A KeyObject made once: building the key from bytes on every HMAC cost more than the HMAC itself
// (a tenth of the receiver's CPU in bench:events).
const digestKey = createSecretKey(randomBytes(32));
const digest = (value: string) => createHmac("sha256", digestKey).update(value, "utf8").digest();

function sameText(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

/** The credential part of `Scheme credential`, when the scheme matches (schemes are case-insensitive). */
function credentialFor(header: string | null, scheme: string): string | null {
  if (header === null) return null;
  const match = /^\s*(\S+)\s+(.+?)\s*$/.exec(header);
  if (!match || match[1]!.toLowerCase() !== scheme) return null;
  return match[2]!;
}

function presentedSecret(
  headers: Headers,
  accepted: AcceptedCourierWebhookAuth,
): { user: string | null; secret: string } | null {
  switch (accepted.method) {
    case "bearer": {
      const token = credentialFor(headers.get("authorization"), "bearer");
      return token === null ? null : { user: null, secret: token };
    }
    case "x-api-key": {
      const key = headers.get("x-api-key");
      return key === null ? null : { user: null, secret: key.trim() };
    }
    case "basic": {
      const encoded = credentialFor(headers.get("authorization"), "basic");
      if (encoded === null || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return null;
      const decoded = Buffer.from(encoded, "base64").toString("utf8");
      const colon = decoded.indexOf(":");
      if (colon < 0) return null;
      return { user: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
    }
  }
}

export function verifyCourierWebhookAuth(headers: Headers, accepted: AcceptedCourierWebhookAuth): boolean {
  const presented = presentedSecret(headers, accepted);
  const secrets = accepted.secrets.filter((secret) => secret !== "");
  if (presented === null || presented.secret === "" || secrets.length === 0) return false;

  let userMatches = true;
  if (accepted.method === "basic" && accepted.basicUser !== undefined) {
    userMatches = sameText(presented.user ?? "", accepted.basicUser);
  }
  let anySecretMatches = false;
  const presentedDigest = digest(presented.secret);
  for (const secret of secrets) {
    // Non-short-circuit OR: every secret is compared whatever the earlier results.
    anySecretMatches = timingSafeEqual(presentedDigest, digest(secret)) || anySecretMatches;
  }
  return userMatches && anySecretMatches;
}
