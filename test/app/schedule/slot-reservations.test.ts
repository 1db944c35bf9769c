/**
 * Places in a delivery slot, on the test database (SQLite, or PostgreSQL with TEST_DATABASE), taken
 * by bookings that overlap: each in a transaction that first writes its shipment (as the dispatch
 * transaction does), then takes a place, then waits a little before committing.
 *
 * PostgreSQL: two database clients, as two app instances would be, racing under READ COMMITTED.
 * SQLite: the app runs as one process with one connection (README, Deploying), so its instances'
 * workers share that connection and its transactions take turns; a second client on the file would
 * only be told "database is locked".
 */
import { setTimeout as delay } from "node:timers/promises";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createDb, type Db } from "~/db/client.server";
import { db } from "~/db.server";
import { databaseProviderOf } from "~/db/provider";
import {
  overCapacityBookings,
  releaseSlotPlace,
  shipmentSlotPlace,
  takenPlaces,
  takeSlotPlace,
  type SlotPlace,
} from "~/schedule/slot-reservations.server";

const SHOP = "capacity.myshopify.com";
const SLOT = "gid://shopify/Location/1|SAMEDAY_SLOTS_20261129T1000";
const OTHER_SLOT = "gid://shopify/Location/1|SAMEDAY_SLOTS_20261129T1200";
const AT = new Date("2026-11-25T15:00:00Z");
const onPostgresql = databaseProviderOf(process.env.DATABASE_URL!) === "postgresql";
const clientA = onPostgresql ? createDb(process.env.DATABASE_URL!) : db;
const clientB = onPostgresql ? createDb(process.env.DATABASE_URL!) : db;

afterAll(async () => {
  if (onPostgresql) await Promise.all([clientA.$disconnect(), clientB.$disconnect()]);
});

let shopId: string;
beforeEach(async () => {
  await clientA.shipment.deleteMany();
  await clientA.shop.deleteMany();
  shopId = (await clientA.shop.create({ data: { domain: SHOP, timezone: "America/New_York" } })).id;
});

/** One paid order's booking on `db`: its shipment row, then its place, in one transaction. */
function book(client: Db, n: number, options: { slot?: string; capacity?: number | null; holdMs?: number } = {}) {
  const { slot = SLOT, capacity = 5, holdMs = 0 } = options;
  const key = `booking-${slot}-${n}`;
  return client.$transaction(async (tx) => {
    const shipment = await tx.shipment.upsert({
      where: { idempotencyKey: key },
      create: {
        shopId,
        orderGid: `gid://shopify/Order/${n}`,
        orderName: `#${n}`,
        fulfillmentOrderGid: `gid://shopify/FulfillmentOrder/${n}`,
        locationGid: "gid://shopify/Location/1",
        idempotencyKey: key,
        state: "scheduled",
      },
      update: {},
    });
    const place = await takeSlotPlace(tx, {
      shopDomain: SHOP,
      shipmentId: shipment.id,
      slotKey: slot,
      slotWords: "Sun, Nov 29, 10 am–12 pm",
      capacity,
      at: AT,
    });
    if (holdMs > 0) await delay(holdMs);
    return { shipmentId: shipment.id, ...place };
  });
}

const within = (places: SlotPlace[]) => places.filter((p) => !p.overCapacity);

describe("taking places: race-free across two clients", () => {
  it("20 bookings at once for 5 places: exactly 5 within capacity (places 1–5), 15 over", async () => {
    const bookings = await Promise.all(
      Array.from({ length: 20 }, (_, n) => book(n % 2 === 0 ? clientA : clientB, n, { holdMs: 5 + (n % 4) * 3 })),
    );
    expect(within(bookings)).toHaveLength(5);
    expect(
      within(bookings)
        .map((p) => p.place)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5]);
    expect(bookings.filter((p) => p.overCapacity && p.place === null)).toHaveLength(15);
    expect(await clientA.slotReservation.count({ where: { overCapacity: false, place: { not: null } } })).toBe(5);
    expect(await clientA.slotReservation.count({ where: { overCapacity: true, place: null } })).toBe(15);
    expect(await takenPlaces(clientB, SHOP, [SLOT])).toEqual(new Map([[SLOT, 20]]));
  });

  it("two bookings at once for the last place: one gets it, the other is over capacity", async () => {
    for (let n = 0; n < 4; n++) await book(clientA, n);
    const [a, b] = await Promise.all([book(clientA, 10, { holdMs: 20 }), book(clientB, 11, { holdMs: 20 })]);
    expect([a!.overCapacity, b!.overCapacity].sort()).toEqual([false, true]);
    expect([a!.place, b!.place].filter((place) => place !== null)).toEqual([5]);
  });
});

describe("one reservation per shipment", () => {
  it("a retried booking finds its place and takes no second one", async () => {
    const first = await book(clientA, 1);
    const again = await book(clientB, 1);
    expect(first).toMatchObject({ place: 1, overCapacity: false, taken: true });
    expect(again).toMatchObject({ shipmentId: first.shipmentId, place: 1, overCapacity: false, taken: false });
    expect(await clientA.slotReservation.count()).toBe(1);
  });

  it("a retried over-capacity booking stays over capacity, once", async () => {
    await book(clientA, 1, { capacity: 1 });
    const over = await book(clientA, 2, { capacity: 1 });
    const again = await book(clientB, 2, { capacity: 1 });
    expect(over).toMatchObject({ place: null, overCapacity: true, taken: true });
    expect(again).toMatchObject({ place: null, overCapacity: true, taken: false });
    expect(await clientA.slotReservation.count()).toBe(2);
  });
});

describe("releasing a place", () => {
  it("a canceled shipment's place is taken by the next booking; releasing twice changes nothing", async () => {
    const [first] = [await book(clientA, 1, { capacity: 2 }), await book(clientA, 2, { capacity: 2 })];
    expect(await book(clientA, 3, { capacity: 2 })).toMatchObject({ overCapacity: true });
    await releaseSlotPlace(clientA, first.shipmentId, AT);
    await releaseSlotPlace(clientA, first.shipmentId, new Date(AT.getTime() + 60_000));
    // Two bookings still held (one of them over capacity): the slot is still full.
    expect(await book(clientA, 4, { capacity: 2 })).toMatchObject({ overCapacity: true });
    expect(await shipmentSlotPlace(clientA, first.shipmentId)).toEqual({
      slotWords: "Sun, Nov 29, 10 am–12 pm",
      overCapacity: false,
      released: true,
    });
    const row = await clientA.slotReservation.findUniqueOrThrow({ where: { shipmentId: first.shipmentId } });
    expect(row).toMatchObject({ place: null, releasedAt: AT });
  });

  it("with a place freed and nothing over capacity, the next booking takes that place number", async () => {
    const bookings = [];
    for (let n = 0; n < 3; n++) bookings.push(await book(clientA, n, { capacity: 3 }));
    await releaseSlotPlace(clientB, bookings[1]!.shipmentId, AT);
    expect(await takenPlaces(clientA, SHOP, [SLOT])).toEqual(new Map([[SLOT, 2]]));
    expect(await book(clientB, 9, { capacity: 3 })).toMatchObject({ place: 2, overCapacity: false });
    expect(await book(clientB, 10, { capacity: 3 })).toMatchObject({ place: null, overCapacity: true });
  });
});

describe("counting and limits", () => {
  it("no limit: every booking holds a numbered place, never over capacity", async () => {
    const bookings = await Promise.all(
      Array.from({ length: 8 }, (_, n) => book(n % 2 ? clientA : clientB, n, { capacity: null, holdMs: 3 })),
    );
    expect(bookings.every((p) => !p.overCapacity)).toBe(true);
    expect(bookings.map((p) => p.place).sort((x, y) => x! - y!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("lists the shop's bookings held over capacity, newest first, without released ones", async () => {
    await book(clientA, 1, { capacity: 1 });
    const over = await book(clientA, 2, { capacity: 1 });
    const released = await book(clientA, 3, { capacity: 1 });
    await releaseSlotPlace(clientA, released.shipmentId, AT);
    expect(await overCapacityBookings(clientB, SHOP)).toEqual([
      { shipmentId: over.shipmentId, orderName: "#2", slotWords: "Sun, Nov 29, 10 am–12 pm", bookedAt: AT },
    ]);
    expect(await overCapacityBookings(clientB, "other.myshopify.com")).toEqual([]);
  });

  it("a capacity of 0 takes no booking within capacity", async () => {
    expect(await book(clientA, 1, { capacity: 0 })).toMatchObject({ place: null, overCapacity: true });
  });

  it("counts per slot, in one query, leaving out slots with nothing held and other shops", async () => {
    await book(clientA, 1);
    await book(clientA, 2);
    await book(clientA, 3, { slot: OTHER_SLOT });
    const counted = await takenPlaces(clientA, SHOP, [SLOT, OTHER_SLOT, "gid://shopify/Location/1|SAMEDAY_X"]);
    expect(counted).toEqual(
      new Map([
        [SLOT, 2],
        [OTHER_SLOT, 1],
      ]),
    );
    expect(await takenPlaces(clientA, "other.myshopify.com", [SLOT])).toEqual(new Map());
    expect(await takenPlaces(clientA, SHOP, [])).toEqual(new Map());
  });
});
