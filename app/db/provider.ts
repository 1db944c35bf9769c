/**
 * Which database a DATABASE_URL names. One data model serves both (prisma/schema.prisma is the
 * source; prisma/postgresql/schema.prisma is generated from it), so the provider decides only the
 * driver adapter, the generated client and the few statements that differ (the job queue's claim).
 */
export type DatabaseProvider = "sqlite" | "postgresql";

export const DATABASE_PROVIDERS: readonly DatabaseProvider[] = ["sqlite", "postgresql"];

/**
 * Where `prisma generate` writes the PostgreSQL client (the generator `output` of
 * prisma/postgresql/schema.prisma). The SQLite client is the default `@prisma/client`: a generated
 * client embeds its provider's query compiler and refuses another provider's adapter.
 */
export const POSTGRESQL_CLIENT_MODULE = ".prisma/client-postgresql";

const POSTGRESQL_URL = /^postgres(ql)?:\/\//i;

/** `file:` is SQLite, `postgres://` or `postgresql://` is PostgreSQL; anything else is refused by app/config. */
export function databaseProviderOf(databaseUrl: string): DatabaseProvider {
  return POSTGRESQL_URL.test(databaseUrl) ? "postgresql" : "sqlite";
}
