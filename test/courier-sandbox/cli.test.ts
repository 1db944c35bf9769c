import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createCourierClient } from "~/courier/client.server";
import { createInProcessRateLimiter } from "~/courier/rate-limiter.server";
import { parseWebhookAuth } from "./cli-args";
import { createRequest, startWebhookReceiver } from "./testing";

describe("parseWebhookAuth", () => {
  it.each([
    ["bearer:abc", { method: "bearer", token: "abc" }],
    ["x-api-key:k:with:colons", { method: "x-api-key", token: "k:with:colons" }],
    ["basic:courier:pa:ss", { method: "basic", user: "courier", password: "pa:ss" }],
  ])("%s", (text, expected) => {
    expect(parseWebhookAuth(text)).toEqual(expected);
  });

  it.each(["bearer", "bearer:", "basic:user", "basic::pw", "hmac:x"])("refuses %s without echoing a secret", (text) => {
    expect(() => parseWebhookAuth(text)).toThrow(/--webhook-auth must be/);
  });
});

describe("npm run sandbox (the CLI)", () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child?.pid && child.exitCode === null) process.kill(child.pid, "SIGTERM");
  });

  it("prints its URL and tokens, accepts those tokens and posts webhooks with the configured auth", async () => {
    const receiver = await startWebhookReceiver({ method: "basic", secrets: ["s3cret"], basicUser: "courier" });
    try {
      const root = path.resolve(import.meta.dirname, "../..");
      child = spawn(
        process.execPath,
        [
          path.join(root, "node_modules/tsx/dist/cli.mjs"),
          "test/courier-sandbox/cli.ts",
          "--port",
          "0",
          "--token",
          "cli-token-1",
          "--webhook-url",
          receiver.url,
          "--webhook-auth",
          "basic:courier:s3cret",
          "--time-scale",
          "5000",
        ],
        { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
      );
      const output = await new Promise<string>((resolve, reject) => {
        let text = "";
        const timer = setTimeout(() => reject(new Error(`no banner: ${text}`)), 15_000);
        child!.stdout!.on("data", (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes("Time scale")) {
            clearTimeout(timer);
            resolve(text);
          }
        });
      });
      const url = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!;
      expect(output).toContain("Accepted tokens: cli-token-1");

      const client = createCourierClient({ baseUrl: url, token: "cli-token-1", limiter: createInProcessRateLimiter() });
      const created = await client.createShipment(createRequest(new Date()));
      await receiver.waitFor(() =>
        receiver.eventsFor(created.id).some((e) => e.kind === "shipment.delivery_confirmed"),
      );
      expect(receiver.refused).toEqual([]);
      const stranger = createCourierClient({ baseUrl: url, token: "unknown", limiter: createInProcessRateLimiter() });
      await expect(stranger.getShipment(created.id)).rejects.toMatchObject({ kind: "unauthorized" });
    } finally {
      await receiver.close();
    }
  });
});
