/**
 * The courier sandbox in its own process for the benchmarks (see sandbox-process.ts), so its clock
 * and rate counting are not delayed by the load generator. Speaks over the IPC channel:
 * sends { url } once listening; answers { id, cmd: "stats" | "resetStats" } with { id, stats }.
 */
import { startCourierSandbox, type SandboxOptions } from "../courier-sandbox/server";

type Command = { id: number; cmd: "stats" | "resetStats" | "close" };

async function main() {
  if (!process.send) throw new Error("sandbox-child.ts must be started with an IPC channel");
  const options = JSON.parse(process.argv[2] ?? "{}") as Pick<SandboxOptions, "tokens" | "faults">;
  const sandbox = await startCourierSandbox({ host: "127.0.0.1", port: 0, ...options });
  process.on("message", (message: Command) => {
    if (message.cmd === "resetStats") sandbox.resetStats();
    if (message.cmd === "close") {
      void sandbox.close().then(() => process.exit(0));
      return;
    }
    process.send!({ id: message.id, stats: sandbox.stats() });
  });
  process.on("disconnect", () => void sandbox.close().then(() => process.exit(0)));
  process.send({ url: sandbox.url });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
