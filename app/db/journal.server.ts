import { z } from "zod";
import { providerOfDb, type Db } from "./client.server";
import { parseSqlRows, sqlInteger } from "./sql-row";

const journalModeRow = z.object({ journal_mode: z.string() });
const checkpointRow = z.object({ busy: sqlInteger, log: sqlInteger, checkpointed: sqlInteger });

/**
 * SQLite: switch the database file to write-ahead logging, once at server start (the mode is stored in
 * the file). With the default rollback journal every reader blocks the writer and each commit syncs
 * twice, so webhook acknowledgements queued behind the worker's writes: in `npm run bench:dispatch` the
 * acknowledgement p99 was 4.2 s with the rollback journal and 0.6 s with WAL. `synchronous` stays FULL,
 * so an acknowledged webhook survives a power loss. PostgreSQL: nothing to do.
 */
export async function useWriteAheadLog(db: Db): Promise<string | null> {
  if (providerOfDb(db) !== "sqlite") return null;
  const [row] = parseSqlRows(journalModeRow, await db.$queryRawUnsafe("PRAGMA journal_mode=WAL"), "journal_mode");
  return row?.journal_mode ?? null;
}

/**
 * How often the server copies the write-ahead log back into the database file. SQLite does it by
 * itself once the log holds 1,000 pages, inside whichever commit crosses that line, and that commit
 * (on the event loop) then copies and syncs megabytes: a stall of a few hundred ms in the middle of
 * a webhook burst. Copied every second, each checkpoint is small.
 */
export const WAL_CHECKPOINT_INTERVAL_MS = 1_000;

/** SQLite: copies what the log holds into the database file without waiting for readers. Returns the pages copied, or null (PostgreSQL). */
export async function checkpointWriteAheadLog(db: Db): Promise<number | null> {
  if (providerOfDb(db) !== "sqlite") return null;
  const [row] = parseSqlRows(
    checkpointRow,
    await db.$queryRawUnsafe("PRAGMA wal_checkpoint(PASSIVE)"),
    "wal_checkpoint",
  );
  return row ? row.checkpointed : null;
}
