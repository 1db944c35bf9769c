/**
 * A throw-away PostgreSQL server on 127.0.0.1 (for the drift check, the test suite on PostgreSQL, the
 * scale benchmark and CI), and databases created and dropped on a server.
 *
 *   tsx prisma/tools/postgres-server.ts start    prints TEST_POSTGRES_URL=... and TEST_POSTGRES_DIR=... (for `eval`)
 *   tsx prisma/tools/postgres-server.ts stop DIR stops that server and removes its directory
 *
 * The server runs from the machine's binaries (Debian: /usr/lib/postgresql/<version>/bin, package
 * `postgresql`), as the `postgres` user when started by root (initdb refuses root), with trust
 * authentication on loopback only, a free port, a fresh data directory, and durability off (fsync,
 * synchronous commit): nothing in it outlives the run.
 */
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

export const POSTGRES_BIN_ROOT = "/usr/lib/postgresql";
const SERVER_SETTINGS = [
  "fsync=off",
  "synchronous_commit=off",
  "full_page_writes=off",
  "max_connections=400",
  "listen_addresses=127.0.0.1",
];
const START_TIMEOUT_S = 30;

export type PostgresServer = {
  /** The maintenance database `postgres` as the superuser: create and drop databases through it. */
  adminUrl: string;
  dir: string;
  stop(): void;
};

/** The newest installed server's bin directory, or null. */
export function findPostgresBin(root = POSTGRES_BIN_ROOT): string | null {
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && existsSync(path.join(root, name, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : null;
}

function userIds(name: string): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync("id", ["-u", name], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", name], { encoding: "utf8" }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/** Runs a server binary, as the `postgres` user when we are root. */
function runServerBinary(bin: string, args: string[], cwd: string) {
  const asRoot = process.getuid?.() === 0;
  const [command, commandArgs] = asRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  execFileSync(command, commandArgs as string[], { cwd, stdio: ["ignore", "pipe", "pipe"] });
}

export async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startThrowawayPostgres(): Promise<PostgresServer> {
  const bin = findPostgresBin();
  if (!bin) {
    throw new Error(
      `No PostgreSQL server found under ${POSTGRES_BIN_ROOT}: install Debian's package (apt-get install -y postgresql) ` +
        "or set TEST_POSTGRES_URL to a server's postgresql://user@host:port/postgres URL (the role needs CREATEDB).",
    );
  }
  const dir = mkdtempSync(path.join(tmpdir(), "courier-pg-"));
  if (process.getuid?.() === 0) {
    const owner = userIds("postgres");
    if (!owner)
      throw new Error("Running as root needs the `postgres` system user (created by Debian's postgresql package).");
    chownSync(dir, owner.uid, owner.gid);
  }
  const data = path.join(dir, "data");
  const port = await freeLoopbackPort();
  try {
    runServerBinary(
      path.join(bin, "initdb"),
      ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions"],
      dir,
    );
    const options = ["-p", String(port), "-k", dir, ...SERVER_SETTINGS.flatMap((setting) => ["-c", setting])].join(" ");
    runServerBinary(
      path.join(bin, "pg_ctl"),
      ["-D", data, "-o", options, "-l", path.join(dir, "server.log"), "-w", "-t", String(START_TIMEOUT_S), "start"],
      dir,
    );
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const e = error as { stderr?: Buffer; message: string };
    throw new Error(`Could not start a throw-away PostgreSQL server: ${e.stderr?.toString().trim() || e.message}`);
  }
  return { adminUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`, dir, stop: () => stopThrowawayPostgres(dir) };
}

export function stopThrowawayPostgres(dir: string): void {
  if (!path.basename(dir).startsWith("courier-pg-")) throw new RangeError(`Not a throw-away server directory: ${dir}`);
  const bin = findPostgresBin();
  const data = path.join(dir, "data");
  if (bin && existsSync(path.join(data, "postmaster.pid"))) {
    try {
      runServerBinary(path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"], dir);
    } catch {
      // Already stopped: the directory is removed all the same.
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrlOn(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const SAFE_DATABASE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function quotedName(name: string): string {
  if (!SAFE_DATABASE_NAME.test(name)) throw new RangeError(`Unsafe database name: ${name}`);
  return `"${name}"`;
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates a database, as a copy of `template` when given (another CREATE from the same template may briefly hold it: retried). */
export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<string> {
  await withAdmin(adminUrl, async (client) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${quotedName(name)}${template ? ` TEMPLATE ${quotedName(template)}` : ""}`);
        return;
      } catch (error) {
        const busy = (error as { code?: string }).code === "55006"; // object_in_use: the template has a session
        if (!busy || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
  return databaseUrlOn(adminUrl, name);
}

/** Drops a database, ending any session still connected to it. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${quotedName(name)} WITH (FORCE)`));
}

/** Drops every database whose name starts with `prefix` (what a crashed run left behind). */
export async function dropDatabasesStartingWith(adminUrl: string, prefix: string): Promise<void> {
  const names = await withAdmin(adminUrl, async (client) =>
    (
      await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [
        prefix,
      ])
    ).rows.map((row) => row.datname),
  );
  for (const name of names) await dropDatabase(adminUrl, name);
}

function main() {
  const [command, dir] = process.argv.slice(2);
  if (command === "start") {
    startThrowawayPostgres().then(
      (server) => {
        process.stdout.write(`TEST_POSTGRES_URL=${server.adminUrl}\nTEST_POSTGRES_DIR=${server.dir}\n`);
      },
      (error: unknown) => {
        process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
    return;
  }
  if (command === "stop" && dir) {
    stopThrowawayPostgres(dir);
    return;
  }
  process.stderr.write("usage: postgres-server.ts start | stop <dir>\n");
  process.exit(2);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
