import { PrismaLibSQL } from "@prisma/adapter-libsql";
import { PrismaPg } from "@prisma/adapter-pg";

/** The Prisma driver adapter for a DATABASE_URL: `file:` is SQLite (libsql), `postgres(ql)://` is PostgreSQL. */
export function createDriverAdapter(databaseUrl: string) {
  if (databaseUrl.startsWith("file:")) return new PrismaLibSQL({ url: databaseUrl });
  const url = new URL(databaseUrl);
  // Discrete fields rather than a connectionString: with a connectionString the adapter's
  // shadow-database pool connects to the real database (stack recipe, PostgreSQL note b).
  return new PrismaPg({
    host: url.hostname,
    port: Number(url.port || 5432),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: url.pathname.replace(/^\//, ""),
    max: Number(url.searchParams.get("connection_limit") ?? 10),
  });
}
