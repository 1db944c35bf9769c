/**
 * Authoring and checking migrations without `prisma migrate dev` (which needs an engine binary).
 *
 *   tsx prisma/tools/migrations.ts new <name>   writes prisma/migrations/<timestamp>_<name>/migration.sql
 *   tsx prisma/tools/migrations.ts check        exits 1 when schema.prisma and the migrations disagree
 *   tsx prisma/tools/migrations.ts generate     the Prisma client (works before any DATABASE_URL is set)
 *
 * How: apply the committed migrations to a throw-away SQLite file (`migrate deploy`), read it back
 * (`db pull --print`), and diff that data model against schema.prisma. `migrate diff --from-migrations`
 * is not used: with the libsql adapter it replays only the first statement of each file.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");
const prismaBin = path.join(root, "node_modules", ".bin", "prisma");
const configFile = path.join(root, "prisma", "prisma.config.ts");
const schemaFile = path.join(root, "prisma", "schema.prisma");
const migrationsDir = path.join(root, "prisma", "migrations");

function prisma(args: string[], databaseUrl: string, allowExitCodes: number[] = [0]) {
  try {
    return { code: 0, out: execFileSync(prismaBin, [...args, "--config", configFile], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    }) };
  } catch (error) {
    const e = error as { status?: number; stdout?: string; stderr?: string };
    if (e.status !== undefined && allowExitCodes.includes(e.status)) return { code: e.status, out: e.stdout ?? "" };
    process.stderr.write(e.stdout ?? "");
    process.stderr.write(e.stderr ?? "");
    throw new Error(`prisma ${args[0]} ${args[1] ?? ""} failed`);
  }
}

function hasMigrations() {
  return existsSync(migrationsDir) && readdirSync(migrationsDir).some((d) => /^\d+_/.test(d));
}

/** The data model the committed migrations produce, as a schema file in `work`. */
function migratedDataModel(work: string): string | null {
  if (!hasMigrations()) return null;
  const url = `file:${path.join(work, "replay.db")}`;
  prisma(["migrate", "deploy"], url);
  const pulled = prisma(["db", "pull", "--print"], url).out;
  const start = pulled.indexOf("generator");
  if (start < 0) throw new Error("db pull printed no schema");
  const file = path.join(work, "migrated.prisma");
  writeFileSync(file, pulled.slice(start));
  return file;
}

function diffArgs(from: string | null): string[] {
  return ["migrate", "diff", ...(from ? ["--from-schema-datamodel", from] : ["--from-empty"]),
    "--to-schema-datamodel", schemaFile];
}

function main() {
  const [command, name] = process.argv.slice(2);
  if (command === "generate") {
    // The schema's datasource needs some URL to be readable; generation never connects to it.
    prisma(["generate", "--no-hints"], process.env.DATABASE_URL ?? "file:./dev.sqlite");
    console.log("Prisma client generated.");
    return;
  }
  const work = mkdtempSync(path.join(tmpdir(), "migrations-"));
  try {
    const from = migratedDataModel(work);
    const scratchUrl = `file:${path.join(work, "scratch.db")}`;
    if (command === "check") {
      const { code, out } = prisma([...diffArgs(from), "--exit-code"], scratchUrl, [0, 2]);
      if (code === 2) {
        console.log("Migration drift: prisma/schema.prisma differs from prisma/migrations:\n" + out);
        console.log("Write a migration with: npm run db:migration -- <name>");
        process.exit(1);
      }
      console.log("Migrations match prisma/schema.prisma.");
      return;
    }
    if (command === "new") {
      if (!name || !/^[a-z0-9_]+$/.test(name)) throw new Error("usage: new <name> (lowercase letters, digits, _)");
      const sql = prisma([...diffArgs(from), "--script"], scratchUrl).out;
      if (!/\b(CREATE|ALTER|DROP)\b/.test(sql)) {
        console.log("No change: schema.prisma already matches the migrations.");
        return;
      }
      const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
      const tmpFile = path.join(work, "migration.sql");
      writeFileSync(tmpFile, sql);
      const dir = path.join(migrationsDir, `${stamp}_${name}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, "migration.sql"), sql);
      if (!existsSync(path.join(migrationsDir, "migration_lock.toml"))) {
        writeFileSync(path.join(migrationsDir, "migration_lock.toml"), 'provider = "sqlite"\n');
      }
      console.log(`Wrote ${path.relative(root, dir)}/migration.sql`);
      return;
    }
    throw new Error("usage: migrations.ts new <name> | check | generate");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main();
