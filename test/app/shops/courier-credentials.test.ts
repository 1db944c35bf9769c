import { beforeEach, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import {
  loadCourierToken,
  rotateWebhookSecret,
  saveCourierToken,
  ShopNotFoundError,
  WEBHOOK_SECRET_GRACE_MS,
  webhookCredentialsForPath,
} from "~/shops/courier-credentials.server";

const db = createDb(process.env.DATABASE_URL!);
const keys = { currentKeyId: "k1", keys: new Map([["k1", Buffer.alloc(32, 3)]]) };
const SHOP = "corner-bakery.myshopify.com";

beforeEach(async () => {
  await db.shop.deleteMany();
  await db.shop.create({ data: { domain: SHOP } });
});

describe("courier token", () => {
  it("is stored encrypted with only its last four characters in clear", async () => {
    await saveCourierToken({ db, keys }, SHOP, { token: "sk_live_4f9a1c2b9e7d", environment: "production" });
    const row = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    expect(JSON.stringify(row)).not.toContain("sk_live_4f9a1c2b9e7d");
    expect(row.courierTokenLast4).toBe("9e7d");
    expect(row.courierEnvironment).toBe("production");
    expect(await loadCourierToken({ db, keys }, SHOP)).toBe("sk_live_4f9a1c2b9e7d");
  });

  it("cannot be decrypted as another shop's token", async () => {
    await saveCourierToken({ db, keys }, SHOP, { token: "tok_a", environment: "sandbox" });
    const row = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    await db.shop.create({ data: { domain: "thief.myshopify.com", courierTokenEncrypted: row.courierTokenEncrypted } });
    await expect(loadCourierToken({ db, keys }, "thief.myshopify.com")).rejects.toThrow(/authentication failed/);
  });

  it("refuses a shop that is not installed", async () => {
    await expect(
      saveCourierToken({ db, keys }, "nobody.myshopify.com", { token: "t", environment: "sandbox" }),
    ).rejects.toBeInstanceOf(ShopNotFoundError);
    expect(await loadCourierToken({ db, keys }, "nobody.myshopify.com")).toBeNull();
  });
});

describe("webhook secret", () => {
  it("is 256 random bits, encrypted at rest, found by the unguessable path id", async () => {
    const secret = await rotateWebhookSecret({ db, keys }, SHOP, "x-api-key");
    expect(Buffer.from(secret, "base64url")).toHaveLength(32);
    const row = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row.webhookPathId).not.toContain("corner-bakery");
    expect(await webhookCredentialsForPath({ db, keys }, row.webhookPathId)).toEqual({
      shopId: row.id,
      shopDomain: SHOP,
      method: "x-api-key",
      secrets: [secret],
    });
    expect(await webhookCredentialsForPath({ db, keys }, "not-a-path")).toBeNull();
  });

  it("keeps the previous secret valid for the grace period after a rotation, then drops it", async () => {
    let now = new Date("2026-11-22T10:00:00Z");
    const clock = () => now;
    const first = await rotateWebhookSecret({ db, keys, clock }, SHOP, "bearer");
    const second = await rotateWebhookSecret({ db, keys, clock }, SHOP, "basic");
    const { webhookPathId } = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    expect(await webhookCredentialsForPath({ db, keys, clock }, webhookPathId)).toMatchObject({
      shopDomain: SHOP,
      method: "basic",
      secrets: [second, first],
    });
    now = new Date(now.getTime() + WEBHOOK_SECRET_GRACE_MS + 1);
    expect((await webhookCredentialsForPath({ db, keys, clock }, webhookPathId))?.secrets).toEqual([second]);
  });

  it("gives nothing for an uninstalled shop", async () => {
    await rotateWebhookSecret({ db, keys }, SHOP, "bearer");
    const row = await db.shop.update({ where: { domain: SHOP }, data: { uninstalledAt: new Date() } });
    expect(await webhookCredentialsForPath({ db, keys }, row.webhookPathId)).toBeNull();
  });
});
