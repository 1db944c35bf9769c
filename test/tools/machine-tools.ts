/**
 * What `npm test` needs from the machine beyond npm, provisioned when missing (the first step of `npm test`).
 *
 * - Debian's Chromium at /usr/bin/chromium (package `chromium`): the browser tests and the extensions'
 *   rendering test.
 * - PostgreSQL server binaries under /usr/lib/postgresql/<version>/bin (package `postgresql`): `db:check`
 *   starts a throw-away server from them. Not needed when TEST_POSTGRES_URL names a server.
 *
 * Missing ones are installed with apt-get when that can happen without a question (root, or sudo without a
 * password); otherwise the run stops at once with one line naming the exact command to run.
 *
 * Runs on the project's Node without tsx (type stripping), so it answers within a fraction of a second:
 * it imports nothing from the project.
 *
 * PROVISION_HIDE=chromium,postgresql treats those as missing on the first look (the packages' files are
 * left alone; the look after apt-get is the real one): it proves this path on a machine that has them.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

const CHROMIUM_PATH = "/usr/bin/chromium";
const POSTGRES_BIN_ROOT = "/usr/lib/postgresql";

type Tool = { name: string; apt: string; present: () => boolean; needed: () => boolean };

const TOOLS: Tool[] = [
  { name: "chromium", apt: "chromium", present: () => existsSync(CHROMIUM_PATH), needed: () => true },
  {
    name: "postgresql",
    apt: "postgresql",
    present: () =>
      existsSync(POSTGRES_BIN_ROOT) &&
      readdirSync(POSTGRES_BIN_ROOT).some((version) =>
        existsSync(path.join(POSTGRES_BIN_ROOT, version, "bin", "initdb")),
      ),
    needed: () => !process.env.TEST_POSTGRES_URL,
  },
];

function run(command: string, args: string[]): { ok: boolean; output: string } {
  const result = spawnSync(command, args, {
    encoding: "utf8",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  return { ok: result.status === 0, output: `${result.stdout ?? ""}${result.stderr ?? ""}` };
}

function commandExists(command: string): boolean {
  return run("sh", ["-c", `command -v ${command}`]).ok;
}

/** The prefix that runs apt-get as root without asking, or null when none can. */
function rootPrefix(): string[] | null {
  if (process.getuid?.() === 0) return [];
  if (commandExists("sudo") && run("sudo", ["-n", "true"]).ok) return ["sudo", "-n"];
  return null;
}

function stop(line: string): never {
  console.error(line);
  process.exit(1);
}

function main() {
  const hidden = new Set((process.env.PROVISION_HIDE ?? "").split(",").filter(Boolean));
  const missing = TOOLS.filter((tool) => tool.needed() && (hidden.has(tool.name) || !tool.present()));
  if (missing.length === 0) return;

  const packages = missing.map((tool) => tool.apt);
  const command = `sudo apt-get update && sudo apt-get install -y ${packages.join(" ")}`;
  if (!commandExists("apt-get")) {
    stop(`npm test needs ${packages.join(" and ")} (Debian packages; no apt-get here): install them, then rerun`);
  }
  const prefix = rootPrefix();
  if (!prefix) stop(`npm test needs ${packages.join(" and ")}: run \`${command}\`, then rerun`);

  console.log(`Installing ${packages.join(", ")} with apt-get (npm test needs them)`);
  const started = Date.now();
  const apt = (args: string[]) => {
    const [command0, ...rest] = [...prefix, "apt-get", ...args];
    return run(command0!, rest);
  };
  // A fresh image has no package lists: read them first when apt knows no candidate.
  const unknown = packages.some((name) => !/Candidate: (?!\(none\))/.test(run("apt-cache", ["policy", name]).output));
  if (unknown) {
    const update = apt(["update", "-qq"]);
    if (!update.ok) stop(`apt-get update failed: ${update.output.trim().split("\n").pop()}`);
  }
  const install = apt(["install", "-y", "-qq", ...packages]);
  if (!install.ok) stop(`apt-get install ${packages.join(" ")} failed: ${install.output.trim().split("\n").pop()}`);
  const still = missing.filter((tool) => !tool.present());
  if (still.length > 0)
    stop(`apt-get installed ${packages.join(" ")}, yet ${still.map((t) => t.name).join(", ")} is not found`);
  console.log(`Installed ${packages.join(", ")} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main();
