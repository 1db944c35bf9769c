import { randomUUID } from "node:crypto";
import { Prisma } from "@prisma/client";
import { z } from "zod";
import { parseSqlRows } from "~/db/sql-row";
import type { Tx } from "~/jobs/queue.server";

/**
 * The shipment row a booking writes, by its idempotency key, in plain SQL: one statement for both the
 * first booking (a new row, with the shopper's page token when it has one) and a retry (the same row
 * updated, its id and token kept). A model upsert of these thirty columns cost more to compile than
 * to run, on every booking (README, Decisions: hot statements in SQL).
 */

/** What a booking writes on its shipment: column → value (the keys are the model's column names). */
export type ShipmentColumns = Record<string, string | number | boolean | Date | null | undefined>;

/** Column names are the code's own; checked anyway, as they are written into the statement. */
const COLUMN_NAME = /^[A-Za-z][A-Za-z0-9]*$/;

const savedRow = z.object({ id: z.string(), trackingTokenHash: z.string().nullable() });

export async function upsertShipmentByKey(
  tx: Tx,
  input: {
    idempotencyKey: string;
    columns: ShipmentColumns;
    /** Written only on a new row: its page token, made for that row's id. */
    newRowExtras?: (id: string) => ShipmentColumns;
    now: Date;
  },
): Promise<{ id: string; trackingTokenHash: string | null; inserted: boolean }> {
  const id = randomUUID();
  // Undefined: not written, as a model write reads it.
  const updated = Object.entries(input.columns).filter(([, value]) => value !== undefined);
  const inserted: [string, unknown][] = [
    ["id", id],
    ["idempotencyKey", input.idempotencyKey],
    ...updated,
    ...Object.entries(input.newRowExtras?.(id) ?? {}).filter(([, value]) => value !== undefined),
    ["createdAt", input.now],
    ["updatedAt", input.now],
  ];
  for (const [name] of inserted)
    if (!COLUMN_NAME.test(name)) throw new Error(`Not a shipment column name: ${JSON.stringify(name)}`);
  const column = (name: string) => Prisma.raw(`"${name}"`);
  const rows = await tx.$queryRaw(Prisma.sql`
    INSERT INTO "Shipment" (${Prisma.join(inserted.map(([name]) => column(name)))})
    VALUES (${Prisma.join(inserted.map(([, value]) => value))})
    ON CONFLICT ("idempotencyKey") DO UPDATE SET
      ${Prisma.join([...updated.map(([name]) => Prisma.sql`${column(name)} = excluded.${column(name)}`), Prisma.sql`"updatedAt" = excluded."updatedAt"`])}
    RETURNING "id", "trackingTokenHash"`);
  const [saved] = parseSqlRows(savedRow, rows, "Shipment");
  if (!saved) throw new Error("The shipment upsert returned no row.");
  return { ...saved, inserted: saved.id === id };
}
