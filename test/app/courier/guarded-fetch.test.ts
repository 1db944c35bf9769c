import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { refusedAddressReason } from "~/courier/address-ranges.server";
import type { CourierUrlPolicy } from "~/courier/base-url";
import { createCourierClient } from "~/courier/client.server";
import { CourierError } from "~/courier/errors";
import { createGuardedFetch, RefusedCourierAddressError, type ResolveHost } from "~/courier/guarded-fetch.server";
import { createInProcessRateLimiter } from "~/courier/rate-limiter.server";

let server: Server;
let port: number;
beforeAll(async () => {
  server = createServer((_request, response) => response.writeHead(200, { "content-type": "text/plain" }).end("ok"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const policy = (allowLoopback: boolean): CourierUrlPolicy => ({
  allowedHosts: new Set(["courier.example"]),
  allowLoopback,
});
/** A DNS stand-in: the test decides what courier.example resolves to. */
const resolvesTo =
  (...addresses: string[]): ResolveHost =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

async function refusal(promise: Promise<unknown>): Promise<RefusedCourierAddressError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  const cause = (error as { cause?: unknown } | null)?.cause;
  expect(cause).toBeInstanceOf(RefusedCourierAddressError);
  return cause as RefusedCourierAddressError;
}

describe("courier connections", () => {
  it.each([
    ["10.0.0.7"],
    ["169.254.169.254"],
    ["192.168.1.20"],
    ["fd00::7"],
    ["fe80::1"],
    ["::ffff:10.0.0.7"],
    ["127.0.0.1"],
  ])("refuses a host that resolves to %s, before connecting", async (address) => {
    const guarded = createGuardedFetch(policy(false), resolvesTo(address));
    const error = await refusal(guarded(`http://courier.example:${port}/v1/estimates`));
    expect(error.message).toContain(`it resolves to ${address}`);
  });

  it("refuses a host when any one of its addresses is private", async () => {
    const guarded = createGuardedFetch(policy(true), resolvesTo("127.0.0.1", "10.0.0.7"));
    expect((await refusal(guarded(`http://courier.example:${port}/`))).message).toContain("10.0.0.7");
  });

  it("refuses a host off the allow-list without resolving it", async () => {
    const resolve = vi.fn(resolvesTo("127.0.0.1"));
    const guarded = createGuardedFetch(policy(true), resolve);
    const error = await refusal(guarded(`http://other.example:${port}/`));
    expect(error.message).toBe(
      "courier connection to other.example refused: the host is not one of the courier addresses this app may use",
    );
    expect(resolve).not.toHaveBeenCalled();
  });

  it("connects to the address its own lookup checked", async () => {
    const guarded = createGuardedFetch(policy(true), resolvesTo("127.0.0.1"));
    const response = await guarded(`http://courier.example:${port}/v1/estimates`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ok");
  });

  it("reaches loopback only with the development setting", async () => {
    const development = createGuardedFetch(policy(true));
    expect((await development(`http://127.0.0.1:${port}/`)).status).toBe(200);
    const production = createGuardedFetch(policy(false));
    expect((await refusal(production(`http://127.0.0.1:${port}/`))).message).toBe(
      "courier connection to 127.0.0.1 refused: the host is not one of the courier addresses this app may use",
    );
    const literal = createGuardedFetch({ allowedHosts: new Set(["10.1.2.3"]), allowLoopback: false });
    expect((await refusal(literal(`http://10.1.2.3:${port}/`))).message).toBe(
      "courier connection to 10.1.2.3 refused: 10.1.2.3 is a private, link-local or reserved address",
    );
  });

  it("fails the courier client's call with a network error, never sending the token there", async () => {
    let received = 0;
    server.once("request", () => received++);
    const client = createCourierClient({
      baseUrl: `https://courier.example:${port}`,
      token: "courier-token-123456",
      limiter: createInProcessRateLimiter(),
      fetch: createGuardedFetch(policy(true), resolvesTo("169.254.169.254")),
      maxRetries: 0,
    });
    const error = await client.getShipment(1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CourierError);
    expect((error as CourierError).kind).toBe("network");
    expect(received).toBe(0);
  });
});

describe("address ranges", () => {
  it.each([
    ["8.8.8.8", false, null],
    ["2606:4700::1111", false, null],
    ["::ffff:8.8.8.8", false, null],
    ["10.1.2.3", false, "is a private, link-local or reserved address"],
    ["172.31.0.1", false, "is a private, link-local or reserved address"],
    ["100.64.0.1", false, "is a private, link-local or reserved address"],
    ["0.0.0.0", false, "is a private, link-local or reserved address"],
    ["::", false, "is a private, link-local or reserved address"],
    ["::ffff:169.254.169.254", false, "is a private, link-local or reserved address"],
    ["127.0.0.1", false, "is a loopback address"],
    ["[::1]", false, "is a loopback address"],
    ["::ffff:127.0.0.1", false, "is a loopback address"],
    ["127.0.0.1", true, null],
    ["::1", true, null],
    ["169.254.1.1", true, "is a private, link-local or reserved address"],
  ])("%s (loopback allowed: %s) → %s", (address, allowLoopback, reason) => {
    expect(refusedAddressReason(address, allowLoopback)).toBe(reason);
  });
});
