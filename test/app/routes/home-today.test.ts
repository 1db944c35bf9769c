/**
 * Home's board of the shop's day, and the rule that neither Home nor the Shipments list waits on the
 * courier while loading: the loaders answer from the database (and Shopify's profiles), the
 * courier's health comes from a background job. The courier is the sandbox over HTTP; its request
 * log is the proof.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loader as homeLoader } from "~/routes/app._index/route";
import { loader as listLoader } from "~/routes/app.shipments._index/route";
import { shopDay } from "~/watchdog/periods";
import type { CourierSandbox } from "../../courier-sandbox/server";
import { COURIER_HEALTH_JOB } from "~/onboarding/courier-health.server";
import { call, data, documentRequest } from "./embedded";
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
});

const homeData = async () => data(await call(homeLoader, documentRequest("/app", SHOP)));
const courierRequests = () => sandbox.requestLog.filter((e) => e.token === world.courierToken).length;

/** Shipment rows as dispatch and tracking leave them, with pickups at minutes into the shop's day. */
async function seedDay() {
  const { db } = world.runtime;
  const day = shopDay(new Date(), "America/New_York");
  const at = (minutes: number) => new Date(day.start.getTime() + minutes * 60_000);
  const locationGid = world.shop.locations[0]!.id;
  let n = 0;
  const row = async (
    orderName: string,
    state: string,
    pickupMinutes: number,
    extra: { generation?: number; fulfillmentOrderGid?: string; needsAttention?: boolean; driverName?: string } = {},
  ) => {
    n += 1;
    return db.shipment.create({
      data: {
        shopId: world.shopId,
        orderGid: `gid://shopify/Order/${7000 + n}`,
        orderName,
        fulfillmentOrderGid: extra.fulfillmentOrderGid ?? `gid://shopify/FulfillmentOrder/${7000 + n}`,
        generation: extra.generation ?? 1,
        locationGid,
        idempotencyKey: `today-${n}`,
        state,
        pickupAfter: at(pickupMinutes),
        deliverStart: at(pickupMinutes),
        deliverEnd: at(pickupMinutes + 120),
        driverName: extra.driverName ?? null,
        needsAttention: extra.needsAttention ?? false,
        attentionCode: extra.needsAttention ? "dispatch_failed" : null,
      },
    });
  };
  await row("#1004", "scheduled", 14 * 60);
  await row("#1002", "scheduled", 10 * 60);
  await row("#1003", "assigned", 11 * 60, { driverName: "Jordan Smith" });
  await row("#1005", "en_route", 9 * 60, { driverName: "Ana Ruiz" });
  await row("#1006", "delivered", 8 * 60);
  await row("#1007", "failed", 12 * 60, { needsAttention: true });
  // Replaced by a later dispatch of the same fulfillment order: only the later one counts.
  await row("#1008", "canceled", 13 * 60, { fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/7999" });
  await row("#1008", "scheduled", 13 * 60, {
    generation: 2,
    fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/7999",
  });
  // Yesterday's and tomorrow's pickups are not today's.
  await row("#0999", "scheduled", -60);
  await row("#1100", "scheduled", 24 * 60 + 30);
}

describe("Home's board of the day", () => {
  it("groups today's deliveries per pickup location by ready-by time, leaving other days and replaced rows out", async () => {
    await seedDay();
    const { today } = await homeData();
    // Every enabled pickup location shows; all of today's deliveries are from the first one.
    const [day, ...others] = today!.locations;
    expect(day!.locationGid).toBe(world.shop.locations[0]!.id);
    for (const other of others) expect(other.due.length + other.delivered.length).toBe(0);
    const names = (items: { orderName: string }[]) => items.map((i) => i.orderName);
    expect(names(day!.due)).toEqual(["#1002", "#1003", "#1008", "#1004"]);
    expect(names(day!.waitingForDriver)).toEqual(["#1002", "#1008", "#1004"]);
    expect(names(day!.outForDelivery)).toEqual(["#1005"]);
    expect(names(day!.delivered)).toEqual(["#1006"]);
    expect(names(day!.needsAttention)).toEqual(["#1007"]);
    expect(day!.due[0]).toMatchObject({ readyBy: "10 am", driverFirstName: null });
    expect(day!.due[1]).toMatchObject({ readyBy: "11 am", driverFirstName: "Jordan" });
    expect(day!.outForDelivery[0]!.window).toMatch(/^Today, 9–11 am$/);
    expect(typeof day!.waitingForDriver[0]!.minutesToPickup).toBe("number");
    expect(today!.dayLabel).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}$/);
  });
});

describe("no courier call while a page loads", () => {
  it("Home and Shipments answer from the app's records; Home asks for a background check instead", async () => {
    await seedDay();
    const before = courierRequests();
    for (let i = 0; i < 3; i += 1) {
      await homeData();
      for (const query of ["", "?view=waiting", "?view=attention&q=1007", "?view=all&sort=pickup_desc"]) {
        const response = await call(listLoader, documentRequest(`/app/shipments${query}`, SHOP));
        expect(data(response).entries.length).toBeGreaterThan(0);
      }
    }
    expect(courierRequests()).toBe(before);
    const checks = await world.runtime.db.job.findMany({ where: { shopDomain: SHOP, kind: COURIER_HEALTH_JOB } });
    // Three loads, one check asked for.
    expect(checks).toHaveLength(1);
    expect(checks[0]!.state).toBe("queued");
  });
});
