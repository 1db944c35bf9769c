/**
 * How production starts the app server, read from package.json's `start` and `worker` scripts, so
 * the browser test, the benchmarks and the demo start it the same way: the same Node flags and
 * environment (the V8 heap and malloc arenas sized for a small instance, README Decisions "Memory
 * sized for a 512 MB instance") and the same entry file.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

/** A script of the form `[NAME=value ...] node [--flag ...] <entry file>`, taken apart. */
export type NodeStartCommand = { env: Record<string, string>; nodeFlags: string[]; entry: string };

const ENV_ASSIGNMENT = /^([A-Z_][A-Z0-9_]*)=(\S*)$/;

/**
 * Parses a start script. Only the plain shape above is accepted (no quotes, pipes or `&&`): anything
 * else would be started differently here than by npm, so it is refused with the script in the message.
 */
export function parseNodeStartCommand(script: string): NodeStartCommand {
  const words = script.trim().split(/\s+/);
  const env: Record<string, string> = {};
  let index = 0;
  for (let match = ENV_ASSIGNMENT.exec(words[index] ?? ""); match; match = ENV_ASSIGNMENT.exec(words[index] ?? "")) {
    env[match[1]!] = match[2]!;
    index += 1;
  }
  const refuse = (why: string) =>
    new Error(`Start script "${script}": ${why} (expected [NAME=value ...] node [--flag ...] <file>)`);
  if (words[index] !== "node") throw refuse("it does not run node");
  const rest = words.slice(index + 1);
  const entry = rest.at(-1);
  if (!entry || entry.startsWith("-")) throw refuse("no entry file");
  const nodeFlags = rest.slice(0, -1);
  const notFlag = nodeFlags.find((word) => !/^--[a-z][a-z0-9-]*(=[^\s'"`;&|]+)?$/.test(word));
  if (notFlag !== undefined) throw refuse(`"${notFlag}" is not a node flag`);
  return { env, nodeFlags, entry };
}

export type PackageScripts = { start: NodeStartCommand; worker: NodeStartCommand };

/** package.json's `start` and `worker` scripts of the project at `root`, parsed. */
export function productionStartCommands(root: string): PackageScripts {
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts?: Record<string, string>;
  };
  const script = (name: string) => {
    const text = manifest.scripts?.[name];
    if (text === undefined) throw new Error(`package.json has no "${name}" script`);
    return parseNodeStartCommand(text);
  };
  return { start: script("start"), worker: script("worker") };
}

/**
 * How to start the server as `npm start` does: the arguments for `process.execPath` (entry resolved
 * against root) and the environment the script sets.
 */
export function serverStart(root: string): { args: string[]; env: Record<string, string> } {
  const { start } = productionStartCommands(root);
  return { args: [...start.nodeFlags, path.resolve(root, start.entry)], env: start.env };
}
