/**
 * npm run bench:statements — the dispatch path's hot reads through Prisma and as the same plain SQL
 * ($queryRaw) on the same client, so through the same connection (issue 37: Prisma and SQLite were
 * about two thirds of the CPU per order). Each statement is run ROUNDS times in alternation, the
 * process's CPU time per call taken for each (process.cpuUsage: the statements run one at a time,
 * so this is their cost in the app's process, the database's included on SQLite).
 *
 * Statements (20 shops with 3 pickup locations, 2 enabled, and the default settings saved in full,
 * 2,000 shipments, 2,000 orders/paid deliveries):
 * - shop: a shop with its enabled pickup locations (dispatch's loadShop, twice per order);
 * - shipment: a shipment by its idempotency key (the fulfillment-order job's first read);
 * - customer: the customer an order's orders/paid named (customerOfOrder, twice per order);
 * - order_shipments: the shop and an order's shipments for its delivery metafield (the annotation job,
 *   each summary written), the shop and the whole rows through Prisma against the shop's and the
 *   summary's columns in one plain SQL statement (orderSummaryRead);
 * - load_shop: all of dispatch's loadShop, the shop with its settings parsed and its pickup points: as it
 *   was (Prisma's findUnique with include, the settings parsed on every call) on the Prisma side, the
 *   app's loadShop (one plain SQL statement, the parse kept per settings text) on the SQL side.
 *
 * - direct_shipment, direct_customer, direct_rate_slots: the same plain SQL through Prisma's `$queryRaw`
 *   (the `prisma` side) and through sqlRows (the `sql` side: on PostgreSQL straight through the pool,
 *   past Prisma's runtime, app/db/direct-sql.server.ts; on SQLite sqlRows is `$queryRaw` itself).
 *
 * Prints µs per call for each and, as its LAST line, JSON: `<statement>_prisma_us`, `_sql_us` and
 * `_faster` (the side at least 10 % cheaper, else "neither"). A measurement for a decision (README,
 * Decisions), not a target: no `targets_met`. Options: `--db sqlite|postgresql`.
 */
import { Prisma } from "@prisma/client";
import { createDb, type Db } from "~/db/client.server";
import { sqlRows } from "~/db/direct-sql.server";
import { loadShop } from "~/dispatch/plan.server";
import { pickupPointsOf } from "~/dispatch/shop-dispatch-settings";
import { DEFAULT_SHOP_SETTINGS, parseShopSettings } from "~/settings/shop-settings";
import { orderSummaryRead } from "~/shipments/order-summary-read.server";
import { useWriteAheadLog } from "~/db/journal.server";
import { migrateDatabase } from "../support/app-server";
import { round1, runBench, say, type Bench } from "./harness";
import { machineLoad } from "./loop-delay";
import { scratchDatabaseUrl } from "./scratch-database";

const SHOPS = 20;
const SHIPMENTS_PER_SHOP = 100;
const ROUNDS = 2_000;
const WARMUP = 200;
/** One side counts as faster when the other costs at least this much more. */
const NOISE = 1.1;

type Kind = "sqlite" | "postgresql";

/** A stored courier request about the size the dispatch job writes (addresses, contacts, one item). */
const COURIER_REQUEST = JSON.stringify({
  reference_id: "#1001",
  pickup: { name: "Main St", address: "1 Main St, Brooklyn, NY 11201, US", phone: "+17185550100", notes: "Back door" },
  dropoff: { name: "Steve Shipper", address: "123 Shipping Street, Brooklyn, NY 11201, US", phone: "+15555550100" },
  items: [{ name: "Sourdough loaf", quantity: 2, length: 10, width: 8, height: 4, weight: 1.5 }],
  pickup_after: "2026-11-28T14:00:00.000Z",
  deliver_between: ["2026-11-28T15:00:00.000Z", "2026-11-28T17:00:00.000Z"],
  options: { signature_required: false, recipient_sms: true, decline_insurance: false },
});

async function seed(db: Db): Promise<string[]> {
  const shopIds: string[] = [];
  for (let s = 0; s < SHOPS; s++) {
    const domain = `statements-${s}.myshopify.com`;
    const shop = await db.shop.create({ data: { domain, settingsJson: JSON.stringify(DEFAULT_SHOP_SETTINGS) } });
    shopIds.push(shop.id);
    await db.pickupLocation.createMany({
      data: [0, 1, 2].map((l) => ({
        shopId: shop.id,
        locationGid: `gid://shopify/Location/${s * 10 + l}`,
        name: `Location ${l}`,
        enabled: l < 2,
        addressJson: JSON.stringify({ address1: `${l} Main St`, city: "Brooklyn", zip: "11201", countryCode: "US" }),
      })),
    });
    for (let n = 0; n < SHIPMENTS_PER_SHOP; n++) {
      const order = `gid://shopify/Order/${s * 1_000 + n}`;
      await db.shipment.create({
        data: {
          shopId: shop.id,
          orderGid: order,
          orderName: `#${1000 + n}`,
          fulfillmentOrderGid: `gid://shopify/FulfillmentOrder/${s * 1_000 + n}`,
          locationGid: `gid://shopify/Location/${s * 10}`,
          idempotencyKey: `key-${s}-${n}`,
          requestJson: COURIER_REQUEST,
          state: "scheduled",
        },
      });
      await db.webhookDelivery.create({
        data: {
          shopDomain: domain,
          webhookId: `paid-${s}-${n}`,
          topic: "orders/paid",
          orderGid: order,
          customerGid: `gid://shopify/Customer/${n}`,
        },
      });
    }
  }
  return shopIds;
}

type Pair = { name: string; prisma: (i: number) => Promise<unknown>; sql: (i: number) => Promise<unknown> };

function pairs(db: Db): Pair[] {
  const shopOf = (i: number) => `statements-${i % SHOPS}.myshopify.com`;
  const n = (i: number) => Math.floor(i / SHOPS) % SHIPMENTS_PER_SHOP;
  return [
    {
      name: "shop",
      prisma: (i) =>
        db.shop.findUnique({
          where: { domain: shopOf(i) },
          include: { pickupLocations: { where: { enabled: true } } },
        }),
      sql: async (i) => {
        const shops = await db.$queryRaw<{ id: string }[]>`SELECT * FROM "Shop" WHERE "domain" = ${shopOf(i)}`;
        return db.$queryRaw`SELECT * FROM "PickupLocation" WHERE "shopId" = ${shops[0]!.id} AND "enabled" = ${true}`;
      },
    },
    {
      name: "shipment",
      prisma: (i) => db.shipment.findUnique({ where: { idempotencyKey: `key-${i % SHOPS}-${n(i)}` } }),
      sql: (i) => db.$queryRaw`SELECT * FROM "Shipment" WHERE "idempotencyKey" = ${`key-${i % SHOPS}-${n(i)}`}`,
    },
    {
      name: "customer",
      prisma: (i) =>
        db.webhookDelivery.findFirst({
          where: {
            shopDomain: shopOf(i),
            topic: "orders/paid",
            orderGid: `gid://shopify/Order/${(i % SHOPS) * 1_000 + n(i)}`,
            customerGid: { not: null },
          },
          select: { customerGid: true },
        }),
      sql: (i) =>
        db.$queryRaw`SELECT "customerGid" FROM "WebhookDelivery" WHERE "shopDomain" = ${shopOf(i)} AND "topic" = 'orders/paid'
          AND "orderGid" = ${`gid://shopify/Order/${(i % SHOPS) * 1_000 + n(i)}`} AND "customerGid" IS NOT NULL LIMIT 1`,
    },
    {
      name: "order_shipments",
      prisma: async (i) => {
        const shop = await db.shop.findUnique({ where: { domain: shopOf(i) } });
        return db.shipment.findMany({
          where: { shopId: shop!.id, orderGid: `gid://shopify/Order/${(i % SHOPS) * 1_000 + n(i)}` },
          orderBy: { createdAt: "asc" },
        });
      },
      sql: (i) => orderSummaryRead(db, shopOf(i), `gid://shopify/Order/${(i % SHOPS) * 1_000 + n(i)}`),
    },
    {
      name: "load_shop",
      prisma: async (i) => {
        const shop = await db.shop.findUnique({
          where: { domain: shopOf(i) },
          include: { pickupLocations: { where: { enabled: true } } },
        });
        return {
          shop,
          settings: parseShopSettings(shop!.settingsJson),
          pickupPoints: pickupPointsOf(shop!.pickupLocations),
        };
      },
      sql: (i) => loadShop(db, shopOf(i)),
    },
    ...directPairs(db, shopOf, n),
  ];
}

/** The same statement through Prisma's $queryRaw and through sqlRows. */
function directPairs(db: Db, shopOf: (i: number) => string, n: (i: number) => number): Pair[] {
  const statements: { name: string; sql: (i: number) => Prisma.Sql }[] = [
    {
      name: "direct_shipment",
      sql: (i) =>
        Prisma.sql`SELECT "id", "courierShipmentId" FROM "Shipment" WHERE "idempotencyKey" = ${`key-${i % SHOPS}-${n(i)}`}`,
    },
    {
      name: "direct_customer",
      sql: (i) => Prisma.sql`SELECT "customerGid" FROM "WebhookDelivery"
        WHERE "shopDomain" = ${shopOf(i)} AND "topic" = 'orders/paid'
          AND "orderGid" = ${`gid://shopify/Order/${(i % SHOPS) * 1_000 + n(i)}`} AND "customerGid" IS NOT NULL LIMIT 1`,
    },
    {
      name: "direct_rate_slots",
      sql: (i) => Prisma.sql`SELECT "slot", "lane", "grantedAt", "heldUntil", "version" FROM "CourierRateSlot"
        WHERE "tokenKey" = ${`token-${i % SHOPS}`} AND "slot" < ${10}`,
    },
  ];
  return statements.map(({ name, sql }) => ({
    name,
    prisma: (i) => db.$queryRaw(sql(i)),
    sql: (i) => sqlRows(db, sql(i)),
  }));
}

/** CPU µs per call of each side, the two sides alternating call by call. */
async function measure(pair: Pair): Promise<{ prisma: number; sql: number }> {
  for (let i = 0; i < WARMUP; i++) {
    await pair.prisma(i);
    await pair.sql(i);
  }
  let prisma = 0;
  let sql = 0;
  for (let i = 0; i < ROUNDS; i++) {
    let started = process.cpuUsage();
    await pair.prisma(i);
    let used = process.cpuUsage(started);
    prisma += used.user + used.system;
    started = process.cpuUsage();
    await pair.sql(i);
    used = process.cpuUsage(started);
    sql += used.user + used.system;
  }
  return { prisma: round1(prisma / ROUNDS), sql: round1(sql / ROUNDS) };
}

async function main(bench: Bench): Promise<void> {
  const arg = process.argv.slice(2);
  const kind: Kind = arg[0] === "--db" && arg[1] === "postgresql" ? "postgresql" : "sqlite";
  if (arg.length > 0 && !(arg[0] === "--db" && (arg[1] === "sqlite" || arg[1] === "postgresql")))
    throw new Error("Unknown option (known: --db sqlite|postgresql)");
  const url = await scratchDatabaseUrl(bench, kind, "statements");
  migrateDatabase(url);
  const db = createDb(url);
  bench.defer(() => db.$disconnect());
  if (kind === "sqlite") await useWriteAheadLog(db);
  await seed(db);
  const summary: Record<string, number | string> = { db: kind };
  for (const pair of pairs(db)) {
    const { prisma, sql } = await measure(pair);
    say(`  ${pair.name}: Prisma ${prisma} µs, plain SQL ${sql} µs per call (CPU, ${ROUNDS} calls each)`);
    summary[`${pair.name}_prisma_us`] = prisma;
    summary[`${pair.name}_sql_us`] = sql;
    summary[`${pair.name}_faster`] = sql * NOISE <= prisma ? "sql" : prisma * NOISE <= sql ? "prisma" : "neither";
  }
  summary.load1 = machineLoad().load1;
  say(JSON.stringify(summary));
}

void runBench("bench-statements", 10 * 60_000, main);
