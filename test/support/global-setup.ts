/**
 * Once per test run: build a migrated SQLite template database. Each test file copies it
 * (test/support/setup-file.ts), so every file gets an isolated database in milliseconds.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";

const root = path.resolve(import.meta.dirname, "..", "..");

export default function setup(project: TestProject) {
  const dir = path.join(root, ".cache", "test-db");
  mkdirSync(dir, { recursive: true });
  const template = path.join(dir, `template-${process.pid}.sqlite`);
  rmSync(template, { force: true });
  execFileSync(path.join(root, "node_modules", ".bin", "prisma"),
    ["migrate", "deploy", "--config", path.join(root, "prisma", "prisma.config.ts")], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: `file:${template}`, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
      stdio: ["ignore", "ignore", "inherit"],
    });
  project.provide("templateDatabase", template);
  return () => rmSync(template, { force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}
