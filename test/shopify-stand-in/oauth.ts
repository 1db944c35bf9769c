/**
 * POST /admin/oauth/access_token on the shop's host, as @shopify/shopify-api 15 uses it (JSON body):
 * - OAuth token exchange: subject_token = session token (id_token) → offline or online token (the
 *   online one names the session token's user from the shop's staff: `associated_user`),
 *   `expiring: "1"` → expiring offline token with a refresh token;
 * - token exchange with an offline token as subject → migration to an expiring token;
 * - refresh_token grant → a new access token and a new refresh token (the used one stops working).
 */
import { timingSafeEqual, createHash } from "node:crypto";
import { verifySessionToken } from "./session-token";
import type { ShopState, StaffUserState } from "./shop-state";
import { type IssuedToken, type TokenStore } from "./tokens";
import { isoDateTime } from "./values";

export const TOKEN_EXCHANGE_GRANT = "urn:ietf:params:oauth:grant-type:token-exchange";
export const ID_TOKEN_TYPE = "urn:ietf:params:oauth:token-type:id_token";
export const OFFLINE_TOKEN_TYPE = "urn:shopify:params:oauth:token-type:offline-access-token";
export const ONLINE_TOKEN_TYPE = "urn:shopify:params:oauth:token-type:online-access-token";

export type OAuthDeps = {
  apiKey: string;
  apiSecret: string;
  scopes: string[];
  tokens: TokenStore;
  clock: () => Date;
  /** An OAuth request the stand-in does not implement (reported so the test fails). */
  onUnsupported: (message: string) => void;
};

export type OAuthAnswer = { status: number; body: Record<string, unknown> };

function sameSecret(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

function seconds(untilIso: string | null, now: Date): number | undefined {
  return untilIso === null ? undefined : Math.round((Date.parse(untilIso) - now.getTime()) / 1000);
}

function offlineBody(token: IssuedToken, now: Date): Record<string, unknown> {
  return {
    access_token: token.accessToken,
    scope: token.scope,
    ...(token.expiresAt ? { expires_in: seconds(token.expiresAt, now) } : {}),
    ...(token.refreshToken
      ? { refresh_token: token.refreshToken, refresh_token_expires_in: seconds(token.refreshTokenExpiresAt, now) }
      : {}),
  };
}

function onlineBody(
  token: IssuedToken,
  user: StaffUserState,
  sessionId: string | undefined,
  now: Date,
): Record<string, unknown> {
  return {
    access_token: token.accessToken,
    scope: token.scope,
    expires_in: seconds(token.expiresAt, now),
    associated_user_scope: token.scope,
    ...(sessionId ? { session: sessionId } : {}),
    associated_user: {
      id: Number(user.userId),
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      account_owner: user.accountOwner,
      locale: user.locale,
      collaborator: user.collaborator,
      email_verified: true,
    },
  };
}

const invalid = (error: string, description: string, status = 400): OAuthAnswer => ({
  status,
  body: { error, error_description: description },
});

export function answerAccessTokenRequest(
  shop: ShopState,
  params: Record<string, unknown>,
  deps: OAuthDeps,
): OAuthAnswer {
  const now = deps.clock();
  const text = (name: string) => (typeof params[name] === "string" ? (params[name] as string) : "");
  if (text("client_id") !== deps.apiKey || !sameSecret(text("client_secret"), deps.apiSecret)) {
    return invalid("invalid_client", "Client authentication failed: the client_id or client_secret is wrong.", 401);
  }
  const scope = deps.scopes.join(",");
  const grant = text("grant_type");
  if (grant === "refresh_token") {
    const previous = deps.tokens.byLiveRefreshToken(shop.myshopifyDomain, text("refresh_token"));
    if (!previous) return invalid("invalid_grant", "The refresh token is invalid, expired or already used.");
    deps.tokens.consumeRefreshToken(previous);
    const token = deps.tokens.issue({
      shop: shop.myshopifyDomain,
      kind: "offline",
      scope: previous.scope,
      expiring: true,
      via: "refresh",
    });
    return { status: 200, body: offlineBody(token, now) };
  }
  if (grant !== TOKEN_EXCHANGE_GRANT) {
    deps.onUnsupported(`grant_type ${JSON.stringify(grant)} on /admin/oauth/access_token`);
    return invalid("unsupported_grant_type", `The grant type ${JSON.stringify(grant)} is not supported.`);
  }
  const subjectType = text("subject_token_type");
  const requested = text("requested_token_type");
  const expiring = text("expiring") === "1";
  if (subjectType === OFFLINE_TOKEN_TYPE) {
    const old = deps.tokens.live(shop.myshopifyDomain, text("subject_token"));
    if (!old || old.kind !== "offline" || old.expiresAt !== null)
      return invalid(
        "invalid_subject_token",
        "The subject token is not a non-expiring offline access token of this shop.",
      );
    deps.tokens.revoke(old);
    const token = deps.tokens.issue({
      shop: shop.myshopifyDomain,
      kind: "offline",
      scope: old.scope,
      expiring: true,
      via: "migration",
    });
    return { status: 200, body: offlineBody(token, now) };
  }
  if (subjectType !== ID_TOKEN_TYPE)
    return invalid("invalid_request", `Unsupported subject_token_type ${JSON.stringify(subjectType)}.`);
  const verified = verifySessionToken(text("subject_token"), {
    apiKey: deps.apiKey,
    apiSecret: deps.apiSecret,
    shop: shop.myshopifyDomain,
    now,
  });
  if (!verified.ok) return invalid("invalid_subject_token", verified.reason);
  if (requested === OFFLINE_TOKEN_TYPE) {
    const token = deps.tokens.issue({
      shop: shop.myshopifyDomain,
      kind: "offline",
      scope,
      expiring,
      via: "token-exchange",
    });
    shop.appInstallation.installedAt ??= isoDateTime(now);
    return { status: 200, body: offlineBody(token, now) };
  }
  if (requested === ONLINE_TOKEN_TYPE) {
    if (!verified.claims.sub) return invalid("invalid_subject_token", "The session token has no user (sub).");
    const user = shop.staff.find((staff) => staff.userId === verified.claims.sub);
    if (!user) return invalid("invalid_subject_token", "The session token's user is not on the shop's staff.");
    const token = deps.tokens.issue({
      shop: shop.myshopifyDomain,
      kind: "online",
      scope,
      expiring: true,
      userId: verified.claims.sub,
      via: "token-exchange",
    });
    return { status: 200, body: onlineBody(token, user, verified.claims.sid, now) };
  }
  return invalid("invalid_request", `Unsupported requested_token_type ${JSON.stringify(requested)}.`);
}
