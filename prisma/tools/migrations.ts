/**
 * Authoring and checking migrations for both databases without `prisma migrate dev` (which needs an
 * engine binary).
 *
 *   tsx prisma/tools/migrations.ts schema          writes prisma/postgresql/schema.prisma from prisma/schema.prisma
 *   tsx prisma/tools/migrations.ts new <name>      writes <timestamp>_<name>/migration.sql for SQLite AND PostgreSQL
 *   tsx prisma/tools/migrations.ts check [--only sqlite|postgresql]
 *                                                  exits 1 when a schema and its migrations disagree
 *   tsx prisma/tools/migrations.ts generate        both Prisma clients (works before any DATABASE_URL is set)
 *
 * One data model: prisma/schema.prisma (SQLite) is the source; prisma/postgresql/schema.prisma is the
 * same text with the provider swapped (layout.ts). Every migration is written for both providers under
 * the same folder name, so `check` also requires the two folder lists to be identical.
 *
 * How a provider's migrations are compared with its schema: apply them to a throw-away database
 * (`migrate deploy`), read it back (`db pull --print`) and diff that data model against the schema.
 * `migrate diff --from-migrations` is not used: with the libsql adapter it replays only the first
 * statement of each file. PostgreSQL needs a server: TEST_POSTGRES_URL (a maintenance URL whose role
 * may create databases), or a throw-away server started from the machine's binaries for the command.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DATABASE_PROVIDERS, POSTGRESQL_CLIENT_MODULE, type DatabaseProvider } from "../../app/db/provider";
import { LAYOUTS, postgresqlSchemaFrom } from "./layout";
import { createDatabase, dropDatabase, startThrowawayPostgres, type PostgresServer } from "./postgres-server";

const root = path.resolve(import.meta.dirname, "..", "..");
const prismaDir = path.join(root, "prisma");
const prismaBin = path.join(root, "node_modules", ".bin", "prisma");
const configFile = path.join(prismaDir, "prisma.config.ts");
const schemaFile = (provider: DatabaseProvider) => path.join(prismaDir, LAYOUTS[provider].schema);
const migrationsDir = (provider: DatabaseProvider) => path.join(prismaDir, LAYOUTS[provider].migrations);
/**
 * A client generated to a custom output gets its own copy of Prisma's runtime, hence its own error
 * classes (`instanceof Prisma.PrismaClientKnownRequestError` fails for the other client's errors) and
 * its own `Prisma.sql`. The copy is the package's runtime plus a header: it is replaced by a re-export
 * of `@prisma/client/runtime/client.js`, so both clients share one runtime.
 */
function shareRuntime(clientDir: string): void {
  const copy = path.join(clientDir, "runtime", "client.js");
  const packaged = path.join(root, "node_modules", "@prisma", "client", "runtime", "client.js");
  const shim = 'module.exports = require("@prisma/client/runtime/client.js");\n';
  const text = readFileSync(copy, "utf8");
  if (text === shim) return;
  if (!text.endsWith(readFileSync(packaged, "utf8"))) {
    throw new Error(
      `${path.relative(root, copy)} is not @prisma/client's runtime: the two clients would not share error classes.`,
    );
  }
  writeFileSync(copy, shim);
}

/** A URL the schema's datasource can read while generating; generation never connects. */
const PLACEHOLDER_URLS: Record<DatabaseProvider, string> = {
  sqlite: "file:./dev.sqlite",
  postgresql: "postgresql://generate@127.0.0.1:5432/generate",
};

function prisma(args: string[], databaseUrl: string, allowExitCodes: number[] = [0]) {
  try {
    return {
      code: 0,
      out: execFileSync(prismaBin, [...args, "--config", configFile], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: databaseUrl, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      }),
    };
  } catch (error) {
    const e = error as { status?: number; stdout?: string; stderr?: string };
    if (e.status !== undefined && allowExitCodes.includes(e.status)) return { code: e.status, out: e.stdout ?? "" };
    process.stderr.write(e.stdout ?? "");
    process.stderr.write(e.stderr ?? "");
    throw new Error(`prisma ${args[0]} ${args[1] ?? ""} failed`);
  }
}

/** The generated PostgreSQL schema as it must read for the current source schema. */
function expectedPostgresqlSchema(): string {
  return postgresqlSchemaFrom(readFileSync(schemaFile("sqlite"), "utf8"));
}

/** Writes prisma/postgresql/schema.prisma; true when it changed. */
function writePostgresqlSchema(): boolean {
  const file = schemaFile("postgresql");
  const expected = expectedPostgresqlSchema();
  if (existsSync(file) && readFileSync(file, "utf8") === expected) return false;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, expected);
  return true;
}

function migrationNames(provider: DatabaseProvider): string[] {
  const dir = migrationsDir(provider);
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => /^\d+_/.test(name))
        .sort()
    : [];
}

/** Runs `work` with an empty database of the provider, then removes it. */
async function withScratchDatabase<T>(provider: DatabaseProvider, work: (url: string) => Promise<T> | T): Promise<T> {
  if (provider === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "migrations-"));
    try {
      return await work(`file:${path.join(dir, "replay.db")}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const given = process.env.TEST_POSTGRES_URL;
  const server: PostgresServer | null = given ? null : await startThrowawayPostgres();
  const adminUrl = given ?? server!.adminUrl;
  const name = `migrations_${randomBytes(6).toString("hex")}`;
  try {
    const url = await createDatabase(adminUrl, name);
    try {
      return await work(url);
    } finally {
      await dropDatabase(adminUrl, name);
    }
  } finally {
    server?.stop();
  }
}

/** The data model the provider's committed migrations produce, as a schema file in `work`; null without migrations. */
function migratedDataModel(provider: DatabaseProvider, databaseUrl: string, work: string): string | null {
  if (migrationNames(provider).length === 0) return null;
  prisma(["migrate", "deploy"], databaseUrl);
  const pulled = prisma(["db", "pull", "--print"], databaseUrl).out;
  const start = pulled.indexOf("generator");
  if (start < 0) throw new Error("db pull printed no schema");
  const file = path.join(work, `migrated-${provider}.prisma`);
  writeFileSync(file, pulled.slice(start));
  return file;
}

function diffArgs(provider: DatabaseProvider, from: string | null): string[] {
  return [
    "migrate",
    "diff",
    ...(from ? ["--from-schema-datamodel", from] : ["--from-empty"]),
    "--to-schema-datamodel",
    schemaFile(provider),
  ];
}

/** Whether the provider's migrations reproduce its schema; prints the difference when not. */
async function checkProvider(provider: DatabaseProvider, work: string): Promise<boolean> {
  return withScratchDatabase(provider, (url) => {
    const from = migratedDataModel(provider, url, work);
    const { code, out } = prisma([...diffArgs(provider, from), "--exit-code"], url, [0, 2]);
    if (code === 2) {
      console.log(
        `Migration drift (${provider}): ${LAYOUTS[provider].schema} differs from ${LAYOUTS[provider].migrations}:\n${out}`,
      );
      return false;
    }
    console.log(`${provider}: migrations match ${LAYOUTS[provider].schema}.`);
    return true;
  });
}

/** The SQL that takes the provider's migrations to its schema (empty of DDL when they already match). */
async function pendingSql(provider: DatabaseProvider, work: string): Promise<string> {
  return withScratchDatabase(
    provider,
    (url) => prisma([...diffArgs(provider, migratedDataModel(provider, url, work)), "--script"], url).out,
  );
}

function providersFrom(args: string[]): readonly DatabaseProvider[] {
  const only = args.indexOf("--only");
  if (only < 0) return DATABASE_PROVIDERS;
  const provider = args[only + 1];
  if (provider !== "sqlite" && provider !== "postgresql") throw new Error("--only sqlite | --only postgresql");
  return [provider];
}

async function check(args: string[]): Promise<boolean> {
  let ok = true;
  if (readFileSync(schemaFile("postgresql"), "utf8") !== expectedPostgresqlSchema()) {
    console.log("prisma/postgresql/schema.prisma is not generated from prisma/schema.prisma: run npm run db:schema");
    ok = false;
  }
  const [sqliteNames, postgresqlNames] = [migrationNames("sqlite"), migrationNames("postgresql")];
  if (sqliteNames.join("\n") !== postgresqlNames.join("\n")) {
    const only = (a: string[], b: string[]) => a.filter((name) => !b.includes(name)).join(", ") || "none";
    console.log(
      `The providers' migrations are out of step: only SQLite has ${only(sqliteNames, postgresqlNames)}; ` +
        `only PostgreSQL has ${only(postgresqlNames, sqliteNames)}. Write migrations with: npm run db:migration -- <name>`,
    );
    ok = false;
  }
  const work = mkdtempSync(path.join(tmpdir(), "migrations-"));
  try {
    for (const provider of providersFrom(args)) ok = (await checkProvider(provider, work)) && ok;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (!ok) console.log("Write a migration with: npm run db:migration -- <name>");
  return ok;
}

async function newMigration(name: string | undefined): Promise<void> {
  if (!name || !/^[a-z0-9_]+$/.test(name)) throw new Error("usage: new <name> (lowercase letters, digits, _)");
  writePostgresqlSchema();
  const work = mkdtempSync(path.join(tmpdir(), "migrations-"));
  try {
    const sql: Record<DatabaseProvider, string> = {
      sqlite: await pendingSql("sqlite", work),
      postgresql: await pendingSql("postgresql", work),
    };
    const changes = (text: string) => /\b(CREATE|ALTER|DROP)\b/.test(text);
    if (!DATABASE_PROVIDERS.some((provider) => changes(sql[provider]))) {
      console.log("No change: the schemas already match their migrations.");
      return;
    }
    const folder = `${new Date().toISOString().replace(/\D/g, "").slice(0, 14)}_${name}`;
    for (const provider of DATABASE_PROVIDERS) {
      const dir = path.join(migrationsDir(provider), folder);
      // Both providers get the folder, so their lists stay identical even when one has nothing to do.
      const text = changes(sql[provider]) ? sql[provider] : `-- No change for ${provider}.\n`;
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, "migration.sql"), text);
      const lock = path.join(migrationsDir(provider), "migration_lock.toml");
      if (!existsSync(lock)) writeFileSync(lock, `provider = "${provider}"\n`);
      console.log(`Wrote ${path.relative(root, dir)}/migration.sql`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (command === "schema") {
    console.log(
      writePostgresqlSchema()
        ? "Wrote prisma/postgresql/schema.prisma."
        : "prisma/postgresql/schema.prisma is up to date.",
    );
    return;
  }
  if (command === "generate") {
    writePostgresqlSchema();
    for (const provider of DATABASE_PROVIDERS) {
      prisma(["generate", "--no-hints", "--schema", schemaFile(provider)], PLACEHOLDER_URLS[provider]);
    }
    shareRuntime(path.join(root, "node_modules", POSTGRESQL_CLIENT_MODULE));
    console.log("Prisma clients generated (SQLite: @prisma/client; PostgreSQL: .prisma/client-postgresql).");
    return;
  }
  if (command === "check") {
    if (!(await check(args))) process.exit(1);
    return;
  }
  if (command === "new") return newMigration(args[0]);
  throw new Error("usage: migrations.ts schema | new <name> | check [--only sqlite|postgresql] | generate");
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
