/** A database for one benchmark run: a SQLite file in a temporary folder, or a fresh PostgreSQL database. */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDatabase, dropDatabase, startThrowawayPostgres } from "../../prisma/tools/postgres-server";
import type { Bench } from "./harness";

/**
 * Its URL (`name` names the file or database); removed when the bench ends. PostgreSQL: on the server
 * TEST_POSTGRES_URL names, or on a throw-away one for the run.
 */
export async function scratchDatabaseUrl(bench: Bench, kind: "sqlite" | "postgresql", name: string): Promise<string> {
  if (kind === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), `bench-${name}-`));
    bench.defer(() => rmSync(dir, { recursive: true, force: true }));
    return `file:${path.join(dir, `${name}.sqlite`)}`;
  }
  let adminUrl = process.env.TEST_POSTGRES_URL;
  if (!adminUrl) {
    const server = await startThrowawayPostgres();
    bench.defer(() => server.stop());
    adminUrl = server.adminUrl;
  }
  const database = `bench_${name}_${randomBytes(4).toString("hex")}`;
  const url = await createDatabase(adminUrl, database);
  const admin = adminUrl;
  bench.defer(() => dropDatabase(admin, database));
  return url;
}
