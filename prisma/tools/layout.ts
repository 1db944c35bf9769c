/**
 * Where each provider's schema and migrations live, and how the PostgreSQL schema is derived from
 * the one data model (prisma/schema.prisma): the same file with the datasource provider swapped and
 * the client generated to its own module. Paths are relative to prisma/.
 */
import { POSTGRESQL_CLIENT_MODULE, databaseProviderOf, type DatabaseProvider } from "../../app/db/provider";

export type SchemaLayout = { provider: DatabaseProvider; schema: string; migrations: string };

export const LAYOUTS: Record<DatabaseProvider, SchemaLayout> = {
  sqlite: { provider: "sqlite", schema: "schema.prisma", migrations: "migrations" },
  postgresql: { provider: "postgresql", schema: "postgresql/schema.prisma", migrations: "postgresql/migrations" },
};

/** The layout for a DATABASE_URL; SQLite when none is set (e.g. `prisma generate`). */
export function layoutForUrl(databaseUrl: string | undefined): SchemaLayout {
  return LAYOUTS[databaseUrl ? databaseProviderOf(databaseUrl) : "sqlite"];
}

export const GENERATED_HEADER =
  "// GENERATED from prisma/schema.prisma by `npm run db:schema` (prisma/tools/migrations.ts). Do not edit:\n" +
  "// change prisma/schema.prisma, then `npm run db:migration -- <name>` writes the migrations of both providers.\n\n";

/** prisma/postgresql/schema.prisma's text for the source schema's text. Throws if the source's blocks are not as expected. */
export function postgresqlSchemaFrom(source: string): string {
  const datasource = /(datasource db \{[^}]*?provider\s*=\s*)"sqlite"/;
  if (!datasource.test(source))
    throw new Error('prisma/schema.prisma: expected `provider = "sqlite"` in `datasource db { ... }`');
  const generator = /(generator client \{[^}]*?)(\n\})/;
  if (!generator.test(source)) throw new Error("prisma/schema.prisma: expected a `generator client { ... }` block");
  if (/generator client \{[^}]*\boutput\s*=/.test(source))
    throw new Error("prisma/schema.prisma: the client generator must keep its default output");
  const output = `../../node_modules/${POSTGRESQL_CLIENT_MODULE}`;
  return (
    GENERATED_HEADER +
    source.replace(datasource, '$1"postgresql"').replace(generator, `$1\n  output     = "${output}"$2`)
  );
}
