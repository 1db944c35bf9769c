// Prisma CLI configuration: a driver adapter instead of engine binaries (none can be downloaded here).
import { defineConfig } from "prisma/config";
import { createDriverAdapter } from "../app/db/adapter.server";
import { databaseUrlFromEnv } from "../app/config/env.server";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "schema.prisma",
  migrations: { path: "migrations" },
  async adapter() {
    return createDriverAdapter(databaseUrlFromEnv());
  },
});
