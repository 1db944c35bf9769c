import { parseArgs } from "node:util";
import { parseWebhookAuth } from "./cli-args";
import { ALL_FEATURES } from "./model";
import { DEFAULT_SANDBOX_TOKEN, startCourierSandbox } from "./server";

/**
 * npm run sandbox -- --port <p> [--webhook-url <url>]
 *   [--webhook-auth bearer:<token>|basic:<user>:<password>|x-api-key:<token>]
 *   [--time-scale <x>] [--token <t>]... [--all-features] [--host <h>]
 */

const USAGE =
  "usage: npm run sandbox -- --port <p> [--webhook-url <url>] [--webhook-auth bearer:<token>|basic:<user>:<password>|x-api-key:<token>] [--time-scale <x>] [--token <t>]... [--all-features]";

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "0" },
      host: { type: "string", default: "127.0.0.1" },
      "webhook-url": { type: "string" },
      "webhook-auth": { type: "string" },
      "time-scale": { type: "string", default: "1" },
      token: { type: "string", multiple: true },
      "all-features": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port);
  const timeScale = Number(values["time-scale"]);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error("--port must be a port number");
  if (!(timeScale > 0)) throw new Error("--time-scale must be a positive number");
  const auth = values["webhook-auth"] ? parseWebhookAuth(values["webhook-auth"]) : null;
  if (auth && !values["webhook-url"]) throw new Error("--webhook-auth needs --webhook-url");

  const sandbox = await startCourierSandbox({
    host: values.host,
    port,
    timeScale,
    tokens: values.token?.length ? values.token : [DEFAULT_SANDBOX_TOKEN],
    account: values["all-features"] ? ALL_FEATURES : {},
    ...(values["webhook-url"] ? { webhook: { url: values["webhook-url"], auth } } : {}),
  });
  console.log(`Courier sandbox listening at ${sandbox.url}`);
  console.log(`Accepted tokens: ${sandbox.tokens.join(", ")}`);
  console.log(
    `Webhooks: ${values["webhook-url"] ? `${values["webhook-url"]} (${auth?.method ?? "no auth"})` : "none configured"}`,
  );
  console.log(`Time scale: ${timeScale}x. Control API: ${sandbox.url}/__sandbox/ (see test/courier-sandbox/README.md)`);

  const stop = () => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  console.error(USAGE);
  process.exit(1);
});
