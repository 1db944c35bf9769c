/**
 * Insights' loader and CSV export as the admin calls them, and each cause of "Why is my rate not
 * showing?" against the Shopify stand-in (plan, shipping profiles) and the courier sandbox (token).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as homeAction, loader as homeLoader } from "~/routes/app._index/route";
import { loader as insightsLoader } from "~/routes/app.insights/route";
import { loader as exportLoader } from "~/routes/app.insights.export";
import { saveCourierToken } from "~/shops/courier-credentials.server";
import type { CourierSandbox } from "../../courier-sandbox/server";
import { drainJobs } from "../../support/installed-shop";
import { apiRequest, call, data, documentRequest } from "./embedded";
import { SHOP, setUpStaffWorld, startSandbox, type StaffWorld } from "./staff-fixture";

let sandbox: CourierSandbox;
let world: StaffWorld;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  world = await setUpStaffWorld(sandbox);
  await world.runtime.db.quoteFunnelHour.deleteMany();
  await world.runtime.db.webhookDelivery.deleteMany();
});

const insights = async (query = "") => data(await call(insightsLoader, documentRequest(`/app/insights${query}`, SHOP)));
const causes = async () => (await insights()).diagnosis.map((cause) => cause.id);
const post = (form: Record<string, string>) => apiRequest("/app", { shop: SHOP, form });

async function deliveredYesterdayInItsWindow() {
  const row = await world.book("delivered");
  const start = new Date(Date.now() - 26 * 3_600_000);
  await world.runtime.db.shipment.update({
    where: { id: row.id },
    data: {
      state: "delivered",
      createdAt: new Date(start.getTime() - 3_600_000),
      pickupAfter: start,
      deliverStart: start,
      deliverEnd: new Date(start.getTime() + 2 * 3_600_000),
      driverAssignedAt: new Date(start.getTime() - 600_000),
      deliveredAt: new Date(start.getTime() + 3_600_000),
      shopperPriceCents: 1599,
      // What the tracking flow fixes at delivery (app/shipments/delivery-verdict.ts).
      deliveryVerdict: "on_time",
      paidToDeliveredMinutes: 120,
    },
  });
  return row;
}

describe("insights", () => {
  it("shows the period's figures against the previous one, per day, and refuses an unknown period", async () => {
    await deliveredYesterdayInItsWindow();
    const page = await insights("?days=7");
    const figure = (key: string) => page.insights!.figures.find((f) => f.key === key)!;
    expect(figure("delivered")).toMatchObject({ current: 1, previous: 0 });
    expect(figure("on_time_share")).toMatchObject({ current: 1, previous: null });
    expect(figure("paid_median")).toMatchObject({ current: 120 });
    expect(page.insights!.deliveries.perDay).toHaveLength(7);

    const elsewhere = await insights(`?days=7&location=${encodeURIComponent("gid://shopify/Location/999")}`);
    expect(elsewhere.insights!.figures.find((f) => f.key === "delivered")!.current).toBe(0);

    const refused = (await call(insightsLoader, documentRequest("/app/insights?days=8", SHOP))) as Response;
    expect(refused.status).toBe(400);
  });

  it("exports the deliveries behind a figure as CSV", async () => {
    const row = await deliveredYesterdayInItsWindow();
    const response = (await call(
      exportLoader,
      apiRequest("/app/insights/export?days=7&figure=on_time", { shop: SHOP }),
    )) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Order,Pickup location,Kind,Outcome/);
    expect(lines[1]).toContain(`${row.orderName},`);
    expect(lines[1]).toContain(",delivered,");
    expect(lines[1]).toContain(",on_time,");
    const unknown = (await call(
      exportLoader,
      apiRequest("/app/insights/export?days=7&figure=secrets", { shop: SHOP }),
    )) as Response;
    expect(unknown.status).toBe(400);
  });
});

describe("why is my rate not showing?", () => {
  it("the plan cannot use calculated rates: Shopify's help link", async () => {
    world.standIn.shops.get(SHOP)!.carrierCalculatedShipping = false;
    await call(homeAction, post({ intent: "register-carrier" }));
    const [plan] = (await insights()).diagnosis;
    expect(plan).toMatchObject({
      id: "plan",
      action: { kind: "link", url: expect.stringContaining("help.shopify.com") },
    });
  });

  it("shipping zones no longer reference the carrier service: the button re-adds it", async () => {
    world.shop.carrierCalculatedShipping = true;
    await call(homeAction, post({ intent: "register-carrier" }));
    expect(await causes()).toContain("profiles");
    expect((await insights()).diagnosis.find((c) => c.id === "profiles")!.action).toEqual({
      kind: "add-to-profiles",
      label: "Add the rate to the shipping profiles",
    });
    await call(homeAction, post({ intent: "add-to-profiles" }));
    expect(await causes()).not.toContain("profiles");
  });

  it("the courier refuses the token: fix the token", async () => {
    await saveCourierToken(world.runtime, SHOP, {
      token: "revoked-token",
      environment: "sandbox",
      baseUrl: sandbox.url,
    });
    await call(homeLoader, documentRequest("/app", SHOP));
    await drainJobs(world.runtime);
    expect(await causes()).toContain("token");
  });

  it("paid orders arrive but no rate request has come for a day", async () => {
    await world.runtime.db.webhookDelivery.create({
      data: { shopDomain: SHOP, webhookId: "w-1", topic: "orders/paid", receivedAt: new Date() },
    });
    expect(await causes()).toContain("no_requests");
    await world.runtime.db.quoteFunnelHour.create({
      data: {
        shopDomain: SHOP,
        locationGid: "",
        hourStart: new Date(Date.now() - 3_600_000),
        requests: 3,
        ratedLive: 3,
        msUpTo500: 3,
      },
    });
    expect(await causes()).not.toContain("no_requests");
  });

  it("answers slower than Shopify's read timeout: lower the time budget", async () => {
    await world.runtime.db.quoteFunnelHour.create({
      data: {
        shopDomain: SHOP,
        locationGid: "",
        hourStart: new Date(Date.now() - 2 * 3_600_000),
        requests: 100,
        ratedLive: 100,
        msUpTo500: 95,
        msOver10000: 5,
      },
    });
    const slow = (await insights()).diagnosis.find((c) => c.id === "slow");
    expect(slow).toMatchObject({
      action: { kind: "link", label: "Lower the time budget in Settings", url: "/app/settings/pricing" },
    });
    expect(slow!.detail).toContain("Of 100 answers in the last 7 days, 5 took longer");
  });

  it("answers close under the 3 s timeout of a busy hour: lower the time budget, and where", async () => {
    // Over 3,000 requests a minute at the busiest hour: Shopify waits 3 s; 2 of 200 answers took 2-3 s.
    await world.runtime.db.quoteFunnelHour.create({
      data: {
        shopDomain: SHOP,
        locationGid: "",
        hourStart: new Date(Date.now() - 3 * 3_600_000),
        requests: 200_000,
        ratedLive: 200_000,
        msUpTo500: 196_000,
        msUpTo3000: 4_000,
      },
    });
    const slow = (await insights()).diagnosis.find((c) => c.id === "slow")!;
    expect(slow.detail).toContain("Shopify waits at most 3 s");
    expect(slow.detail).toContain("4000 took between 2 s and 3 s");
    expect(slow.detail).toContain('Settings › Prices and checkout ("Checkout waits for the courier at most", now');
    expect(slow.action).toMatchObject({ label: "Lower the time budget in Settings", url: "/app/settings/pricing" });
  });

  it("nothing wrong: no banner", async () => {
    world.shop.carrierCalculatedShipping = true;
    await call(homeAction, post({ intent: "register-carrier" }));
    await call(homeAction, post({ intent: "add-to-profiles" }));
    expect(await causes()).toEqual([]);
  });
});
