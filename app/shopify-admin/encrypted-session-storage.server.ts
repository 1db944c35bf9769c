import { Session } from "@shopify/shopify-api";
import {
  decryptSecret,
  encryptSecret,
  isSealedSecret,
  needsReencryption,
  type KeyRing,
} from "~/crypto/secret-box.server";
import type { Db } from "~/db/client.server";
import { componentLogger } from "~/logging/logger.server";

/**
 * The Shopify session storage: the library's Prisma storage with the access token and refresh token
 * sealed at rest by the app's secret box (like the courier tokens). The library stores and loads
 * sessions as before and sees them decrypted.
 *
 * Rows written before (plaintext) or under a previous key are sealed anew on their first read, by a
 * conditional update that only replaces the exact value read: a token the library stored meanwhile is
 * never overwritten with the older one. Nothing has to run at start, and a shop that is never read
 * again is removed with its other rows (uninstall, shop/redact).
 */

/** What the Shopify library asks of a session storage (the Prisma storage's methods). */
export type ShopifySessionStorage = {
  storeSession(session: Session): Promise<boolean>;
  loadSession(id: string): Promise<Session | undefined>;
  deleteSession(id: string): Promise<boolean>;
  deleteSessions(ids: string[]): Promise<boolean>;
  findSessionsByShop(shop: string): Promise<Session[]>;
  isReady?(): Promise<boolean>;
};

const SEALED_FIELDS = ["accessToken", "refreshToken"] as const;
type SealedField = (typeof SEALED_FIELDS)[number];

/** Additional authenticated data: a token copied to another session's row fails to decrypt. */
export const sessionSecretContext = (sessionId: string, field: SealedField) => `shopify-session:${sessionId}:${field}`;

const log = componentLogger("session-storage");

/** The online session's user fields the Prisma storage keeps in nullable columns. */
const USER_TEXT_FIELDS = ["first_name", "last_name", "email", "locale"] as const;

/**
 * The Prisma storage reads an empty user column back as the text "null" (`String(row.lastName)`), so
 * a staff member without a last name would be shown as "Lee null": such a field is empty again.
 */
function withEmptyUserFieldsEmpty(params: ReturnType<Session["toObject"]>): ReturnType<Session["toObject"]> {
  const user = params.onlineAccessInfo?.associated_user;
  if (!user) return params;
  const cleaned = { ...user };
  for (const field of USER_TEXT_FIELDS) if (cleaned[field] === "null") delete cleaned[field];
  return { ...params, onlineAccessInfo: { ...params.onlineAccessInfo!, associated_user: cleaned } };
}

export function createEncryptedSessionStorage(deps: {
  db: Db;
  keys: KeyRing;
  inner: ShopifySessionStorage;
}): ShopifySessionStorage {
  const { db, keys, inner } = deps;

  const sealed = (session: Session): Session => {
    const params = session.toObject();
    for (const field of SEALED_FIELDS) {
      const value = params[field];
      if (value) params[field] = encryptSecret(keys, value, sessionSecretContext(session.id, field));
    }
    return new Session(params);
  };

  /** The session as the library uses it, or null when a sealed token cannot be opened (a lost key). */
  const opened = async (stored: Session): Promise<Session | null> => {
    const params = withEmptyUserFieldsEmpty(stored.toObject());
    const reseal: Partial<Record<SealedField, { from: string; to: string }>> = {};
    for (const field of SEALED_FIELDS) {
      const value = params[field];
      if (!value) continue;
      const context = sessionSecretContext(stored.id, field);
      if (isSealedSecret(value)) {
        try {
          params[field] = decryptSecret(keys, value, context);
        } catch (error) {
          log.warn("A stored Shopify session could not be decrypted; it is treated as missing", {
            session: stored.id,
            reason: error instanceof Error ? error.message : String(error),
          });
          return null;
        }
        if (needsReencryption(keys, value))
          reseal[field] = { from: value, to: encryptSecret(keys, params[field]!, context) };
      } else {
        reseal[field] = { from: value, to: encryptSecret(keys, value, context) };
      }
    }
    const fields = Object.entries(reseal) as [SealedField, { from: string; to: string }][];
    if (fields.length > 0) {
      await db.session.updateMany({
        where: { id: stored.id, ...Object.fromEntries(fields.map(([field, { from }]) => [field, from])) },
        data: Object.fromEntries(fields.map(([field, { to }]) => [field, to])),
      });
    }
    return new Session(params);
  };

  return {
    storeSession: (session) => inner.storeSession(sealed(session)),
    async loadSession(id) {
      const stored = await inner.loadSession(id);
      return stored ? ((await opened(stored)) ?? undefined) : undefined;
    },
    deleteSession: (id) => inner.deleteSession(id),
    deleteSessions: (ids) => inner.deleteSessions(ids),
    async findSessionsByShop(shop) {
      const sessions = await Promise.all((await inner.findSessionsByShop(shop)).map(opened));
      return sessions.filter((session): session is Session => session !== null);
    },
    ...(inner.isReady ? { isReady: () => inner.isReady!() } : {}),
  };
}
