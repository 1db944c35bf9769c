import { beforeEach, describe, expect, it } from "vitest";
import { upsertShipmentByKey } from "~/dispatch/shipment-row.server";
import { getRuntime } from "~/runtime.server";

/** A booking's shipment row in plain SQL, on either database: read back through the model as written. */

const { db } = getRuntime();
const KEY = "sd1-shipment-row-test";

async function columns(overrides: Record<string, unknown> = {}) {
  return {
    shopId: (await db.shop.findFirstOrThrow()).id,
    orderGid: "gid://shopify/Order/7001",
    orderName: "#7001",
    customerGid: null,
    fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/7001",
    locationGid: "gid://shopify/Location/1",
    generation: 1,
    serviceCode: "SAMEDAY",
    requestJson: JSON.stringify({ reference_id: "#7001" }),
    pickupAfter: new Date(Date.UTC(2026, 10, 28, 15, 0)),
    deliverStart: new Date(Date.UTC(2026, 10, 28, 16, 0)),
    deliverEnd: new Date(Date.UTC(2026, 10, 28, 18, 0)),
    quotedPriceCents: null,
    state: "failed",
    needsAttention: true,
    attentionReason: "The courier cannot find the address.",
    attentionCode: "dispatch_failed",
    // Not written, as a model write reads undefined.
    trackingNumber: undefined,
    ...overrides,
  };
}

beforeEach(async () => {
  await db.shop.deleteMany({});
  await db.shop.create({ data: { domain: "shipment-row.myshopify.com" } });
});

describe("upsertShipmentByKey", () => {
  it("inserts a new row with its extras made for its id, then updates that row on a retry and keeps its id and page", async () => {
    const now = new Date(Date.UTC(2026, 10, 28, 12, 0, 0, 123));
    const firstColumns = await columns();
    const first = await db.$transaction(async (tx) =>
      upsertShipmentByKey(tx, {
        idempotencyKey: KEY,
        columns: firstColumns,
        now,
        newRowExtras: (id) => ({ trackingTokenHash: `hash-of-${id}`, trackingTokenSealed: `sealed-${id}` }),
      }),
    );
    expect(first).toMatchObject({ inserted: true, trackingTokenHash: `hash-of-${first.id}` });
    const row = await db.shipment.findUniqueOrThrow({ where: { idempotencyKey: KEY } });
    expect(row).toMatchObject({
      id: first.id,
      state: "failed",
      needsAttention: true,
      generation: 1,
      kind: "delivery",
      trackingNumber: null,
      quotedPriceCents: null,
      pickupAfter: new Date(Date.UTC(2026, 10, 28, 15, 0)),
      createdAt: now,
      updatedAt: now,
      trackingTokenSealed: `sealed-${first.id}`,
    });

    const later = new Date(now.getTime() + 60_000);
    const booked = await columns({
      state: "scheduled",
      needsAttention: false,
      attentionReason: null,
      attentionCode: null,
      courierShipmentId: "sd_7001",
      estimatedDistance: 3.25,
    });
    const again = await db.$transaction(async (tx) =>
      upsertShipmentByKey(tx, {
        idempotencyKey: KEY,
        columns: booked,
        now: later,
        newRowExtras: (id) => ({ trackingTokenHash: `other-${id}` }),
      }),
    );
    expect(again).toEqual({ id: first.id, trackingTokenHash: `hash-of-${first.id}`, inserted: false });
    expect(await db.shipment.findUniqueOrThrow({ where: { idempotencyKey: KEY } })).toMatchObject({
      id: first.id,
      state: "scheduled",
      needsAttention: false,
      attentionReason: null,
      courierShipmentId: "sd_7001",
      estimatedDistance: 3.25,
      createdAt: now,
      updatedAt: later,
      trackingTokenHash: `hash-of-${first.id}`,
    });
    expect(await db.shipment.count()).toBe(1);
  });

  it("refuses a column name that is not a plain identifier, writing nothing", async () => {
    const bad = { ...(await columns()), 'state" = 1; --': "x" };
    await expect(
      db.$transaction(async (tx) =>
        upsertShipmentByKey(tx, {
          idempotencyKey: KEY,
          columns: bad,
          now: new Date(),
        }),
      ),
    ).rejects.toThrow(/Not a shipment column name/);
    expect(await db.shipment.count()).toBe(0);
  });
});
