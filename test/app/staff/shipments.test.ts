import type { Shipment } from "@prisma/client";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createDb, type Db } from "~/db/client.server";
import { ORDER_CHANGE_ACTIVITY, flaggedKind } from "~/shipments/activity-kinds";
import { createFileLinkSigner } from "~/staff/file-links.server";
import { historyFacts, shipmentViews } from "~/staff/shipments.server";

const db = createDb(process.env.DATABASE_URL!);
const SHOP = "corner-bakery.myshopify.com";
const NOW = new Date("2026-11-21T18:00:00.000Z");
const clock = () => NOW;
const files = createFileLinkSigner({ appSecret: "test-app-secret", appUrl: "https://app.example", clock });

let shopId: string;
let made = 0;

beforeEach(async () => {
  await db.shop.deleteMany();
  shopId = (await db.shop.create({ data: { domain: SHOP } })).id;
});

afterAll(async () => {
  await db.$disconnect();
});

/** A shipment at the courier, with activities of these kinds one minute apart (oldest first). */
async function shipmentWith(state: string, kinds: string[]): Promise<Shipment> {
  made += 1;
  const shipment = await db.shipment.create({
    data: {
      shopId,
      orderGid: `gid://shopify/Order/${made}`,
      orderName: `#10${made}`,
      fulfillmentOrderGid: `gid://shopify/FulfillmentOrder/${made}`,
      locationGid: "gid://shopify/Location/1",
      idempotencyKey: `key-${made}`,
      courierShipmentId: `9000${made}`,
      trackingNumber: `TRK${made}`,
      state,
    },
  });
  for (const [i, kind] of kinds.entries()) {
    await db.shipmentActivity.create({
      data: {
        shipmentId: shipment.id,
        kind,
        message: "…",
        createdAt: new Date(NOW.getTime() - (kinds.length - i) * 60_000),
      },
    });
  }
  return shipment;
}

/** Counts the queries historyFacts makes (it reads only these two tables). */
function countingDb(): { db: Db; queries: () => number } {
  let count = 0;
  const counted = <T extends (...args: never[]) => unknown>(fn: T) =>
    ((...args: Parameters<T>) => {
      count += 1;
      return fn(...args);
    }) as T;
  const proxy = {
    courierEvent: { findMany: counted(db.courierEvent.findMany.bind(db.courierEvent)) },
    shipmentActivity: { findMany: counted(db.shipmentActivity.findMany.bind(db.shipmentActivity)) },
    noDriverRaise: { groupBy: counted(db.noDriverRaise.groupBy.bind(db.noDriverRaise)) },
  } as unknown as Db;
  return { db: proxy, queries: () => count };
}

describe("the order-change flag in the shipments' history facts", () => {
  it("is read for any number of shipments in the same three queries (events, activities, raises), and only the standing flag counts", async () => {
    const flagged = await shipmentWith("assigned", [flaggedKind("changed", "address_incorrect")]);
    const cleared = await shipmentWith("assigned", [
      flaggedKind("changed", "address_incorrect"),
      ORDER_CHANGE_ACTIVITY.inStep,
    ]);
    const flaggedAgain = await shipmentWith("scheduled", [
      flaggedKind("moved", "other"),
      ORDER_CHANGE_ACTIVITY.updated,
      flaggedKind("moved", "other"),
      "staff_tip",
    ]);
    const plain = await shipmentWith("assigned", ["staff_cancel:order_canceled", ORDER_CHANGE_ACTIVITY.updateRefused]);

    const counting = countingDb();
    const facts = await historyFacts(counting.db, [flagged, cleared, flaggedAgain, plain]);
    expect(counting.queries()).toBe(3);
    expect([flagged, cleared, flaggedAgain, plain].map((s) => facts.get(s.id)?.orderChangeFlagged)).toEqual([
      true,
      false,
      true,
      false,
    ]);
    // The staff cancellation code is still read from the same query.
    expect(facts.get(plain.id)?.staffCancellationCode).toBe("order_canceled");
  });

  it("makes the view offer Cancel and re-dispatch only while the shipment can still be canceled", async () => {
    const assigned = await shipmentWith("assigned", [flaggedKind("changed", "address_incorrect")]);
    const pickedUp = await shipmentWith("en_route", [flaggedKind("changed", "address_incorrect")]);
    const unflagged = await shipmentWith("scheduled", []);
    const shop = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    const views = await shipmentViews({ db, clock, files }, shop, [assigned, pickedUp, unflagged]);
    expect(views.map((v) => [v.id, v.canCancel, v.canRedispatch])).toEqual([
      [assigned.id, true, true],
      [pickedUp.id, false, false],
      [unflagged.id, true, false],
    ]);
  });
});
