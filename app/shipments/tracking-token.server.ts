import { createHash, randomBytes } from "node:crypto";
import { decryptSecret, encryptSecret, SecretDecryptionError, type KeyRing } from "~/crypto/secret-box.server";

/**
 * The shoppers' tracking page is reached by a random token (not the courier id, order or tracking
 * number). Only its SHA-256 is stored: a page is found by the hash of the presented token, so no
 * comparison ever runs over the token itself, and a copy of the database opens no page.
 */

/** 128 bits of randomness: 22 base64url characters. */
const TOKEN_BYTES = 16;

export type TrackingToken = { token: string; hash: string };

export function hashTrackingToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("base64url");
}

export function newTrackingToken(): TrackingToken {
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  return { token, hash: hashTrackingToken(token) };
}

/** Binds a sealed token to its shipment: copied to another row, it does not open. */
const sealContext = (shipmentId: string) => `tracking-page-token:${shipmentId}`;

/**
 * The token encrypted with the app's key (app/crypto), kept so the order status block can link to
 * the page without an Admin call; a copy of the database without the key still opens no page.
 */
export function sealTrackingToken(keys: KeyRing, token: string, shipmentId: string): string {
  return encryptSecret(keys, token, sealContext(shipmentId));
}

/** The token back from its sealed form; null when it cannot be read (rotated-out key, another row). */
export function openTrackingToken(keys: KeyRing, sealed: string, shipmentId: string): string | null {
  try {
    return decryptSecret(keys, sealed, sealContext(shipmentId));
  } catch (error) {
    if (error instanceof SecretDecryptionError) return null;
    throw error;
  }
}
