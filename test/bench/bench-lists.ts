/**
 * bench:lists — the Shipments list's and Home's server time with 100,000 shipments, on SQLite (a
 * migrated file) and PostgreSQL (a throw-away server, or TEST_POSTGRES_URL). Seeds one busy shop
 * (90,000 deliveries over 200 days, three pickup locations, 2 % needing attention) and a second shop
 * (10,000), then times the page's server function (shipmentsPageData: the list page, its count, the
 * dead jobs and the month's raises) for every saved view, sorts, filters, searches (order, the
 * customer's name and phone: common, rare and missing) and a deep page, and Home's board of the day
 * (todayBoardData). Every row has a customer (recipientSearch, as app/shipments/recipient.ts writes
 * it); 1 % of the rows are exchanges' round trips (two legs of one order). Prints figures and one JSON line:
 * {shipments, sqlite_p99_ms, postgresql_p99_ms, the event-loop delay and load beside each, targets_met};
 * each p99 must be at most 300 ms.
 */
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { createDb, type Db } from "~/db/client.server";
import { createJobQueue, newWorkerId } from "~/jobs/queue.server";
import { parseListQuery } from "~/routes/app.shipments._index/list-query";
import { shipmentsPageData } from "~/routes/app.shipments._index/list.server";
import { todayBoardData } from "~/routes/app._index/today.server";
import { recipientSearchText } from "~/shipments/recipient";
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
const MAIN_SHARE = 90_000;
const DAYS = 200;
const BATCH = 2_000;
const ROUNDS = 15;
const TARGET_P99_MS = 300;
const MAIN = "busy-florist.myshopify.com";
const OTHER = "quiet-florist.myshopify.com";
const STATES = ["scheduled", "assigned", "en_route", "delivered", "delivered", "delivered", "canceled", "expired"];
const QUERIES = [
  "",
  "view=today",
  "view=waiting",
  "view=out",
  "view=attention",
  "sort=pickup_asc",
  "sort=created_desc",
  "state=delivered&location=gid://shopify/Location/2",
  "from=2026-10-01&to=2026-10-07",
  "q=1234",
  // The customer: a common first name, a last name, one that matches nobody (every row read), a
  // whole phone number (one row) and a part of one, as staff type them.
  "q=dana",
  "q=WHITFIELD",
  "q=zebulon",
  "q=(415)%20555-0123",
  "q=555-01",
  "kind=exchange",
  "page=200",
];
const FIRST_NAMES = ["Dana", "Omar", "Ada", "Lee", "Maria", "Sam", "Priya", "Jonas", "Chloe", "Ines"];
const LAST_NAMES = ["Whitfield", "Reyes", "Lovelace", "Nguyen", "Lopez", "Okafor", "Schmidt", "Rossi"];
/** Every 100th row and the next are an exchange's two legs (one order, one batch). */
const TRIP_EVERY = 100;

async function seed(db: Db, now: Date): Promise<number> {
  const random = seededRandom(31);
  let made = 0;
  for (const [domain, count] of [
    [MAIN, MAIN_SHARE],
    [OTHER, TOTAL - MAIN_SHARE],
  ] as const) {
    const shop = await db.shop.create({ data: { domain, timezone: "America/New_York" } });
    for (let l = 1; l <= 3; l += 1)
      await db.pickupLocation.create({
        data: { shopId: shop.id, locationGid: `gid://shopify/Location/${l}`, name: `Shop ${l}`, enabled: true },
      });
    for (let start = 0; start < count; start += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => {
        const i = start + k;
        // Spread over the last DAYS days up to today, newest last.
        const pickup = new Date(now.getTime() - Math.floor(random() * DAYS * 86_400_000) + 3_600_000);
        const attention = random() < 0.02;
        const leg = i % TRIP_EVERY < 2 ? (i % TRIP_EVERY) + 1 : null;
        const name = `${FIRST_NAMES[Math.floor(random() * FIRST_NAMES.length)]} ${LAST_NAMES[Math.floor(random() * LAST_NAMES.length)]}`;
        return {
          shopId: shop.id,
          orderGid: `gid://shopify/Order/${domain}-${leg === 2 ? i - 1 : i}`,
          kind: leg === 2 ? "return_pickup" : "delivery",
          batchReferenceId: leg ? `rt-${domain}-${i - (leg - 1)}-1` : null,
          batchSequence: leg,
          recipientSearch: recipientSearchText({
            name,
            phone: `+1415555${String(i % 10_000).padStart(4, "0")}`,
            address: "",
          }),
          orderName: `#${1000 + i}`,
          fulfillmentOrderGid: `gid://shopify/FulfillmentOrder/${domain}-${i}`,
          locationGid: `gid://shopify/Location/${1 + (i % 3)}`,
          idempotencyKey: `${domain}-${i}`,
          courierShipmentId: String(500_000 + i),
          trackingNumber: `TRK${500_000 + i}`,
          state: STATES[Math.floor(random() * STATES.length)]!,
          pickupAfter: pickup,
          deliverStart: pickup,
          deliverEnd: new Date(pickup.getTime() + 7_200_000),
          priceCents: 900 + Math.floor(random() * 900),
          shopperPriceCents: 999,
          driverName: random() < 0.6 ? "Jordan Smith" : null,
          needsAttention: attention,
          attentionCode: attention ? "expired" : null,
          createdAt: new Date(pickup.getTime() - 3_600_000),
        };
      });
      await db.shipment.createMany({ data: rows });
      made += rows.length;
    }
  }
  return made;
}

type Timed = { p99: number; slowest: string; samples: number; loop: LoopDelay; load: { load1: number; cores: number } };

/**
 * The page functions run in this process, so its event-loop delay over the timed rounds is the app's
 * and the caller's at once; it is printed with the machine's load beside each p99.
 */
async function timeAll(db: Db, now: Date): Promise<Timed> {
  const queue = createJobQueue({ db, clock: () => now, workerId: newWorkerId(), leaseMs: 60_000, random: Math.random });
  const deps = { db, queue, clock: () => now };
  const samples: number[] = [];
  const byWhat = new Map<string, number[]>();
  let slowest = { ms: 0, what: "" };
  const time = async (what: string, run: () => Promise<unknown>) => {
    // Each page load after a turn of the event loop, as each request comes in its own; without it the
    // synchronous SQLite calls never let the loop turn, and its delay would read 0 for a blocked loop.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const started = performance.now();
    await run();
    const ms = performance.now() - started;
    samples.push(ms);
    byWhat.set(what, [...(byWhat.get(what) ?? []), ms]);
    if (ms > slowest.ms) slowest = { ms, what };
  };
  // One warm-up round (connections, statement caches), not counted.
  for (const query of QUERIES) await shipmentsPageData(deps, MAIN, parseListQuery(new URLSearchParams(query)));
  const loopDelay = ownLoopDelay();
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const query of QUERIES)
      await time(`list ?${query}`, () => shipmentsPageData(deps, MAIN, parseListQuery(new URLSearchParams(query))));
    await time("home board", () => todayBoardData(deps, MAIN));
  }
  const loop = loopDelay.read();
  loopDelay.stop();
  const load = machineLoad();
  samples.sort((a, b) => a - b);
  for (const [what, ms] of byWhat) {
    ms.sort((a, b) => a - b);
    say(`  ${what}: p50 ${round1(percentile(ms, 0.5))} ms, max ${round1(ms[ms.length - 1]!)} ms`);
  }
  return {
    p99: round1(percentile(samples, 0.99)),
    slowest: `${slowest.what} ${round1(slowest.ms)} ms`,
    samples: samples.length,
    loop,
    load,
  };
}

async function onSqlite(now: Date) {
  const database = migratedTempDatabase("bench-lists-");
  const db = createDb(database.url);
  try {
    const seeded = await seed(db, now);
    const result = await timeAll(db, now);
    return { seeded, ...result };
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
  const name = `bench_lists_${randomBytes(4).toString("hex")}`;
  const url = await createDatabase(adminUrl, name);
  const db = createDb(url);
  try {
    migrateDatabase(url);
    const seeded = await seed(db, now);
    // What autovacuum would have done by now on a table this size: the planner's statistics.
    await db.$executeRawUnsafe('ANALYZE "Shipment"');
    const result = await timeAll(db, now);
    return { seeded, ...result };
  } finally {
    await db.$disconnect();
    await dropDatabase(adminUrl, name);
    await server?.stop();
  }
}

const conditions = (timed: Timed) =>
  `event-loop delay (page functions and caller, one process) p50 ${timed.loop.p50_ms} / p99 ${timed.loop.p99_ms} / max ${timed.loop.max_ms} ms; machine load ${timed.load.load1} on ${timed.load.cores} cores`;

async function main() {
  const now = new Date();
  note(`Seeding ${TOTAL} shipments on SQLite…`);
  const sqlite = await onSqlite(now);
  say(
    `SQLite: ${sqlite.seeded} shipments, ${sqlite.samples} page loads, p99 ${sqlite.p99} ms (slowest: ${sqlite.slowest}); ${conditions(sqlite)}`,
  );
  note(`Seeding ${TOTAL} shipments on PostgreSQL…`);
  const pg = await onPostgresql(now);
  say(
    `PostgreSQL: ${pg.seeded} shipments, ${pg.samples} page loads, p99 ${pg.p99} ms (slowest: ${pg.slowest}); ${conditions(pg)}`,
  );
  const targets = [
    equalTo("shipments", sqlite.seeded, TOTAL),
    equalTo("postgresql_shipments", pg.seeded, TOTAL),
    atMost("sqlite_p99_ms", sqlite.p99, TARGET_P99_MS),
    atMost("postgresql_p99_ms", pg.p99, TARGET_P99_MS),
  ];
  const met = judgeTargets(targets, say);
  say(
    JSON.stringify({
      shipments: sqlite.seeded,
      sqlite_p99_ms: sqlite.p99,
      postgresql_p99_ms: pg.p99,
      sqlite_loop_p99_ms: sqlite.loop.p99_ms,
      sqlite_loop_max_ms: sqlite.loop.max_ms,
      sqlite_load1: sqlite.load.load1,
      postgresql_loop_p99_ms: pg.loop.p99_ms,
      postgresql_loop_max_ms: pg.loop.max_ms,
      postgresql_load1: pg.load.load1,
      targets_met: met,
    }),
  );
}

main().catch((error: unknown) => {
  note(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});
