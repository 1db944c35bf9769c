/**
 * Fuzzing the shopper's changes from the tracking page (notes, window, rating; the windows on offer)
 * against the courier sandbox: a delivery booked by orders/paid that the courier still lets change,
 * one a driver has and one delivered, each with its page token.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe } from "vitest";
import { db } from "~/db.server";
import { getRuntime } from "~/runtime.server";
import { serviceCodeFor } from "~/schedule/service-code";
import { addDays, zonedDate } from "~/schedule/time-zone";
import { newTrackingToken, openTrackingToken, sealTrackingToken } from "~/shipments/tracking-token.server";
import type { CourierSandbox } from "../courier-sandbox/server";
import { SHOP, setUpStaffWorld, startSandbox } from "../app/routes/staff-fixture";
import { drainJobs, orderPaid, sameDayOrder, startTestWorker } from "../support/installed-shop";
import { mswServer } from "../support/msw-server";
import { jobsSettled } from "./settle";
import { fuzzes } from "./settings";
import { shopperChangeTarget, type ShopperChangeWorld } from "./targets/shopper-changes";

/**
 * Open deliveries per endpoint, each its own: a delivery takes SHOPPER_CHANGES_PER_WINDOW changes and
 * window lists together before its limit answers 429, so endpoints sharing them would meet only the limit.
 */
const OPEN_DELIVERIES_PER_ENDPOINT = 4;
const ENDPOINTS = [
  ["app", "change"],
  ["app", "windows"],
  ["proxy", "change"],
  ["proxy", "windows"],
] as const;

let sandbox: CourierSandbox;
let standInHandlers: Parameters<typeof mswServer.use> = [];
const worlds: ShopperChangeWorld[] = [];

beforeAll(async () => {
  sandbox = await startSandbox();
  const staff = await setUpStaffWorld(sandbox);
  standInHandlers = staff.standIn.handlers;
  // Deliveries booked as orders/paid books them (their page and stored request), which the courier
  // still lets change: several, as each takes only a few changes before its limit answers 429.
  mswServer.use(...standInHandlers);
  const orders = Array.from({ length: OPEN_DELIVERIES_PER_ENDPOINT * ENDPOINTS.length }, () =>
    sameDayOrder(staff.standIn),
  );
  for (const order of orders)
    if ((await orderPaid(order.id, `paid-${order.id}`)).status !== 200) throw new Error("orders/paid was refused");
  await drainJobs(staff.runtime);
  const open: string[] = [];
  for (const order of orders) {
    const booked = await db.shipment.findFirstOrThrow({ where: { orderGid: order.id, state: "scheduled" } });
    open.push(openTrackingToken(staff.runtime.keys, booked.trackingTokenSealed!, booked.id)!);
  }
  const closed: string[] = [];
  // One a driver has, one delivered: both closed to changes.
  for (const state of ["assigned", "delivered"] as const) {
    const row = await staff.book(state);
    const page = newTrackingToken();
    await db.shipment.update({
      where: { id: row.id },
      data: {
        trackingTokenHash: page.hash,
        trackingTokenSealed: sealTrackingToken(staff.runtime.keys, page.token, row.id),
      },
    });
    closed.push(page.token);
  }
  const later = addDays(zonedDate(new Date(), "America/Los_Angeles"), 2);
  for (let i = 0; i < ENDPOINTS.length; i++)
    worlds.push({
      shop: SHOP,
      tokens: [...open.slice(i * OPEN_DELIVERIES_PER_ENDPOINT, (i + 1) * OPEN_DELIVERIES_PER_ENDPOINT), ...closed],
      serviceCodes: [serviceCodeFor("within-3-hours"), serviceCodeFor("slots", later, "14:00")],
    });
});
afterAll(() => sandbox.close());

// The setup file resets MSW's handlers after each test; the worker runs what an accepted change queued.
let worker: ReturnType<typeof startTestWorker> | null = null;
beforeEach(() => {
  mswServer.use(...standInHandlers);
  worker = startTestWorker(getRuntime());
});
afterEach(async () => {
  await worker?.stop();
});

describe("the shopper's changes", () => {
  ENDPOINTS.forEach(([surface, answer], i) =>
    fuzzes(
      `${answer === "change" ? "POST" : "GET"} ${surface === "app" ? "/t" : "/proxy/track"}/:token/${answer}`,
      () => db,
      () => ({ ...shopperChangeTarget(worlds[i]!, surface, answer), settle: jobsSettled }),
    ),
  );
});
