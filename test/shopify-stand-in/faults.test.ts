import { describe, expect, it } from "vitest";
import { withAdminFaults } from "./faults";

const passThrough = { fetch: async () => new Response('{"data":{}}', { status: 200 }) };
const graphql = () => new Request("https://shop.myshopify.com/admin/api/2026-10/graphql.json", { method: "POST" });

describe("withAdminFaults", () => {
  it("passes every request through while no fault is set", async () => {
    const faulty = withAdminFaults(passThrough, () => 0);
    expect((await faulty.fetch(graphql()))?.status).toBe(200);
    expect(faulty.injected()).toEqual({});
  });

  it("answers the chosen share with 502 or 503 and an HTML page, before the stand-in sees it", async () => {
    const draws = [0.01, 0.9, 0.02, 0.1, 0.5];
    let seen = 0;
    const faulty = withAdminFaults(
      {
        fetch: async () => {
          seen += 1;
          return new Response("{}", { status: 200 });
        },
      },
      () => draws.shift() ?? 0.99,
    );
    faulty.setFaults({ errorRate: 0.05, errorStatuses: [502, 503] });
    const first = await faulty.fetch(graphql());
    expect([first?.status, first?.headers.get("content-type")]).toEqual([503, "text/html; charset=utf-8"]);
    const second = await faulty.fetch(graphql());
    expect(second?.status).toBe(502);
    expect((await faulty.fetch(graphql()))?.status).toBe(200);
    expect(seen).toBe(1);
    expect(faulty.injected()).toEqual({ 502: 1, 503: 1 });
  });
});
