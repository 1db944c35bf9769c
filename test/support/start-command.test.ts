import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, SERVER_BUILD } from "./app-server";
import { parseNodeStartCommand, productionStartCommands, serverStart } from "./start-command";

describe("parseNodeStartCommand", () => {
  it.each([
    {
      script: "node ./build/server/index.js",
      parsed: { env: {}, nodeFlags: [], entry: "./build/server/index.js" },
    },
    {
      script: "node --max-semi-space-size=16 --max-old-space-size=256 ./build/server/index.js",
      parsed: {
        env: {},
        nodeFlags: ["--max-semi-space-size=16", "--max-old-space-size=256"],
        entry: "./build/server/index.js",
      },
    },
    {
      script: "WORKER_ONLY=true node --max-old-space-size=256 ./build/server/index.js",
      parsed: {
        env: { WORKER_ONLY: "true" },
        nodeFlags: ["--max-old-space-size=256"],
        entry: "./build/server/index.js",
      },
    },
  ])("$script", ({ script, parsed }) => {
    expect(parseNodeStartCommand(script)).toEqual(parsed);
  });

  it.each([
    { script: "remix-serve ./build/server/index.js", why: "it does not run node" },
    { script: "node", why: "no entry file" },
    { script: "node --inspect", why: "no entry file" },
    { script: "node -r ./preload.js ./build/server/index.js", why: '"-r" is not a node flag' },
    {
      script: "node --max-old-space-size=256 ./build/server/index.js && echo done",
      why: '"./build/server/index.js" is not a node flag',
    },
    { script: 'node --title="a b" ./build/server/index.js', why: "is not a node flag" },
  ])("refuses $script", ({ script, why }) => {
    expect(() => parseNodeStartCommand(script)).toThrow(why);
  });
});

describe("the project's start scripts", () => {
  const { start, worker } = productionStartCommands(ROOT);

  it("start the server build that the tests and benchmarks start", () => {
    expect(path.resolve(ROOT, start.entry)).toBe(SERVER_BUILD);
    expect(path.resolve(ROOT, worker.entry)).toBe(SERVER_BUILD);
    expect(serverStart(ROOT)).toEqual({ args: [...start.nodeFlags, SERVER_BUILD], env: start.env });
  });

  it("size the V8 heap and malloc's arenas for a 512 MB instance, the same in web and worker processes", () => {
    // README Decisions, "Memory sized for a 512 MB instance": the heap grew to the host's default limits (4 GB on a 24 GB machine) although
    // about 55 MB of it was live; these bounds keep the server under 256 MiB through bench:dispatch and bench:events.
    // The young generation commits two semi-spaces however little of it is live: 8 MB each, not 16.
    expect(start.nodeFlags).toEqual(expect.arrayContaining(["--max-semi-space-size=8", "--max-old-space-size=256"]));
    expect(worker.nodeFlags).toEqual(start.nodeFlags);
    // glibc gives each thread that allocates an arena of its own; two keep freed memory reusable.
    expect(start.env).toEqual({ MALLOC_ARENA_MAX: "2" });
    expect(worker.env).toEqual({ WORKER_ONLY: "true", ...start.env });
  });
});
