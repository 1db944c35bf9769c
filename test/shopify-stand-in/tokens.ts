/** Access tokens the stand-in has issued, with Shopify's lifetimes for expiring offline tokens. */
import { randomBytes } from "node:crypto";
import { isoDateTime } from "./values";

/** Expiring offline access token: one hour. */
export const EXPIRING_OFFLINE_TOKEN_TTL_S = 3600;
/** Its refresh token: 90 days. */
export const REFRESH_TOKEN_TTL_S = 90 * 24 * 3600;
/** Online (user) access token: one day. */
export const ONLINE_TOKEN_TTL_S = 86_399;

export type IssuedToken = {
  accessToken: string;
  shop: string;
  kind: "offline" | "online";
  scope: string;
  issuedAt: string;
  expiresAt: string | null;
  refreshToken: string | null;
  refreshTokenExpiresAt: string | null;
  refreshTokenUsed: boolean;
  userId: string | null;
  via: "token-exchange" | "refresh" | "migration" | "test";
  revoked: boolean;
};

function secret(prefix: string): string {
  return `${prefix}${randomBytes(16).toString("hex")}`;
}

export class TokenStore {
  readonly issued: IssuedToken[] = [];

  constructor(private readonly clock: () => Date) {}

  issue(input: {
    shop: string;
    kind: "offline" | "online";
    scope: string;
    expiring: boolean;
    userId?: string | null;
    via: IssuedToken["via"];
    /** An expiring offline token's lifetime, when a test needs it to end sooner than Shopify's hour. */
    expiresInS?: number;
  }): IssuedToken {
    const now = this.clock();
    const at = (seconds: number) => isoDateTime(new Date(now.getTime() + seconds * 1000));
    const online = input.kind === "online";
    const token: IssuedToken = {
      accessToken: secret("shpua_"),
      shop: input.shop,
      kind: input.kind,
      scope: input.scope,
      issuedAt: isoDateTime(now),
      expiresAt: online
        ? at(ONLINE_TOKEN_TTL_S)
        : input.expiring
          ? at(input.expiresInS ?? EXPIRING_OFFLINE_TOKEN_TTL_S)
          : null,
      refreshToken: !online && input.expiring ? secret("shprt_") : null,
      refreshTokenExpiresAt: !online && input.expiring ? at(REFRESH_TOKEN_TTL_S) : null,
      refreshTokenUsed: false,
      userId: input.userId ?? null,
      via: input.via,
      revoked: false,
    };
    this.issued.push(token);
    return token;
  }

  private isPast(iso: string | null): boolean {
    return iso !== null && Date.parse(iso) <= this.clock().getTime();
  }

  /** The issued token if it is for that shop, not revoked and not expired. */
  live(shop: string, accessToken: string): IssuedToken | null {
    const token = this.issued.find((t) => t.accessToken === accessToken);
    if (!token || token.shop !== shop || token.revoked || this.isPast(token.expiresAt)) return null;
    return token;
  }

  byLiveRefreshToken(shop: string, refreshToken: string): IssuedToken | null {
    const token = this.issued.find((t) => t.refreshToken === refreshToken);
    if (!token || token.shop !== shop || token.refreshTokenUsed || this.isPast(token.refreshTokenExpiresAt))
      return null;
    return token;
  }

  /** A used refresh token cannot be used again. */
  consumeRefreshToken(token: IssuedToken): void {
    token.refreshTokenUsed = true;
  }

  revoke(token: IssuedToken): void {
    token.revoked = true;
  }

  revokeShop(shop: string): void {
    for (const token of this.issued) if (token.shop === shop) token.revoked = true;
  }
}
