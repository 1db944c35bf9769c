import { Session } from "@shopify/shopify-api";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { appConfig } from "~/config/env.server";
import { decryptSecret, encryptSecret, isSealedSecret, type KeyRing } from "~/crypto/secret-box.server";
import { db } from "~/db.server";
import {
  createEncryptedSessionStorage,
  sessionSecretContext,
  type ShopifySessionStorage,
} from "~/shopify-admin/encrypted-session-storage.server";
import { fetchShopBasics } from "~/shopify-admin/shop.server";
import { sessionStorage, unauthenticated } from "~/shopify.server";
import { createShopifyStandIn } from "../../shopify-stand-in";
import { mswServer } from "../../support/msw-server";
import { TEST_API_KEY, TEST_API_SECRET } from "../../support/test-env";

const SHOP = "sealed-bakery.myshopify.com";
const OFFLINE_ID = `offline_${SHOP}`;
const keys = appConfig().encryption;

let standIn: ReturnType<typeof createShopifyStandIn>;

beforeEach(async () => {
  await db.session.deleteMany();
  standIn = createShopifyStandIn({
    apiKey: TEST_API_KEY,
    apiSecret: TEST_API_SECRET,
    shops: [{ myshopifyDomain: SHOP, name: "Sealed Bakery" }],
  });
  mswServer.use(...standIn.handlers);
});

const offlineSession = (accessToken: string, refreshToken?: string) =>
  new Session({
    id: OFFLINE_ID,
    shop: SHOP,
    state: "",
    isOnline: false,
    scope: "read_orders",
    accessToken,
    ...(refreshToken ? { refreshToken, refreshTokenExpires: new Date(Date.now() + 86_400_000) } : {}),
  });

describe("Shopify sessions at rest", () => {
  it("gives back a staff member's online session with the name Shopify gave, an empty part left empty", async () => {
    const id = `${SHOP}_7`;
    await sessionStorage.storeSession(
      new Session({
        id,
        shop: SHOP,
        state: "",
        isOnline: true,
        scope: "read_orders",
        accessToken: "shpua_online_token_0123456789",
        expires: new Date(Date.now() + 86_400_000),
        onlineAccessInfo: {
          expires_in: 86_399,
          associated_user_scope: "read_orders",
          associated_user: { id: 7, first_name: "Lee", email: "lee@sealed-bakery.example", email_verified: true },
        } as Session["onlineAccessInfo"],
      }),
    );
    const loaded = await sessionStorage.loadSession(id);
    expect(loaded?.onlineAccessInfo?.associated_user).toMatchObject({ id: 7, first_name: "Lee" });
    expect(loaded?.onlineAccessInfo?.associated_user.last_name).toBeUndefined();
    expect(loaded?.onlineAccessInfo?.associated_user.locale).toBeUndefined();
  });

  it("stores the access and refresh tokens sealed and gives the library the session back as it was", async () => {
    const session = offlineSession("shpat_access_token_0123456789", "shprt_refresh_token_0123456789");
    await sessionStorage.storeSession(session);

    const row = await db.session.findUniqueOrThrow({ where: { id: OFFLINE_ID } });
    expect(isSealedSecret(row.accessToken)).toBe(true);
    expect(isSealedSecret(row.refreshToken!)).toBe(true);
    expect(JSON.stringify(row, (_k, v: unknown) => (typeof v === "bigint" ? String(v) : v))).not.toMatch(
      /shpat_|shprt_/,
    );
    expect(decryptSecret(keys, row.accessToken, sessionSecretContext(OFFLINE_ID, "accessToken"))).toBe(
      "shpat_access_token_0123456789",
    );

    const loaded = await sessionStorage.loadSession(OFFLINE_ID);
    expect(loaded?.toObject()).toEqual(session.toObject());
    expect((await sessionStorage.findSessionsByShop(SHOP)).map((s) => s.accessToken)).toEqual([
      "shpat_access_token_0123456789",
    ]);
  });

  it("keeps an old plaintext row working with the library, and seals it on that first read", async () => {
    const token = standIn.issueAccessToken(SHOP);
    await db.session.create({
      data: { id: OFFLINE_ID, shop: SHOP, state: "", isOnline: false, accessToken: token, scope: "read_orders" },
    });

    const { admin } = await unauthenticated.admin(SHOP);
    expect(await fetchShopBasics(admin)).toMatchObject({ myshopifyDomain: SHOP });

    const row = await db.session.findUniqueOrThrow({ where: { id: OFFLINE_ID } });
    expect(row.accessToken).not.toBe(token);
    expect(decryptSecret(keys, row.accessToken, sessionSecretContext(OFFLINE_ID, "accessToken"))).toBe(token);
    // Sealed rows work the same afterwards.
    expect(await fetchShopBasics((await unauthenticated.admin(SHOP)).admin)).toMatchObject({ myshopifyDomain: SHOP });
  });

  it("never overwrites a token stored between the read of a plaintext row and its sealing", async () => {
    await db.session.create({
      data: { id: OFFLINE_ID, shop: SHOP, state: "", isOnline: false, accessToken: "shpat_old_plaintext_token" },
    });
    const prisma = new PrismaSessionStorage(db);
    const newer = encryptSecret(keys, "shpat_newer_token", sessionSecretContext(OFFLINE_ID, "accessToken"));
    const racing: ShopifySessionStorage = {
      ...prisma,
      storeSession: (s) => prisma.storeSession(s),
      deleteSession: (id) => prisma.deleteSession(id),
      deleteSessions: (ids) => prisma.deleteSessions(ids),
      findSessionsByShop: (shop) => prisma.findSessionsByShop(shop),
      loadSession: async (id) => {
        const read = await prisma.loadSession(id);
        await db.session.update({ where: { id }, data: { accessToken: newer } });
        return read;
      },
    };
    const storage = createEncryptedSessionStorage({ db, keys, inner: racing });
    expect((await storage.loadSession(OFFLINE_ID))?.accessToken).toBe("shpat_old_plaintext_token");
    expect((await db.session.findUniqueOrThrow({ where: { id: OFFLINE_ID } })).accessToken).toBe(newer);
  });

  it("seals again under the current key a row written under a previous one", async () => {
    const previous: KeyRing = { currentKeyId: "old", keys: new Map([["old", Buffer.alloc(32, 9)]]) };
    await createEncryptedSessionStorage({ db, keys: previous, inner: new PrismaSessionStorage(db) }).storeSession(
      offlineSession("shpat_rotated_token_0123"),
    );
    const ring: KeyRing = { currentKeyId: keys.currentKeyId, keys: new Map([...keys.keys, ...previous.keys]) };
    const storage = createEncryptedSessionStorage({ db, keys: ring, inner: new PrismaSessionStorage(db) });
    expect((await storage.loadSession(OFFLINE_ID))?.accessToken).toBe("shpat_rotated_token_0123");
    const row = await db.session.findUniqueOrThrow({ where: { id: OFFLINE_ID } });
    expect(row.accessToken.split(".")[1]).toBe(keys.currentKeyId);
  });

  it("treats a token sealed for another session as missing, so the library asks Shopify for a new one", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const other = encryptSecret(
      keys,
      "shpat_someone_else",
      sessionSecretContext("offline_other.myshopify.com", "accessToken"),
    );
    await db.session.create({ data: { id: OFFLINE_ID, shop: SHOP, state: "", isOnline: false, accessToken: other } });
    expect(await sessionStorage.loadSession(OFFLINE_ID)).toBeUndefined();
    expect(await sessionStorage.findSessionsByShop(SHOP)).toEqual([]);
    expect(warn.mock.calls.map(([text]) => String(text))).toEqual([
      expect.stringContaining("A stored Shopify session could not be decrypted; it is treated as missing"),
      expect.stringContaining("A stored Shopify session could not be decrypted; it is treated as missing"),
    ]);
    expect(warn.mock.calls.join(" ")).not.toContain("shpat_");
  });
});
