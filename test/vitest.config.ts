import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "..");

export default defineConfig({
  root,
  resolve: { alias: { "~": path.join(root, "app") } },
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    exclude: ["test/e2e/**", "node_modules/**"],
    globalSetup: ["test/support/global-setup.ts"],
    setupFiles: ["test/support/setup-file.ts"],
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 30_000,
    restoreMocks: true,
  },
});
