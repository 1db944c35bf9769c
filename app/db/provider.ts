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

/**
 * The file a `file:` DATABASE_URL names: `file:relative/path`, `file:./path`, `file:/absolute`,
 * `file:///absolute` or `file::memory:`. Options after `?` and hosts are refused rather than ignored.
 */
export function sqliteFilePath(databaseUrl: string): string {
  const parsed = parseSqliteUrl(databaseUrl);
  if ("problem" in parsed) throw new Error(`DATABASE_URL ${parsed.problem}`);
  return parsed.path;
}

/** Why a DATABASE_URL names no usable SQLite file (worded to follow "DATABASE_URL "), or null. */
export function sqliteUrlProblem(databaseUrl: string): string | null {
  const parsed = parseSqliteUrl(databaseUrl);
  return "problem" in parsed ? parsed.problem : null;
}

function parseSqliteUrl(databaseUrl: string): { path: string } | { problem: string } {
  if (!databaseUrl.startsWith("file:")) return { problem: "for SQLite must start with file:" };
  const rest = databaseUrl.slice("file:".length);
  if (rest.includes("?") || rest.includes("#"))
    return { problem: "for SQLite takes no options (nothing after ? or #)" };
  let path = rest;
  if (rest.startsWith("//")) {
    const slash = rest.indexOf("/", 2);
    const host = slash === -1 ? rest.slice(2) : rest.slice(2, slash);
    if (host !== "" && host.toLowerCase() !== "localhost")
      return { problem: `for SQLite names a local file, not a host ("${host}")` };
    path = slash === -1 ? "" : rest.slice(slash);
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return { problem: "for SQLite has a malformed %-escape in its path" };
  }
  return decoded === "" ? { problem: "for SQLite names no file" } : { path: decoded };
}
