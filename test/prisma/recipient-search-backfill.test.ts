/**
 * The recipient_search migration on a database that already holds shipments: the column is dropped,
 * rows as older versions wrote them are inserted, and the migration's own file is run as
 * `migrate deploy` runs it; each row's recipientSearch must then be what the app writes for it
 * (app/shipments/recipient.ts), so the customer search finds old and new rows alike. Runs on the
 * test database's provider: SQLite, or PostgreSQL with TEST_DATABASE=postgresql.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { databaseProviderOf } from "~/db/provider";
import { db } from "~/db.server";
import { RETURN_PICKUP } from "~/shipments/leg-kind";
import { recipientColumns } from "~/shipments/recipient";
import { LAYOUTS } from "../../prisma/tools/layout";
import { createRequest } from "../courier-sandbox/testing";

const MIGRATION = "20261128052916_recipient_search";
const provider = databaseProviderOf(process.env.DATABASE_URL!);
const migrationFile = path.resolve(
  import.meta.dirname,
  "../../prisma",
  LAYOUTS[provider].migrations,
  MIGRATION,
  "migration.sql",
);

/** The file's statements, one at a time (a driver adapter runs one statement per call). */
const statements = (sql: string) =>
  sql
    .split(/;\s*$/m)
    .map((statement) => statement.replace(/^\s*--.*$/gm, "").trim())
    .filter(Boolean);

const place = (name: string, phone: string) => ({
  address: { street1: "500 Valencia St", city: "San Francisco", state: "CA" as const, zip: "94110" },
  contact: { name, phone },
});
const store = place("Main Street Bakery", "7185550100");
/** A courier request as the app stores it (requestJson), with the customer where the kind puts them. */
const stored = (customer: ReturnType<typeof place>, kind: string) =>
  JSON.stringify(
    createRequest(
      new Date(),
      kind === RETURN_PICKUP
        ? { pickup_location: customer, delivery_location: store }
        : { delivery_location: customer },
    ),
  );

/** Shipments as the courier requests were stored before the column: a delivery, a collection, oddities. */
const ROWS: { kind: string; requestJson: string | null }[] = [
  { kind: "delivery", requestJson: stored(place("Dana Whitfield", "5551700034"), "delivery") },
  { kind: RETURN_PICKUP, requestJson: stored(place("Omar REYES", "4155550188"), RETURN_PICKUP) },
  { kind: "delivery", requestJson: stored(place("Mary-Jo O'Neil", "4155550101"), "delivery") },
  { kind: "delivery", requestJson: stored(place("Zoë Berg", "4155550177"), "delivery") },
  // Redacted (customers/redact) or never booked: nothing to search by.
  { kind: "delivery", requestJson: null },
];

describe(`migration ${MIGRATION} on a database with shipments (${provider})`, () => {
  it("fills recipientSearch for every stored request as the app writes it, and leaves rows without one empty", async () => {
    const shop = await db.shop.create({ data: { domain: "backfill-bakery.myshopify.com" } });
    await db.$executeRawUnsafe(`ALTER TABLE "Shipment" DROP COLUMN "recipientSearch"`);
    // Written without the column (createMany names only the fields given, and returns nothing).
    await db.shipment.createMany({
      data: ROWS.map((row, i) => ({
        id: `backfill-${i}`,
        shopId: shop.id,
        orderGid: `gid://shopify/Order/${i}`,
        orderName: `#${1000 + i}`,
        fulfillmentOrderGid: `gid://shopify/FulfillmentOrder/${i}`,
        locationGid: "gid://shopify/Location/1",
        idempotencyKey: `backfill-key-${i}`,
        kind: row.kind,
        requestJson: row.requestJson,
      })),
    });

    for (const statement of statements(readFileSync(migrationFile, "utf8"))) await db.$executeRawUnsafe(statement);

    const after = await db.shipment.findMany({
      where: { shopId: shop.id },
      select: { id: true, kind: true, requestJson: true, recipientSearch: true },
      orderBy: { id: "asc" },
    });
    expect(after.map((row) => row.recipientSearch)).toEqual([
      "dana whitfield 5551700034",
      "omar reyes 4155550188",
      "mary-jo o'neil 4155550101",
      "zoë berg 4155550177",
      null,
    ]);
    for (const row of after)
      expect(row.recipientSearch).toBe(recipientColumns(row.requestJson, row.kind).recipientSearch);
    // The search finds them as it finds new rows.
    const found = await db.shipment.findMany({ where: { shopId: shop.id, recipientSearch: { contains: "reyes" } } });
    expect(found.map((row) => row.id)).toEqual(["backfill-1"]);
  });
});
