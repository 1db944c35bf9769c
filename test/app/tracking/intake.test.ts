import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { parseCourierEvent, type CourierEvent } from "~/courier/events";
import { createDb, type Db } from "~/db/client.server";
import { createEventIntake, IntakeFullError, type IntakeItem } from "~/tracking/intake.server";
import { APPLY_EVENTS_JOB, MATCH_EARLY_EVENTS_JOB } from "~/tracking/jobs";
import { testQueue } from "../jobs/support";

const db = createDb(process.env.DATABASE_URL!);
const clock = () => new Date("2026-11-22T16:00:00.000Z");
const queue = testQueue(db, clock);
let shop: { id: string; domain: string };
let other: { id: string; domain: string };
const shipmentIds: Record<string, string> = {};

/** Counts the transactions the intake opens. */
function countingDb(fail: (batchSize: number) => boolean = () => false) {
  const counter = { transactions: 0 };
  const wrapped = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== "$transaction") return Reflect.get(target, property, receiver);
      return (work: (tx: unknown) => Promise<unknown>) => {
        counter.transactions += 1;
        return target.$transaction(async (tx) => {
          const result = await work(tx);
          const size = (result as { outcomes?: unknown[] }).outcomes?.length ?? 0;
          if (fail(size)) throw new Error("deadlock detected (another instance's batch)");
          return result;
        });
      };
    },
  }) as Db;
  return { wrapped, counter };
}

const event = (name: string, data: Record<string, unknown>): { event: CourierEvent; rawBody: string } => {
  const rawBody = JSON.stringify({ event: name, data });
  const parsed = parseCourierEvent(rawBody);
  if (!parsed.ok) throw new Error(parsed.reason);
  return { event: parsed.event, rawBody };
};
const item = (owner: { id: string; domain: string }, name: string, data: Record<string, unknown>): IntakeItem => ({
  shop: owner,
  ...event(name, data),
  receivedAt: clock(),
});
const at = (minute: number) => `2026-11-22T15:${String(minute).padStart(2, "0")}:00Z`;

beforeEach(async () => {
  await db.courierEvent.deleteMany();
  await db.job.deleteMany();
  await db.shipment.deleteMany();
  await db.shop.deleteMany();
  shop = await db.shop.create({
    data: { domain: "corner-bakery.myshopify.com", webhookPathId: "path-a" },
    select: { id: true, domain: true },
  });
  other = await db.shop.create({
    data: { domain: "flower-stall.myshopify.com", webhookPathId: "path-b" },
    select: { id: true, domain: true },
  });
  for (const [owner, courierId] of [
    [shop, "101"],
    [shop, "102"],
    [other, "101"],
  ] as const) {
    const row = await db.shipment.create({
      data: {
        shopId: owner.id,
        orderGid: `gid://shopify/Order/${courierId}`,
        orderName: `#${courierId}`,
        fulfillmentOrderGid: `gid://shopify/FulfillmentOrder/${courierId}`,
        locationGid: "gid://shopify/Location/1",
        idempotencyKey: `${owner.domain}:${courierId}`,
        courierShipmentId: courierId,
        state: "assigned",
      },
    });
    shipmentIds[`${owner.domain}:${courierId}`] = row.id;
  }
});

afterAll(async () => {
  await db.$disconnect();
});

describe("event intake", () => {
  it("stores events that arrive together in one transaction: repeats recognised, each shop's shipments matched, one apply job per shipment", async () => {
    const { wrapped, counter } = countingDb();
    const intake = createEventIntake({ db: wrapped, queue });
    const items = [
      item(shop, "shipment.driver_assigned", { id: 101, occurred_at: at(1) }),
      item(shop, "shipment.driver_enroute_to_pickup", { id: 101, occurred_at: at(2) }),
      item(shop, "shipment.driver_assigned", { id: 102, occurred_at: at(1) }),
      item(other, "shipment.driver_assigned", { id: 101, occurred_at: at(1) }),
      item(shop, "shipment.driver_enroute_to_pickup", { id: 101, occurred_at: at(2) }),
      item(shop, "shipment.driver_assigned", { id: 999, occurred_at: at(3) }),
      item(shop, "grouping.pickup_grouping_identified", {
        id: "G-7",
        occurred_at: at(4),
        shipments: [{ id: 101 }, { id: 102 }],
      }),
    ];
    const outcomes = await Promise.all(items.map((i) => intake.submit(i)));
    expect(outcomes).toEqual([
      { duplicate: false, matched: true, changedBody: false },
      { duplicate: false, matched: true, changedBody: false },
      { duplicate: false, matched: true, changedBody: false },
      { duplicate: false, matched: true, changedBody: false },
      { duplicate: true, matched: true, changedBody: false },
      { duplicate: false, matched: false, changedBody: false },
      { duplicate: false, matched: false, changedBody: false },
    ]);
    // All seven came in the same turn of the event loop: one transaction.
    expect(counter.transactions).toBe(1);
    expect(await db.courierEvent.count()).toBe(6);
    const stored = await db.courierEvent.findMany({ where: { shopId: other.id } });
    expect(stored).toMatchObject([
      {
        shipmentId: shipmentIds[`${other.domain}:101`],
        courierShipmentId: "101",
        eventName: "shipment.driver_assigned",
        occurredAt: new Date(at(1)),
        receivedAt: clock(),
        synthesized: false,
        appliedAt: null,
        outcome: null,
      },
    ]);
    expect(await db.courierEvent.count({ where: { synthesized: false, occurredAt: { gte: new Date(at(1)) } } })).toBe(
      6,
    );
    const jobs = await db.job.findMany({ orderBy: { createdAt: "asc" } });
    expect(
      jobs
        .filter((j) => j.kind === APPLY_EVENTS_JOB)
        .map((j) => [j.shopDomain, j.orderingKey])
        .sort(),
    ).toEqual(
      [
        [shop.domain, `shipment:${shipmentIds[`${shop.domain}:101`]}`],
        [shop.domain, `shipment:${shipmentIds[`${shop.domain}:102`]}`],
        [other.domain, `shipment:${shipmentIds[`${other.domain}:101`]}`],
      ].sort(),
    );
    expect(jobs.filter((j) => j.kind === MATCH_EARLY_EVENTS_JOB).map((j) => j.payloadJson)).toEqual([
      JSON.stringify({ courierShipmentId: "999" }),
    ]);
    expect(
      (await db.shipment.findMany({ where: { shopId: shop.id }, select: { groupId: true } })).map((s) => s.groupId),
    ).toEqual(["G-7", "G-7"]);
    expect((await db.shop.findMany({ select: { lastCourierEventAt: true } })).map((s) => s.lastCourierEventAt)).toEqual(
      [clock(), clock()],
    );
  });

  it("recognises an event stored by an earlier batch as a repeat", async () => {
    const intake = createEventIntake({ db, queue });
    const pickup = item(shop, "shipment.pickup_confirmed", { id: 101, occurred_at: at(5) });
    expect(await intake.submit(pickup)).toEqual({ duplicate: false, matched: true, changedBody: false });
    expect(
      await Promise.all([
        intake.submit(pickup),
        intake.submit(item(shop, "shipment.dropoff_confirmed", { id: 101, occurred_at: at(9) })),
      ]),
    ).toEqual([
      { duplicate: true, matched: true, changedBody: false },
      { duplicate: false, matched: true, changedBody: false },
    ]);
    expect(await db.courierEvent.count()).toBe(2);
  });

  it("tells a repeat whose body changed under the same identity from a true repeat, in a batch and across batches", async () => {
    const intake = createEventIntake({ db, queue });
    const assigned = item(shop, "shipment.driver_assigned", { id: 101, occurred_at: at(1), driver_id: "d-1" });
    const changed = item(shop, "shipment.driver_assigned", { id: 101, occurred_at: at(1), driver_id: "d-2" });
    // Each delivery is an item of its own, as each request makes one.
    expect(await Promise.all([assigned, changed, { ...assigned }].map((i) => intake.submit(i)))).toEqual([
      { duplicate: false, matched: true, changedBody: false },
      { duplicate: true, matched: true, changedBody: true },
      { duplicate: true, matched: true, changedBody: false },
    ]);
    expect(await Promise.all([{ ...changed }, { ...assigned }].map((i) => intake.submit(i)))).toEqual([
      { duplicate: true, matched: true, changedBody: true },
      { duplicate: true, matched: true, changedBody: false },
    ]);
    expect((await db.courierEvent.findMany()).map((e) => e.payloadJson)).toEqual([assigned.rawBody]);
  });

  it("writes a batch that failed one event at a time, so every event is stored once", async () => {
    const { wrapped, counter } = countingDb((size) => size > 1);
    const intake = createEventIntake({ db: wrapped, queue });
    const items = [101, 102, 103].map((id, i) => item(shop, "shipment.driver_assigned", { id, occurred_at: at(i) }));
    const outcomes = await Promise.all([...items, items[1]!].map((i) => intake.submit(i)));
    expect(outcomes).toEqual([
      { duplicate: false, matched: true, changedBody: false },
      { duplicate: false, matched: true, changedBody: false },
      { duplicate: false, matched: false, changedBody: false },
      { duplicate: true, matched: true, changedBody: false },
    ]);
    // The batch of four (failed), then each event alone.
    expect(counter.transactions).toBe(5);
    expect(await db.courierEvent.count()).toBe(3);
  });

  it("refuses new events while too many bytes are waiting, and takes them again once written", async () => {
    const intake = createEventIntake({ db, queue, maxWaitingBytes: 1_000 });
    const padded = (n: number) =>
      item(shop, "shipment.driver_assigned", { id: 101, occurred_at: at(n), note: "x".repeat(350) });
    const first = [intake.submit(padded(1)), intake.submit(padded(2))];
    await expect(intake.submit(padded(3))).rejects.toBeInstanceOf(IntakeFullError);
    await Promise.all(first);
    expect(await intake.submit(padded(3))).toEqual({ duplicate: false, matched: true, changedBody: false });
    expect(await db.courierEvent.count()).toBe(3);
  });

  it("writes a shop's last-event time at most once a second", async () => {
    const intake = createEventIntake({ db, queue });
    const lastEventAt = async () =>
      (await db.shop.findUniqueOrThrow({ where: { id: shop.id } })).lastCourierEventAt?.toISOString();
    const at = (ms: number) => ({
      ...item(shop, "shipment.tracking_updated", {
        id: 101,
        occurred_at: new Date(Date.UTC(2026, 10, 22, 15, 0, 0, ms)).toISOString(),
      }),
      receivedAt: new Date(Date.UTC(2026, 10, 22, 16, 0, 0, ms)),
    });
    await intake.submit(at(0));
    expect(await lastEventAt()).toBe("2026-11-22T16:00:00.000Z");
    await intake.submit(at(500));
    expect(await lastEventAt()).toBe("2026-11-22T16:00:00.000Z");
    await intake.submit(at(1_200));
    expect(await lastEventAt()).toBe("2026-11-22T16:00:01.200Z");
  });
});
