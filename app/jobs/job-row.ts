/** The `Job` table's row as raw SQL returns it (`RETURNING *`), parsed for both databases. */
import type { Job as JobRow } from "@prisma/client";
import { z } from "zod";
import { parseSqlRows, sqlDate, sqlInteger } from "~/db/sql-row";

export const jobRowSchema = z.object({
  id: z.string(),
  shopDomain: z.string(),
  kind: z.string(),
  payloadJson: z.string(),
  uniqueKey: z.string().nullable(),
  orderingKey: z.string().nullable(),
  state: z.string(),
  runAt: sqlDate,
  attempts: sqlInteger,
  maxAttempts: sqlInteger,
  version: sqlInteger,
  lockedBy: z.string().nullable(),
  lockedUntil: sqlDate.nullable(),
  lastError: z.string().nullable(),
  createdAt: sqlDate,
  updatedAt: sqlDate,
  finishedAt: sqlDate.nullable(),
}) satisfies z.ZodType<JobRow>;

export function parseJobRows(rows: unknown): JobRow[] {
  return parseSqlRows(jobRowSchema, rows, "Job");
}
