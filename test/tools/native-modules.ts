/**
 * Native modules built for the project's Node (run by `npm run setup`, so by `npm install`).
 *
 * `npm install` runs on the machine's node (20 here); npm scripts run the project's own Node (the `node`
 * devDependency at node_modules/.bin/node). A dependency whose install script compiles a native module
 * against the machine's headers (npm's `nodedir`) then fails to load under the project's Node with
 * "NODE_MODULE_VERSION 115 … requires 137". Each such module is loaded in a child of the running Node;
 * when it does not load, it is rebuilt against the running Node's own headers, which the `node` package
 * ships (include/node). Modules on N-API (libsql, Prisma's engines) need nothing.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import path from "node:path";

/**
 * Native modules compiled per Node ABI that the project loads, each with code that loads its binary
 * (requiring the package alone may not: better-sqlite3 opens its binding with the first database).
 * better-sqlite3: `npm run bench:sqlite`.
 */
const ABI_BOUND_MODULES = [
  { name: "better-sqlite3", probe: `new (require("better-sqlite3"))(":memory:").close()` },
] as const;

const root = path.resolve(import.meta.dirname, "..", "..");

function loadError(code: string): string | null {
  const probe = spawnSync(process.execPath, ["-e", code], {
    cwd: root,
    encoding: "utf8",
  });
  return probe.status === 0 ? null : probe.stderr.trim();
}

/** The directory holding include/node/node_version.h for the running Node (the `node` package's own copy). */
function runningNodeDir(): string | null {
  const candidates = [
    path.resolve(path.dirname(realpathSync(process.execPath)), ".."),
    path.join(root, "node_modules", "node", "node_modules", `node-${process.platform}-${process.arch}`),
  ];
  return candidates.find((dir) => existsSync(path.join(dir, "include", "node", "node_version.h"))) ?? null;
}

function main() {
  for (const { name, probe } of ABI_BOUND_MODULES) {
    if (!existsSync(path.join(root, "node_modules", name))) continue;
    const error = loadError(probe);
    if (!error) continue;
    if (!/NODE_MODULE_VERSION|did not self-register|invalid ELF|Could not locate the bindings/.test(error)) {
      throw new Error(`${name} does not load under Node ${process.version}: ${error.split("\n")[0]}`);
    }
    const nodedir = runningNodeDir();
    if (!nodedir) throw new Error(`${name} needs a rebuild, and Node ${process.version}'s headers were not found`);
    console.log(`${name}: built for another Node; rebuilding for Node ${process.version} (about a minute)`);
    const started = Date.now();
    // npm's own rebuild, with the running Node first on PATH (node-gyp runs on it) and its headers.
    execFileSync("npm", ["rebuild", name, `--nodedir=${nodedir}`, "--no-audit", "--no-fund"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}` },
    });
    const after = loadError(probe);
    if (after) throw new Error(`${name} still does not load after the rebuild: ${after.split("\n")[0]}`);
    console.log(`${name}: rebuilt in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
}

main();
