/**
 * bench:insights — Insights' server time with 100,000 deliveries and a year of hourly quote
 * aggregates, on SQLite (a migrated file) and PostgreSQL (a throw-away server, or TEST_POSTGRES_URL).
 * Seeds one shop: 100,000 deliveries over the last 365 days at three pickup locations (outcomes,
 * milestone times, prices, 3 % with a no-driver raise, returns and exchanges) and a QuoteFunnelHour
 * row per location and hour of the year (26,280 rows), then times the page's database work
 * (insightsData: both periods' deliveries and funnel, figures, capacity) for 7, 30 and 90 days, all
 * locations and one, 50 loads per database. Shopify's part of the page (the diagnosis's profiles) is
 * not timed: it is Shopify's time. Prints figures and one JSON line: {shipments, funnel_hours,
 * sqlite_p50_ms, sqlite_p99_ms, postgresql_p50_ms, postgresql_p99_ms, loop delay and load beside
 * each, targets_met}; each p99 must be at most 300 ms.
 */
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { createDb, type Db } from "~/db/client.server";
import { insightsData } from "~/insights/insights.server";
import type { PeriodDays } from "~/insights/period";
import { ANSWER_MS_COLUMNS } from "~/quote/quote-funnel";
import { deliveryVerdictOf, paidToDeliveredMinutesOf } from "~/shipments/delivery-verdict";
import {
  createDatabase,
  dropDatabase,
  startThrowawayPostgres,
  type PostgresServer,
} from "../../prisma/tools/postgres-server";
import { migrateDatabase, migratedTempDatabase } from "../support/app-server";
import { note, percentile, round1, say, seededRandom } from "./harness";
import { machineLoad, ownLoopDelay, type LoopDelay } from "./loop-delay";
import { atMost, equalTo, judgeTargets } from "./targets";

const TOTAL = 100_000;
const DAYS = 365;
const LOCATIONS = 3;
const FUNNEL_HOURS = DAYS * 24 * LOCATIONS;
const BATCH = 2_000;
const LOADS = 50;
const TARGET_P99_MS = 300;
const SHOP = "busy-florist.myshopify.com";
const TIME_ZONE = "America/New_York";
const STATES = [
  "delivered",
  "delivered",
  "delivered",
  "delivered",
  "delivered",
  "delivered",
  "returned",
  "canceled",
  "expired",
];
const QUERIES: { days: PeriodDays; location: string | null }[] = [
  { days: 90, location: null },
  { days: 30, location: null },
  { days: 7, location: null },
  { days: 90, location: "gid://shopify/Location/2" },
  { days: 30, location: "gid://shopify/Location/1" },
];

async function seed(db: Db, now: Date): Promise<{ shipments: number; funnelHours: number }> {
  const random = seededRandom(40);
  const shop = await db.shop.create({
    data: {
      domain: SHOP,
      timezone: TIME_ZONE,
      settingsJson: JSON.stringify({
        openingHours: Array.from({ length: LOCATIONS }, (_, l) => ({
          locationGid: `gid://shopify/Location/${l + 1}`,
          weekly: Array.from({ length: 7 }, () => [{ start: "09:00", end: "19:00" }]),
          closedDates: [],
          preparationMinutes: 0,
          slotCapacity: 5,
        })),
      }),
    },
  });
  for (let l = 1; l <= LOCATIONS; l += 1)
    await db.pickupLocation.create({
      data: { shopId: shop.id, locationGid: `gid://shopify/Location/${l}`, name: `Shop ${l}`, enabled: true },
    });
  let shipments = 0;
  for (let start = 0; start < TOTAL; start += BATCH) {
    const raises: { shipmentId: string; at: Date; cents: number }[] = [];
    const rows = Array.from({ length: Math.min(BATCH, TOTAL - start) }, (_, k) => {
      const i = start + k;
      const pickup = new Date(now.getTime() - Math.floor(random() * DAYS * 86_400_000));
      const state = STATES[Math.floor(random() * STATES.length)]!;
      const carried = state === "delivered" || state === "returned";
      const assigned = new Date(pickup.getTime() + (random() < 0.1 ? 40 : -10) * 60_000);
      const atPickup = new Date(pickup.getTime() + 5 * 60_000);
      const pickedUp = new Date(atPickup.getTime() + (random() < 0.1 ? 25 : 3) * 60_000);
      const delivered = new Date(pickedUp.getTime() + (30 + random() * 120) * 60_000);
      const id = `bench-shipment-${i}`;
      if (random() < 0.03) raises.push({ shipmentId: id, at: new Date(pickup.getTime() + 600_000), cents: 300 });
      const isReturn = i % 50 === 0;
      const milestones = {
        createdAt: new Date(pickup.getTime() - 3_600_000),
        pickupAfter: pickup,
        deliverStart: pickup,
        deliverEnd: new Date(pickup.getTime() + 7_200_000),
        driverAssignedAt: state === "expired" ? null : assigned,
        atPickupAt: carried ? atPickup : null,
        pickedUpAt: carried ? pickedUp : null,
        deliveredAt: state === "delivered" ? delivered : null,
      };
      return {
        id,
        shopId: shop.id,
        ...milestones,
        // What the tracking flow fixes at delivery.
        deliveryVerdict: deliveryVerdictOf(milestones),
        paidToDeliveredMinutes: paidToDeliveredMinutesOf(milestones),
        orderGid: `gid://shopify/Order/${i}`,
        orderName: `#${1000 + i}`,
        fulfillmentOrderGid: `gid://shopify/FulfillmentOrder/${i}`,
        locationGid: `gid://shopify/Location/${1 + (i % LOCATIONS)}`,
        idempotencyKey: `bench-${i}`,
        courierShipmentId: String(500_000 + i),
        kind: isReturn ? "return_pickup" : "delivery",
        batchReferenceId: isReturn && i % 100 === 0 ? `rt-${i}` : null,
        state,
        priceCents: 900 + Math.floor(random() * 900),
        shopperPriceCents: 1299,
        tipCents: random() < 0.2 ? 300 : null,
      };
    });
    await db.shipment.createMany({ data: rows });
    await db.noDriverRaise.createMany({
      data: raises.map((raise, n) => ({
        shopId: shop.id,
        shipmentId: raise.shipmentId,
        courierShipmentId: `c-${n}`,
        checkAt: raise.at,
        amountCents: raise.cents,
        extraCompensationCents: raise.cents,
        raisedAt: raise.at,
        sentAt: raise.at,
      })),
    });
    shipments += rows.length;
  }
  // A year of hours per location, on the shop's hours (New York's are whole UTC hours).
  const firstHour = Math.floor(now.getTime() / 3_600_000) * 3_600_000 - (DAYS * 24 - 1) * 3_600_000;
  let funnelHours = 0;
  for (let l = 1; l <= LOCATIONS; l += 1) {
    for (let start = 0; start < DAYS * 24; start += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, DAYS * 24 - start) }, (_, h) => {
        const requests = 20 + Math.floor(random() * 200);
        const live = Math.floor(requests * 0.3);
        const cache = Math.floor(requests * 0.5);
        const closed = requests - live - cache;
        const buckets = Object.fromEntries(ANSWER_MS_COLUMNS.map((column) => [column, 0]));
        buckets.msUpTo10 = cache;
        buckets.msUpTo500 = live;
        buckets.msUpTo25 = closed;
        return {
          shopDomain: SHOP,
          locationGid: `gid://shopify/Location/${l}`,
          hourStart: new Date(firstHour + (start + h) * 3_600_000),
          requests,
          ratedLive: live,
          ratedCache: cache,
          noneClosed: closed,
          ...buckets,
        };
      });
      await db.quoteFunnelHour.createMany({ data: rows });
      funnelHours += rows.length;
    }
  }
  return { shipments, funnelHours };
}

type Timed = {
  p50: number;
  p99: number;
  slowest: string;
  samples: number;
  loop: LoopDelay;
  load: { load1: number; cores: number };
};

async function timeAll(db: Db, now: Date): Promise<Timed> {
  const load = (query: (typeof QUERIES)[number]) =>
    insightsData(db, { shopDomain: SHOP, now, days: query.days, locationGid: query.location });
  const samples: number[] = [];
  let slowest = { ms: 0, what: "" };
  // One warm-up round (connections, statement caches), not counted.
  for (const query of QUERIES) await load(query);
  const loopDelay = ownLoopDelay();
  for (let n = 0; n < LOADS; n += 1) {
    const query = QUERIES[n % QUERIES.length]!;
    // Each load after a turn of the event loop, as each request comes in its own.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const started = performance.now();
    const data = await load(query);
    const ms = performance.now() - started;
    if (!data || data.deliveries.outcomes.delivered === 0 || data.deliveries.onTime.onTime === 0)
      throw new Error("Insights read no deliveries");
    samples.push(ms);
    if (ms > slowest.ms) slowest = { ms, what: `${query.days} days${query.location ? " at one location" : ""}` };
  }
  const loop = loopDelay.read();
  loopDelay.stop();
  samples.sort((a, b) => a - b);
  return {
    p50: round1(percentile(samples, 0.5)),
    p99: round1(percentile(samples, 0.99)),
    slowest: `${slowest.what} ${round1(slowest.ms)} ms`,
    samples: samples.length,
    loop,
    load: machineLoad(),
  };
}

async function onSqlite(now: Date) {
  const database = migratedTempDatabase("bench-insights-");
  const db = createDb(database.url);
  try {
    const seeded = await seed(db, now);
    return { ...seeded, ...(await timeAll(db, now)) };
  } finally {
    await db.$disconnect();
    database.remove();
  }
}

async function onPostgresql(now: Date) {
  let server: PostgresServer | null = null;
  let adminUrl = process.env.TEST_POSTGRES_URL;
  if (!adminUrl) {
    server = await startThrowawayPostgres();
    adminUrl = server.adminUrl;
  }
  const name = `bench_insights_${randomBytes(4).toString("hex")}`;
  const url = await createDatabase(adminUrl, name);
  const db = createDb(url);
  try {
    migrateDatabase(url);
    const seeded = await seed(db, now);
    // What autovacuum would have done by now on tables this size: the planner's statistics.
    await db.$executeRawUnsafe('ANALYZE "Shipment"');
    await db.$executeRawUnsafe('ANALYZE "QuoteFunnelHour"');
    await db.$executeRawUnsafe('ANALYZE "NoDriverRaise"');
    return { ...seeded, ...(await timeAll(db, now)) };
  } finally {
    await db.$disconnect();
    await dropDatabase(adminUrl, name);
    await server?.stop();
  }
}

const conditions = (timed: Timed) =>
  `event-loop delay p50 ${timed.loop.p50_ms} / p99 ${timed.loop.p99_ms} / max ${timed.loop.max_ms} ms; machine load ${timed.load.load1} on ${timed.load.cores} cores`;

async function main() {
  const now = new Date();
  note(`Seeding ${TOTAL} deliveries and ${FUNNEL_HOURS} funnel hours on SQLite…`);
  const sqlite = await onSqlite(now);
  say(
    `SQLite: ${sqlite.shipments} deliveries, ${sqlite.funnelHours} funnel hours, ${sqlite.samples} loads, p50 ${sqlite.p50} ms, p99 ${sqlite.p99} ms (slowest: ${sqlite.slowest}); ${conditions(sqlite)}`,
  );
  note(`Seeding on PostgreSQL…`);
  const pg = await onPostgresql(now);
  say(
    `PostgreSQL: ${pg.shipments} deliveries, ${pg.funnelHours} funnel hours, ${pg.samples} loads, p50 ${pg.p50} ms, p99 ${pg.p99} ms (slowest: ${pg.slowest}); ${conditions(pg)}`,
  );
  const targets = [
    equalTo("shipments", sqlite.shipments, TOTAL),
    equalTo("postgresql_shipments", pg.shipments, TOTAL),
    equalTo("funnel_hours", sqlite.funnelHours, FUNNEL_HOURS),
    equalTo("postgresql_funnel_hours", pg.funnelHours, FUNNEL_HOURS),
    equalTo("sqlite_loads", sqlite.samples, LOADS),
    equalTo("postgresql_loads", pg.samples, LOADS),
    atMost("sqlite_p99_ms", sqlite.p99, TARGET_P99_MS),
    atMost("postgresql_p99_ms", pg.p99, TARGET_P99_MS),
  ];
  const met = judgeTargets(targets, say);
  say(
    JSON.stringify({
      shipments: sqlite.shipments,
      funnel_hours: sqlite.funnelHours,
      sqlite_p50_ms: sqlite.p50,
      sqlite_p99_ms: sqlite.p99,
      postgresql_p50_ms: pg.p50,
      postgresql_p99_ms: pg.p99,
      sqlite_loop_p99_ms: sqlite.loop.p99_ms,
      sqlite_load1: sqlite.load.load1,
      postgresql_loop_p99_ms: pg.loop.p99_ms,
      postgresql_load1: pg.load.load1,
      targets_met: met,
    }),
  );
}

main().catch((error: unknown) => {
  note(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});
