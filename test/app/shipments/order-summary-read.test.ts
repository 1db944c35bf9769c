import { beforeEach, describe, expect, it } from "vitest";
import { getRuntime } from "~/runtime.server";
import { RETURN_PICKUP } from "~/shipments/leg-kind";
import { orderDeliverySummary } from "~/shipments/order-summary";
import { orderSummaryRead } from "~/shipments/order-summary-read.server";

/** The shop and the order's shipments as its delivery metafield reads them, in one plain SQL statement, on either database. */

const { db } = getRuntime();
const ORDER = "gid://shopify/Order/5001";
const SHOP = "summary-read.myshopify.com";

async function shipment(n: number, data: Record<string, unknown> = {}) {
  return db.shipment.create({
    data: {
      shopId: (await db.shop.findFirstOrThrow()).id,
      orderGid: ORDER,
      orderName: "#5001",
      fulfillmentOrderGid: `gid://shopify/FulfillmentOrder/${n}`,
      locationGid: "gid://shopify/Location/1",
      idempotencyKey: `summary-read-${n}`,
      requestJson: JSON.stringify({ reference_id: "#5001", items: [{ name: "Sourdough loaf" }] }),
      state: "scheduled",
      createdAt: new Date(Date.UTC(2026, 10, 28, 9, n)),
      ...data,
    },
  });
}

beforeEach(async () => {
  await db.shop.deleteMany({});
  await db.shop.create({ data: { domain: SHOP, settingsJson: '{"tags":{"dispatched":"sent"}}' } });
});

describe("orderSummaryRead", () => {
  it("reads the order's shipments oldest first with what the summary shows, as the whole rows give it", async () => {
    const later = await shipment(2, {
      state: "out_for_delivery",
      courierShipmentId: "sd_2",
      trackingNumber: "TRK2",
      driverName: "Sam Rivera",
      etaAt: new Date("2026-11-28T15:30:00.000Z"),
      photosJson: JSON.stringify(["https://courier.example/p.jpg"]),
      needsAttention: true,
      attentionReason: "The driver is late.",
    });
    const first = await shipment(1, { kind: RETURN_PICKUP, signatoryName: "Alex" });
    await shipment(3, { orderGid: "gid://shopify/Order/9999", courierShipmentId: "sd_3" });

    const read = await orderSummaryRead(db, SHOP, ORDER);
    expect(read.shop).toEqual({
      id: first.shopId,
      uninstalledAt: null,
      settingsJson: '{"tags":{"dispatched":"sent"}}',
    });
    const rows = read.shipments;
    expect(rows.map((r) => r.id)).toEqual([first.id, later.id]);
    expect(rows[1]).toEqual({
      id: later.id,
      kind: "delivery",
      state: "out_for_delivery",
      trackingNumber: "TRK2",
      driverName: "Sam Rivera",
      etaAt: new Date("2026-11-28T15:30:00.000Z"),
      signatoryName: null,
      photosJson: JSON.stringify(["https://courier.example/p.jpg"]),
      needsAttention: true,
      attentionReason: "The driver is late.",
      updatedAt: later.updatedAt,
      courierShipmentId: "sd_2",
    });
    expect(rows[0]).toMatchObject({ needsAttention: false, etaAt: null, courierShipmentId: null });
    const whole = await db.shipment.findMany({
      where: { shopId: first.shopId, orderGid: ORDER },
      orderBy: { createdAt: "asc" },
    });
    expect(orderDeliverySummary(rows)).toEqual(orderDeliverySummary(whole));
  });

  it("reads the shop and no shipments for an order without any, and the shop's uninstall", async () => {
    const { id } = await db.shop.findFirstOrThrow();
    const uninstalledAt = new Date("2026-11-27T10:00:00.000Z");
    await db.shop.update({ where: { id }, data: { uninstalledAt } });
    expect(await orderSummaryRead(db, SHOP, ORDER)).toEqual({
      shop: { id, uninstalledAt, settingsJson: '{"tags":{"dispatched":"sent"}}' },
      shipments: [],
    });
  });

  it("reads no shop for a domain that has none, whatever shipments other shops have", async () => {
    await shipment(1, { courierShipmentId: "sd_1" });
    expect(await orderSummaryRead(db, "other.myshopify.com", ORDER)).toEqual({ shop: null, shipments: [] });
  });
});
