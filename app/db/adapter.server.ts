import { PrismaLibSQL } from "@prisma/adapter-libsql";
import { PrismaPg } from "@prisma/adapter-pg";
import pg, { type PoolConfig } from "pg";
import {
  MAX_NAMED_STATEMENTS,
  SEEN_ONCE_LIMIT,
  createStatementNames,
  preparingClientClass,
} from "./postgres-prepared.server";
import { databaseProviderOf } from "./provider";
import { openSqliteClient, type SqliteClient } from "./sqlite-connection.server";

export const DEFAULT_POSTGRES_POOL_SIZE = 10;
const SSL_MODES_THAT_VERIFY = new Set(["verify-ca", "verify-full"]);

/**
 * A `postgresql://user:password@host:port/database?connection_limit=N&sslmode=M` URL as discrete pool
 * fields rather than a connectionString: with a connectionString the adapter's shadow-database pool
 * connects to the real database (stack recipe, PostgreSQL note b).
 */
export function postgresPoolConfig(databaseUrl: string): PoolConfig {
  const url = new URL(databaseUrl);
  const sslMode = url.searchParams.get("sslmode");
  const limit = Number(url.searchParams.get("connection_limit") ?? DEFAULT_POSTGRES_POOL_SIZE);
  return {
    host: url.hostname,
    port: Number(url.port || 5432),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: decodeURIComponent(url.pathname.replace(/^\//, "")),
    max: Number.isInteger(limit) && limit > 0 ? limit : DEFAULT_POSTGRES_POOL_SIZE,
    ...(sslMode && sslMode !== "disable" ? { ssl: { rejectUnauthorized: SSL_MODES_THAT_VERIFY.has(sslMode) } } : {}),
  };
}

/**
 * Prisma's libsql adapter on one SQLite connection for the process (sqlite-connection.server.ts says
 * why): openSqliteClient implements the client interface the adapter declares.
 */
export class PrismaSqliteOneConnection extends PrismaLibSQL {
  override createClient(config: { url: string }): SqliteClient {
    return openSqliteClient(config.url);
  }
}

/**
 * The Prisma driver adapter for a DATABASE_URL: `file:` is SQLite (libsql), `postgres(ql)://` is
 * PostgreSQL, with the pool under it (the app's plain SQL uses it too: direct-sql.server.ts). The
 * adapter ends the pool when its client disconnects.
 */
export function createDriverAdapter(databaseUrl: string): {
  adapter: PrismaSqliteOneConnection | PrismaPg;
  pool: pg.Pool | null;
} {
  if (databaseProviderOf(databaseUrl) === "sqlite")
    return { adapter: new PrismaSqliteOneConnection({ url: databaseUrl }), pool: null };
  // One naming per client: its pool's connections share the names (postgres-prepared.server.ts).
  const names = createStatementNames({ maxNamed: MAX_NAMED_STATEMENTS, maxSeenOnce: SEEN_ONCE_LIMIT });
  const pool = new pg.Pool({ ...postgresPoolConfig(databaseUrl), Client: preparingClientClass(names) });
  // An idle connection the server ended (restart, failover, a dropped database) makes the pool emit
  // 'error', which ends the process when nothing listens. Prisma listens from its first query only, and
  // the app's plain SQL may use the pool before that; the pool has already let go of that connection.
  pool.on("error", () => undefined);
  return { adapter: new PrismaPg(pool, { disposeExternalPool: true }), pool };
}
