import { randomBytes } from "node:crypto";
import type { Db } from "~/db/client.server";
import { webhookAuthMethodOf, type WebhookAuthMethod } from "~/courier/webhook-auth.server";
import { decryptSecret, encryptSecret, needsReencryption, type KeyRing } from "~/crypto/secret-box.server";

/**
 * A shop's secrets for the courier: the access token the merchant pastes (write-only: only its last
 * four characters are ever shown back) and the secret the courier uses to call our webhook URL.
 * Both are encrypted at rest; the encryption context binds each ciphertext to its shop and purpose.
 */

export const WEBHOOK_SECRET_BYTES = 32; // 256 bits; the brief asks for at least 128.
export const WEBHOOK_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;
/** The user name the courier's operator configures for basic auth; the secret is the password. */
export const BASIC_AUTH_USER = "courier";

const tokenContext = (shopDomain: string) => `${shopDomain}:courier-token`;
const webhookSecretContext = (shopDomain: string) => `${shopDomain}:courier-webhook-secret`;

export class ShopNotFoundError extends Error {
  constructor(shopDomain: string) {
    super(`The shop ${shopDomain} has not installed the app.`);
    this.name = "ShopNotFoundError";
  }
}

export function lastFour(token: string): string {
  return token.slice(-4);
}

export async function saveCourierToken(
  deps: { db: Db; keys: KeyRing; clock?: () => Date },
  shopDomain: string,
  input: { token: string; environment: "sandbox" | "production"; baseUrl?: string | null },
) {
  const now = deps.clock?.() ?? new Date();
  const updated = await deps.db.shop.updateMany({
    where: { domain: shopDomain },
    data: {
      courierTokenEncrypted: encryptSecret(deps.keys, input.token, tokenContext(shopDomain)),
      courierTokenLast4: lastFour(input.token),
      courierEnvironment: input.environment,
      courierBaseUrl: input.baseUrl ?? null,
      courierConnectedAt: now,
    },
  });
  if (updated.count === 0) throw new ShopNotFoundError(shopDomain);
}

type SealedShopColumn = "courierTokenEncrypted" | "webhookSecretEncrypted" | "webhookPreviousSecretEncrypted";

/**
 * Opens a shop's sealed value; one sealed under a previous key (after a rotation of ENCRYPTION_KEY)
 * is sealed again under the current key at once, by a conditional update that replaces only the
 * value read (a secret rotated meanwhile is never overwritten). Once every value was read or swept
 * (app/server/reseal-secrets.server.ts), the previous key can be dropped.
 */
async function openShopSecret(
  deps: { db: Db; keys: KeyRing },
  shopDomain: string,
  column: SealedShopColumn,
  stored: string,
  context: string,
): Promise<string> {
  const plaintext = decryptSecret(deps.keys, stored, context);
  if (needsReencryption(deps.keys, stored))
    await deps.db.shop.updateMany({
      where: { domain: shopDomain, [column]: stored },
      data: { [column]: encryptSecret(deps.keys, plaintext, context) },
    });
  return plaintext;
}

/** The decrypted token, or null when the shop has not connected a courier account. */
export async function loadCourierToken(deps: { db: Db; keys: KeyRing }, shopDomain: string): Promise<string | null> {
  const shop = await deps.db.shop.findUnique({
    where: { domain: shopDomain },
    select: { courierTokenEncrypted: true },
  });
  if (!shop?.courierTokenEncrypted) return null;
  return openShopSecret(
    deps,
    shopDomain,
    "courierTokenEncrypted",
    shop.courierTokenEncrypted,
    tokenContext(shopDomain),
  );
}

/** Seals every secret of the shop that a previous key sealed under the current key; how many it sealed again. */
export async function resealShopSecrets(deps: { db: Db; keys: KeyRing }, shopDomain: string): Promise<number> {
  const shop = await deps.db.shop.findUnique({
    where: { domain: shopDomain },
    select: { courierTokenEncrypted: true, webhookSecretEncrypted: true, webhookPreviousSecretEncrypted: true },
  });
  if (!shop) return 0;
  let resealed = 0;
  for (const column of ["courierTokenEncrypted", "webhookSecretEncrypted", "webhookPreviousSecretEncrypted"] as const) {
    const stored = shop[column];
    if (!stored || !needsReencryption(deps.keys, stored)) continue;
    const context = column === "courierTokenEncrypted" ? tokenContext(shopDomain) : webhookSecretContext(shopDomain);
    await openShopSecret(deps, shopDomain, column, stored, context);
    resealed += 1;
  }
  return resealed;
}

/** The unguessable part of the shop's courier webhook URL (144 random bits; cuid defaults are predictable). */
export function newWebhookPathId(random: (bytes: number) => Buffer = randomBytes): string {
  return random(18).toString("base64url");
}

export function generateWebhookSecret(random: (bytes: number) => Buffer = randomBytes): string {
  return random(WEBHOOK_SECRET_BYTES).toString("base64url");
}

/**
 * Sets a new webhook secret (and method). The previous secret keeps working for the grace period,
 * so the courier's operator can switch over without lost events. Returns the new secret once, to show.
 */
export async function rotateWebhookSecret(
  deps: { db: Db; keys: KeyRing; clock?: () => Date; random?: (bytes: number) => Buffer },
  shopDomain: string,
  method: WebhookAuthMethod,
): Promise<string> {
  const now = deps.clock?.() ?? new Date();
  const shop = await deps.db.shop.findUnique({
    where: { domain: shopDomain },
    select: { webhookSecretEncrypted: true },
  });
  if (!shop) throw new ShopNotFoundError(shopDomain);
  const secret = generateWebhookSecret(deps.random);
  await deps.db.shop.update({
    where: { domain: shopDomain },
    data: {
      webhookAuthMethod: method,
      webhookSecretEncrypted: encryptSecret(deps.keys, secret, webhookSecretContext(shopDomain)),
      webhookPreviousSecretEncrypted: shop.webhookSecretEncrypted,
      webhookPreviousSecretExpiresAt: shop.webhookSecretEncrypted
        ? new Date(now.getTime() + WEBHOOK_SECRET_GRACE_MS)
        : null,
    },
  });
  return secret;
}

export type WebhookCredentials = {
  shopId: string;
  shopDomain: string;
  method: WebhookAuthMethod;
  /** The current secret first, then the previous one while its grace period lasts. */
  secrets: string[];
};

/** What the receiver needs to authenticate a courier call to /courier/webhooks/<pathId>. */
export async function webhookCredentialsForPath(
  deps: { db: Db; keys: KeyRing; clock?: () => Date },
  pathId: string,
): Promise<WebhookCredentials | null> {
  const now = deps.clock?.() ?? new Date();
  const shop = await deps.db.shop.findUnique({
    where: { webhookPathId: pathId },
    select: {
      id: true,
      domain: true,
      uninstalledAt: true,
      webhookAuthMethod: true,
      webhookSecretEncrypted: true,
      webhookPreviousSecretEncrypted: true,
      webhookPreviousSecretExpiresAt: true,
    },
  });
  if (!shop?.webhookSecretEncrypted || shop.uninstalledAt) return null;
  const context = webhookSecretContext(shop.domain);
  const secrets = [
    await openShopSecret(deps, shop.domain, "webhookSecretEncrypted", shop.webhookSecretEncrypted, context),
  ];
  if (
    shop.webhookPreviousSecretEncrypted &&
    shop.webhookPreviousSecretExpiresAt &&
    shop.webhookPreviousSecretExpiresAt > now
  ) {
    secrets.push(
      await openShopSecret(
        deps,
        shop.domain,
        "webhookPreviousSecretEncrypted",
        shop.webhookPreviousSecretEncrypted,
        context,
      ),
    );
  }
  return { shopId: shop.id, shopDomain: shop.domain, method: webhookAuthMethodOf(shop.webhookAuthMethod), secrets };
}
