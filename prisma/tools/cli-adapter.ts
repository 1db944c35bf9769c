/**
 * The driver adapter the Prisma CLI uses (prisma/prisma.config.ts), never the app's.
 *
 * PostgreSQL needs two workarounds in the CLI:
 * (a) introspection (`db pull`, `migrate diff`, `migrate deploy`'s checks) reads catalog columns of the
 *     pg types `name` (OID 19) and `"char"` (OID 18), which @prisma/adapter-pg 6.19 cannot deserialize
 *     (it fails on the first such column). The pool's clients report those columns as `text` (OID 25) instead: both
 *     arrive as plain text on the wire, so only the label changes. The app never reads such columns,
 *     so its adapter keeps the library's behaviour.
 * (b) discrete host/port/user/password/database rather than a connectionString (postgresPoolConfig).
 * (c) the schema engine arms a 10 s timer around its migration advisory lock (pg only) and leaves it
 *     running after the lock is taken, so `migrate deploy` lingered ~10 s after finishing: long timers
 *     are unref'd, so they still fire while the engine waits on the database but keep no finished
 *     process alive.
 */
import { PrismaLibSQL } from "@prisma/adapter-libsql";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { postgresPoolConfig } from "../../app/db/adapter.server";
import { databaseProviderOf } from "../../app/db/provider";

export const PG_NAME_OID = 19;
export const PG_CHAR_OID = 18;
export const PG_TEXT_OID = 25;
const CLI_IDLE_TIMEOUT_MS = 100;
export const LINGERING_TIMER_MS = 10_000;

type RowDescription = { fields: { dataTypeID: number }[] };

/** Relabels `name` and `"char"` result columns as `text` before the adapter sees their type ids. */
export function relabelCatalogTextColumns(message: RowDescription): RowDescription {
  for (const field of message.fields) {
    if (field.dataTypeID === PG_NAME_OID || field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
  }
  return message;
}

// `_handleRowDescription` is pg's (8.x) internal hook for a query's RowDescription message.
const PgClient = pg.Client as unknown as new (
  config?: pg.ClientConfig,
) => pg.Client & { _handleRowDescription(message: RowDescription): void };

class CatalogTextClient extends PgClient {
  override _handleRowDescription(message: RowDescription): void {
    super._handleRowDescription(relabelCatalogTextColumns(message));
  }
}

let timersPatched = false;

function unrefLongTimers() {
  if (timersPatched) return;
  timersPatched = true;
  const original = globalThis.setTimeout;
  const patched = (...args: Parameters<typeof setTimeout>) => {
    const timer = original(...args);
    if (Number(args[1]) >= LINGERING_TIMER_MS) timer.unref();
    return timer;
  };
  globalThis.setTimeout = Object.assign(patched, original);
}

export function createCliDriverAdapter(databaseUrl: string) {
  if (databaseProviderOf(databaseUrl) === "sqlite") return new PrismaLibSQL({ url: databaseUrl });
  unrefLongTimers();
  return new PrismaPg({
    ...postgresPoolConfig(databaseUrl),
    idleTimeoutMillis: CLI_IDLE_TIMEOUT_MS,
    allowExitOnIdle: true,
    Client: CatalogTextClient as unknown as typeof pg.Client,
  });
}
