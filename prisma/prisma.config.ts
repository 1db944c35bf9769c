// Prisma CLI configuration: a driver adapter instead of engine binaries (none can be downloaded here).
// DATABASE_URL's scheme picks the provider's schema and migrations (prisma/tools/layout.ts):
// file: → schema.prisma + migrations/, postgresql:// → postgresql/schema.prisma + postgresql/migrations/.
import { defineConfig } from "prisma/config";
import { databaseUrlFromEnv } from "../app/config/env.server";
import { createCliDriverAdapter } from "./tools/cli-adapter";
import { layoutForUrl } from "./tools/layout";

const layout = layoutForUrl(process.env.DATABASE_URL);

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: layout.schema,
  migrations: { path: layout.migrations },
  async adapter() {
    return createCliDriverAdapter(databaseUrlFromEnv());
  },
});
