/**
 * A rotation of ENCRYPTION_KEY, then the old key dropped: every sealed value still opens, because
 * it was sealed again under the new key on read or by the server's sweep at start.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, type KeyRing } from "~/crypto/secret-box.server";
import { db } from "~/db.server";
import { resealStoredSecrets } from "~/server/reseal-secrets.server";
import { sessionSecretContext } from "~/shopify-admin/encrypted-session-storage.server";
import {
  loadCourierToken,
  rotateWebhookSecret,
  saveCourierToken,
  webhookCredentialsForPath,
} from "~/shops/courier-credentials.server";
import { openTrackingToken, sealTrackingToken } from "~/shipments/tracking-token.server";

const SHOP = "rotating-bakery.myshopify.com";
const OLD_KEY = Buffer.alloc(32, 1);
const NEW_KEY = Buffer.alloc(32, 2);
const before: KeyRing = { currentKeyId: "old", keys: new Map([["old", OLD_KEY]]) };
const rotated: KeyRing = {
  currentKeyId: "new",
  keys: new Map([
    ["old", OLD_KEY],
    ["new", NEW_KEY],
  ]),
};
const oldDropped: KeyRing = { currentKeyId: "new", keys: new Map([["new", NEW_KEY]]) };
const COURIER_TOKEN = "courier-token-0123456789";
const PAGE_TOKEN = "AbCdEfGhIjKlMnOpQrStUv";
const SESSION_ID = `offline_${SHOP}`;

let pathId: string;
let secrets: string[];
let shipmentId: string;

beforeEach(async () => {
  for (const table of ["shipment", "session", "shop"] as const)
    await (db[table] as unknown as { deleteMany: () => Promise<unknown> }).deleteMany();
  const shop = await db.shop.create({ data: { domain: SHOP } });
  pathId = shop.webhookPathId;
  await saveCourierToken({ db, keys: before }, SHOP, { token: COURIER_TOKEN, environment: "sandbox" });
  // Two rotations: the previous secret is still in its grace period.
  const first = await rotateWebhookSecret({ db, keys: before }, SHOP, "bearer");
  const second = await rotateWebhookSecret({ db, keys: before }, SHOP, "bearer");
  secrets = [second, first];
  const shipment = await db.shipment.create({
    data: {
      shopId: shop.id,
      orderGid: "gid://shopify/Order/1",
      orderName: "#1001",
      fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/1",
      locationGid: "gid://shopify/Location/1",
      idempotencyKey: "reseal-1",
    },
  });
  shipmentId = shipment.id;
  await db.shipment.update({
    where: { id: shipmentId },
    data: { trackingTokenSealed: sealTrackingToken(before, PAGE_TOKEN, shipmentId) },
  });
  await db.session.create({
    data: {
      id: SESSION_ID,
      shop: SHOP,
      state: "",
      accessToken: encryptSecret(before, "shpat_access", sessionSecretContext(SESSION_ID, "accessToken")),
      refreshToken: "plaintext-refresh-from-before-sealing",
    },
  });
});

describe("after a key rotation, with the old key dropped", () => {
  it("a courier token and webhook secrets read once under both keys open under the new key alone", async () => {
    expect(await loadCourierToken({ db, keys: rotated }, SHOP)).toBe(COURIER_TOKEN);
    expect((await webhookCredentialsForPath({ db, keys: rotated }, pathId))?.secrets).toEqual(secrets);

    expect(await loadCourierToken({ db, keys: oldDropped }, SHOP)).toBe(COURIER_TOKEN);
    expect((await webhookCredentialsForPath({ db, keys: oldDropped }, pathId))?.secrets).toEqual(secrets);
  });

  it("the sweep seals every value again, so all open under the new key alone; a second sweep finds nothing", async () => {
    expect(await resealStoredSecrets({ db, keys: rotated })).toEqual({ resealed: 6, unreadable: 0 });

    expect(await loadCourierToken({ db, keys: oldDropped }, SHOP)).toBe(COURIER_TOKEN);
    expect((await webhookCredentialsForPath({ db, keys: oldDropped }, pathId))?.secrets).toEqual(secrets);
    const shipment = await db.shipment.findUniqueOrThrow({ where: { id: shipmentId } });
    expect(openTrackingToken(oldDropped, shipment.trackingTokenSealed!, shipmentId)).toBe(PAGE_TOKEN);
    const session = await db.session.findUniqueOrThrow({ where: { id: SESSION_ID } });
    expect(decryptSecret(oldDropped, session.accessToken, sessionSecretContext(SESSION_ID, "accessToken"))).toBe(
      "shpat_access",
    );
    expect(decryptSecret(oldDropped, session.refreshToken!, sessionSecretContext(SESSION_ID, "refreshToken"))).toBe(
      "plaintext-refresh-from-before-sealing",
    );

    expect(await resealStoredSecrets({ db, keys: rotated })).toEqual({ resealed: 0, unreadable: 0 });
  });

  it("counts what no configured key opens, and leaves it as it is", async () => {
    const stranger: KeyRing = { currentKeyId: "new", keys: new Map([["new", NEW_KEY]]) };
    const report = await resealStoredSecrets({ db, keys: stranger });
    expect(report.resealed).toBe(1); // the plaintext refresh token
    expect(report.unreadable).toBe(3); // the shop, the page token, the access token
    expect(await db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).toMatchObject({
      courierTokenEncrypted: expect.stringMatching(/^v1\.old\./),
    });
  });
});
