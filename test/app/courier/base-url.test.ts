import { describe, expect, it } from "vitest";
import { courierBaseUrlProblem, courierUrlsFromConfig, hostAllowed } from "~/courier/base-url";

const urls = courierUrlsFromConfig({
  courier: {
    sandboxUrl: "https://sandbox.courier.example",
    productionUrl: undefined,
    allowedHosts: ["eu.courier.example"],
    allowLoopback: false,
  },
});
const development = { ...urls.policy, allowLoopback: true };

describe("courier base URLs", () => {
  it("takes the configured URL per environment and a placeholder where none is configured", () => {
    expect(urls.defaults).toEqual({
      sandbox: "https://sandbox.courier.example",
      production: "https://api.courier.invalid",
    });
    expect([...urls.policy.allowedHosts].sort()).toEqual(["eu.courier.example", "sandbox.courier.example"]);
  });

  it.each([
    ["https://eu.courier.example/api", urls.policy, null],
    ["https://sandbox.courier.example", urls.policy, null],
    ["https://EU.courier.example", urls.policy, null],
    ["http://eu.courier.example", urls.policy, "the courier address must start with https://"],
    [
      "https://evil.example",
      urls.policy,
      "the address evil.example is not one of the courier addresses this app may use (eu.courier.example, sandbox.courier.example)",
    ],
    [
      "https://10.0.0.5",
      urls.policy,
      "the address 10.0.0.5 is not one of the courier addresses this app may use (eu.courier.example, sandbox.courier.example)",
    ],
    [
      "http://127.0.0.1:4010",
      urls.policy,
      "the courier address points at this server itself, which only a development setup allows",
    ],
    ["http://127.0.0.1:4010", development, null],
    ["http://[::1]:4010", development, null],
    ["not a url", urls.policy, "the courier address is not a valid web address"],
    [
      "https://api.courier.invalid",
      urls.policy,
      "this app has no courier address yet; enter the address the courier gave you, or ask whoever runs this app to set it up",
    ],
  ])("%s → %s", (url, policy, problem) => {
    expect(courierBaseUrlProblem(url, policy)).toBe(problem);
  });

  it("opens connections only to allowed hosts, and to loopback only with the development setting", () => {
    expect(hostAllowed("eu.courier.example", urls.policy)).toBe(true);
    expect(hostAllowed("other.example", urls.policy)).toBe(false);
    expect(hostAllowed("localhost", urls.policy)).toBe(false);
    expect(hostAllowed("localhost", development)).toBe(true);
  });
});
