import { createRequire } from "node:module";
import { PrismaClient, type Prisma } from "@prisma/client";
import { createDriverAdapter, postgresPoolConfig } from "./adapter.server";
import { useDirectPool } from "./direct-sql.server";
import { POSTGRESQL_CLIENT_MODULE, databaseProviderOf, type DatabaseProvider } from "./provider";

/**
 * The app's database client. Both providers' clients are generated from the one data model, so they
 * have the same models and types; `Db` is the SQLite client's type for both. Two are needed because a
 * generated client embeds its provider's query compiler and refuses another provider's adapter
 * ("@prisma/adapter-pg ... is not compatible with the provider sqlite").
 */
export type Db = PrismaClient;

/** Prisma's interactive-transaction client, as passed to `db.$transaction(async (tx) => ...)`: the one `Tx`. */
export type Tx = Prisma.TransactionClient;

const providers = new WeakMap<object, { provider: DatabaseProvider; connections: number }>();

// Loaded at run time from node_modules (not bundled): the generated client reads its query
// compiler's wasm file next to itself.
function postgresqlClientClass(): typeof PrismaClient {
  try {
    return (createRequire(import.meta.url)(POSTGRESQL_CLIENT_MODULE) as { PrismaClient: typeof PrismaClient })
      .PrismaClient;
  } catch (error) {
    throw new Error(
      `The PostgreSQL Prisma client is missing (${POSTGRESQL_CLIENT_MODULE}): run npm run setup to generate it.`,
      { cause: error },
    );
  }
}

export function createDb(databaseUrl: string): Db {
  const provider = databaseProviderOf(databaseUrl);
  const Client = provider === "postgresql" ? postgresqlClientClass() : PrismaClient;
  const { adapter, pool } = createDriverAdapter(databaseUrl);
  const db = new Client({ adapter });
  if (pool) useDirectPool(db, pool);
  // SQLite: one connection for the process (sqlite-connection.server.ts); PostgreSQL: the pool's size.
  const connections = provider === "postgresql" ? (postgresPoolConfig(databaseUrl).max ?? 1) : 1;
  providers.set(db, { provider, connections });
  return db;
}

/** The provider a client was created for (SQLite for a client not made by createDb). */
export function providerOfDb(db: Db): DatabaseProvider {
  return providers.get(db)?.provider ?? "sqlite";
}

/** How many statements a client can run at once: its pool's connections (1 for SQLite and a client not made by createDb). */
export function connectionsOfDb(db: Db): number {
  return providers.get(db)?.connections ?? 1;
}
