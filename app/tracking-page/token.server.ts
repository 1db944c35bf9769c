import { createHash, randomBytes } from "node:crypto";

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
