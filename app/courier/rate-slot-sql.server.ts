/**
 * The shared courier limiter's statements (shared-rate-limiter.server.ts), each ONE plain SQL
 * statement, the same for SQLite and PostgreSQL, every date written by the app.
 *
 * Plain rather than Prisma's `updateMany`, which on PostgreSQL runs in a transaction of its own:
 * BEGIN, UPDATE, COMMIT, three round trips with the slot's row lock held over two of them, while
 * another instance's grant of the same slot waits on that lock (bench:tenants on PostgreSQL, issue
 * 37: the limiter's updates were the most frequent statement left open waiting for the app). One
 * statement commits on its own and holds the row only while it runs.
 */
import { Prisma } from "@prisma/client";
import { sqlRows, sqlExecute } from "~/db/direct-sql.server";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { parseSqlRows, sqlDate, sqlInteger } from "~/db/sql-row";
import type { CourierLane } from "./rate-limit-policy";
import type { SlotRow } from "./rate-slots";

const slotRow = z.object({
  slot: sqlInteger,
  lane: z.string().nullable(),
  grantedAt: sqlDate,
  heldUntil: sqlDate.nullable(),
  version: sqlInteger,
});

/** The token's slots numbered below `perSecond` (a smaller budget than before leaves the others unused). */
export async function readRateSlots(db: Db, tokenKey: string, perSecond: number): Promise<SlotRow[]> {
  return parseSqlRows(
    slotRow,
    await sqlRows(
      db,
      Prisma.sql`
      SELECT "slot", "lane", "grantedAt", "heldUntil", "version" FROM "CourierRateSlot"
      WHERE "tokenKey" = ${tokenKey} AND "slot" < ${perSecond}`,
    ),
    "courier rate slot",
  );
}

/** Creates the slots that do not exist yet, never granted; one created by another instance meanwhile stays as it is. */
export async function createRateSlots(db: Db, tokenKey: string, slots: readonly number[], neverGranted: Date) {
  if (slots.length === 0) return;
  const values = slots.map((slot) => Prisma.sql`(${tokenKey}, ${slot}, ${neverGranted}, 0)`);
  await sqlExecute(
    db,
    Prisma.sql`
    INSERT INTO "CourierRateSlot" ("tokenKey", "slot", "grantedAt", "version")
    VALUES ${Prisma.join(values)} ON CONFLICT DO NOTHING`,
  );
}

/** Grants the slot read at `version` to `lane`; false when another decider changed it first. */
export async function grantRateSlot(
  db: Db,
  grant: { tokenKey: string; slot: number; version: number; lane: CourierLane; at: Date; heldUntil: Date | null },
): Promise<boolean> {
  const changed = await sqlExecute(
    db,
    Prisma.sql`
    UPDATE "CourierRateSlot"
    SET "lane" = ${grant.lane}, "grantedAt" = ${grant.at}, "heldUntil" = ${grant.heldUntil}, "version" = "version" + 1
    WHERE "tokenKey" = ${grant.tokenKey} AND "slot" = ${grant.slot} AND "version" = ${grant.version}`,
  );
  return changed === 1;
}

/**
 * The answer to the grant held until `heldUntil` came at `answeredAt`: the slot's window counts from
 * the answer, unless a hold (a 429) already moved it later, which stands. Nothing when the slot no
 * longer holds this grant.
 */
export async function releaseRateSlot(
  db: Db,
  release: { tokenKey: string; slot: number; heldUntil: Date; answeredAt: Date },
): Promise<void> {
  const { tokenKey, slot, heldUntil, answeredAt } = release;
  await sqlExecute(
    db,
    Prisma.sql`
    UPDATE "CourierRateSlot"
    SET "grantedAt" = CASE WHEN "grantedAt" <= ${answeredAt} THEN ${answeredAt} ELSE "grantedAt" END,
      "heldUntil" = NULL, "version" = "version" + 1
    WHERE "tokenKey" = ${tokenKey} AND "slot" = ${slot} AND "heldUntil" = ${heldUntil}`,
  );
}
