/**
 * Which database this test file runs on (TEST_DATABASE, see global-setup.ts), for the few tests that
 * are about one database's behaviour: `describe.runIf(onSqlite)("... (SQLite only: why)", ...)`.
 */
import { databaseProviderOf, type DatabaseProvider } from "~/db/provider";

export const testDatabaseProvider: DatabaseProvider = databaseProviderOf(process.env.DATABASE_URL ?? "file:");
export const onSqlite = testDatabaseProvider === "sqlite";
export const onPostgresql = testDatabaseProvider === "postgresql";
