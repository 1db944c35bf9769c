import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * Encrypts third-party secrets (courier tokens, webhook secrets) at rest with AES-256-GCM.
 *
 * Stored form: `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url parts). The key id travels with
 * each ciphertext so the key can rotate: new writes use the current key, old rows still decrypt
 * with a previous key until they are rewritten. `context` is bound as additional authenticated
 * data, so a ciphertext copied to another shop's row or another column fails to decrypt.
 */

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type KeyRing = { currentKeyId: string; keys: ReadonlyMap<string, Buffer> };

export class SecretDecryptionError extends Error {
  constructor(reason: string) {
    super(`Could not decrypt a stored secret: ${reason}`);
    this.name = "SecretDecryptionError";
  }
}

export function encryptSecret(ring: KeyRing, plaintext: string, context: string): string {
  const key = ring.keys.get(ring.currentKeyId);
  if (!key) throw new Error(`Encryption key ${ring.currentKeyId} is not configured`);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, ring.currentKeyId, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

export function decryptSecret(ring: KeyRing, stored: string, context: string): string {
  const parts = stored.split(".");
  if (parts.length !== 5 || parts[0] !== VERSION) throw new SecretDecryptionError("unknown format");
  const [, keyId, ivText, tagText, dataText] = parts as [string, string, string, string, string];
  const key = ring.keys.get(keyId);
  if (!key) throw new SecretDecryptionError(`key ${keyId} is not configured`);
  const iv = Buffer.from(ivText, "base64url");
  const tag = Buffer.from(tagText, "base64url");
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretDecryptionError("malformed");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(dataText, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretDecryptionError("authentication failed (wrong key or context)");
  }
}

/** True when the ciphertext was written with a key other than the current one. */
export function needsReencryption(ring: KeyRing, stored: string): boolean {
  return stored.split(".")[1] !== ring.currentKeyId;
}

/** True when a stored value is in the secret box's format (rows written before encryption hold plaintext). */
export function isSealedSecret(stored: string): boolean {
  const parts = stored.split(".");
  return parts.length === 5 && parts[0] === VERSION;
}
