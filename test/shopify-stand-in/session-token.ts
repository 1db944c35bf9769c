/** Verifies an App Bridge session token (ID token) the way Shopify's token endpoint must: HS256 with the app secret. */
import { createHmac, timingSafeEqual } from "node:crypto";

/** Seconds of clock skew tolerated on exp/nbf (the Shopify library allows 10). */
export const SESSION_TOKEN_CLOCK_TOLERANCE_S = 10;

export type SessionTokenClaims = {
  iss: string;
  dest: string;
  aud: string;
  sub?: string;
  exp: number;
  nbf: number;
  iat: number;
  jti: string;
  sid?: string;
};

export type VerifiedSessionToken = { ok: true; claims: SessionTokenClaims } | { ok: false; reason: string };

function decodeJson(part: string): unknown {
  return JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
}

export function verifySessionToken(
  token: string,
  expected: { apiKey: string; apiSecret: string; shop: string; now: Date },
): VerifiedSessionToken {
  const parts = token.split(".");
  if (parts.length !== 3) return { ok: false, reason: "The session token is not a JWT." };
  const [header, payload, signature] = parts as [string, string, string];
  let claims: SessionTokenClaims;
  try {
    const decodedHeader = decodeJson(header) as { alg?: string };
    if (decodedHeader.alg !== "HS256") return { ok: false, reason: "The session token is not signed with HS256." };
    claims = decodeJson(payload) as SessionTokenClaims;
  } catch {
    return { ok: false, reason: "The session token cannot be decoded." };
  }
  const expectedSignature = createHmac("sha256", expected.apiSecret).update(`${header}.${payload}`).digest();
  const givenSignature = Buffer.from(signature, "base64url");
  if (givenSignature.length !== expectedSignature.length || !timingSafeEqual(givenSignature, expectedSignature)) {
    return { ok: false, reason: "The session token signature is invalid." };
  }
  const nowS = expected.now.getTime() / 1000;
  if (typeof claims.exp !== "number" || claims.exp + SESSION_TOKEN_CLOCK_TOLERANCE_S < nowS)
    return { ok: false, reason: "The session token has expired." };
  if (typeof claims.nbf !== "number" || claims.nbf - SESSION_TOKEN_CLOCK_TOLERANCE_S > nowS)
    return { ok: false, reason: "The session token is not valid yet." };
  if (claims.aud !== expected.apiKey) return { ok: false, reason: "The session token was issued for another app." };
  if (claims.dest !== `https://${expected.shop}`)
    return { ok: false, reason: "The session token was issued for another shop." };
  if (claims.iss !== `https://${expected.shop}/admin`)
    return { ok: false, reason: "The session token has an unexpected issuer." };
  return { ok: true, claims };
}
