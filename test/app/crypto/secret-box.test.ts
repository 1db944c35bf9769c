import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, needsReencryption, SecretDecryptionError } from "~/crypto/secret-box.server";

const k1 = Buffer.alloc(32, 1);
const k2 = Buffer.alloc(32, 2);
const ringV1 = { currentKeyId: "k1", keys: new Map([["k1", k1]]) };
const ringV2 = {
  currentKeyId: "k2",
  keys: new Map([
    ["k1", k1],
    ["k2", k2],
  ]),
};

describe("secret box", () => {
  it("round-trips and never stores the plaintext", () => {
    const stored = encryptSecret(ringV1, "courier-token-123", "shop-a:courier-token");
    expect(stored).not.toContain("courier-token-123");
    expect(stored.startsWith("v1.k1.")).toBe(true);
    expect(decryptSecret(ringV1, stored, "shop-a:courier-token")).toBe("courier-token-123");
  });

  it("uses a fresh 96-bit IV each time", () => {
    const a = encryptSecret(ringV1, "same", "ctx").split(".");
    const b = encryptSecret(ringV1, "same", "ctx").split(".");
    expect(Buffer.from(a[2]!, "base64url")).toHaveLength(12);
    expect(a[2]).not.toBe(b[2]);
    expect(a[4]).not.toBe(b[4]);
  });

  it("refuses another context, a tampered ciphertext and an unknown key", () => {
    const stored = encryptSecret(ringV1, "secret", "shop-a:courier-token");
    expect(() => decryptSecret(ringV1, stored, "shop-b:courier-token")).toThrow(SecretDecryptionError);
    const parts = stored.split(".");
    const data = Buffer.from(parts[4]!, "base64url");
    data[0] = data[0]! ^ 1;
    parts[4] = data.toString("base64url");
    expect(() => decryptSecret(ringV1, parts.join("."), "shop-a:courier-token")).toThrow(SecretDecryptionError);
    expect(() => decryptSecret({ currentKeyId: "k9", keys: new Map() }, stored, "shop-a:courier-token")).toThrow(
      /key k1/,
    );
    expect(() => decryptSecret(ringV1, "plaintext", "ctx")).toThrow(/unknown format/);
  });

  it("rotates: old ciphertexts still decrypt, new ones use the current key", () => {
    const old = encryptSecret(ringV1, "secret", "ctx");
    expect(decryptSecret(ringV2, old, "ctx")).toBe("secret");
    expect(needsReencryption(ringV2, old)).toBe(true);
    const fresh = encryptSecret(ringV2, "secret", "ctx");
    expect(fresh.startsWith("v1.k2.")).toBe(true);
    expect(needsReencryption(ringV2, fresh)).toBe(false);
  });
});
