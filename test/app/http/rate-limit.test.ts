import { describe, expect, it } from "vitest";
import { clientAddressOf, clientRateKey } from "~/http/client-address.server";
import { createFixedWindowLimiter } from "~/http/rate-limit";

function limiter(limit = 3, maxKeys = 100) {
  let now = 1_000_000;
  const limit_ = createFixedWindowLimiter({ limit, windowMs: 60_000, maxKeys, clock: () => now });
  return { take: (key: string) => limit_.take(key), advance: (ms: number) => (now += ms) };
}

describe("createFixedWindowLimiter", () => {
  it.each([
    // [requests at these offsets (ms) from the first, which are allowed]
    [
      [0, 1, 2],
      [true, true, true],
    ],
    [
      [0, 1, 2, 3],
      [true, true, true, false],
    ],
    [
      [0, 1, 2, 59_999],
      [true, true, true, false],
    ],
    [
      [0, 1, 2, 60_000],
      [true, true, true, true],
    ],
    [
      [0, 30_000, 59_000, 61_000, 62_000, 63_000, 64_000],
      [true, true, true, true, true, true, false],
    ],
  ])("at %j allows %j", (offsets, expected) => {
    const l = limiter();
    let at = 0;
    const allowed = offsets.map((offset) => {
      l.advance(offset - at);
      at = offset;
      return l.take("203.0.113.5").allowed;
    });
    expect(allowed).toEqual(expected);
  });

  it("counts each client apart and says when to come back", () => {
    const l = limiter(1);
    expect(l.take("a").allowed).toBe(true);
    expect(l.take("b").allowed).toBe(true);
    l.advance(15_000);
    expect(l.take("a")).toEqual({ allowed: false, retryAfterS: 45 });
  });

  it("remembers at most maxKeys clients, forgetting the oldest window first", () => {
    const l = limiter(1, 2);
    l.take("a");
    l.take("b");
    l.take("c"); // "a" is forgotten to make room
    expect(l.take("a").allowed).toBe(true);
    expect(l.take("c").allowed).toBe(false);
  });
});

describe("clientAddressOf", () => {
  it.each([
    // [headers, the connection's address, trusted proxy hops, the client]
    [{ "x-forwarded-for": "198.51.100.7, 10.0.0.2" }, "10.0.0.9", 0, "10.0.0.9"],
    [{ "x-forwarded-for": "198.51.100.7" }, "203.0.113.9", 0, "203.0.113.9"],
    [{ "x-forwarded-for": "198.51.100.7, 203.0.113.9" }, "10.0.0.2", 1, "203.0.113.9"],
    [{ "x-forwarded-for": "198.51.100.7, 203.0.113.9, 10.0.0.3" }, "10.0.0.2", 2, "203.0.113.9"],
    [{ "x-forwarded-for": "203.0.113.9" }, "10.0.0.2", 3, "203.0.113.9"],
    [{}, "10.0.0.9", 1, "10.0.0.9"],
    [{ "x-forwarded-for": " " }, undefined, 1, "unknown"],
  ])("%j from %j behind %i proxies is %j", (headers, remote, hops, client) =>
    expect(clientAddressOf(new Headers(headers), remote, hops)).toBe(client),
  );

  it("names the victim for no one who forges the header: the victim keeps their own limit", () => {
    const l = limiter(60);
    const victim = "203.0.113.50";
    // Direct: the header is ignored. Behind one proxy: it appends the attacker's real address.
    for (let i = 0; i < 61; i++) {
      l.take(clientAddressOf(new Headers({ "x-forwarded-for": victim }), "198.51.100.66", 0));
      l.take(clientAddressOf(new Headers({ "x-forwarded-for": `${victim}, 198.51.100.66` }), "10.0.0.2", 1));
    }
    expect(l.take(clientAddressOf(new Headers(), victim, 0)).allowed).toBe(true);
    expect(l.take(clientAddressOf(new Headers({ "x-forwarded-for": victim }), "10.0.0.2", 1)).allowed).toBe(true);
  });
});

describe("the limiter's store", () => {
  it("forgets the least recently seen client when full, keeping one that is still counting", () => {
    const l = limiter(1, 2);
    l.take("a");
    l.take("b");
    l.take("a"); // "a" is seen again: "b" is now the least recent
    l.take("c"); // evicts "b", not "a"
    expect(l.take("a").allowed).toBe(false);
    expect(l.take("b").allowed).toBe(true);
  });
});

describe("clientRateKey: one client per IPv4 address and per IPv6 /64", () => {
  it.each([
    ["203.0.113.5", "203.0.113.5"],
    ["::ffff:203.0.113.5", "203.0.113.5"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:ffff:eeee:dddd:cccc", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:0000:0000:0000:0009", "2001:db8:1:2::/64"],
    ["2001:db8:1:3::1", "2001:db8:1:3::/64"],
    ["::1", "0:0:0:0::/64"],
    ["unknown", "unknown"],
  ])("%s → %s", (address, key) => {
    expect(clientRateKey(address)).toBe(key);
  });
});
