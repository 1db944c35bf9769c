/**
 * Fuzzing the order status block's changes (notes edit, window move; the windows on offer) against
 * the courier sandbox and the Shopify stand-in: deliveries booked by orders/paid naming the customer,
 * which the courier still lets change, one a driver has and one delivered.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe } from "vitest";
import { db } from "~/db.server";
import { getRuntime } from "~/runtime.server";
import * as change from "~/routes/api.customer.orders.$orderId.deliveries.$deliveryId.change";
import * as windows from "~/routes/api.customer.orders.$orderId.deliveries.$deliveryId.windows";
import { serviceCodeFor } from "~/schedule/service-code";
import { addDays, zonedDate } from "~/schedule/time-zone";
import type { CourierSandbox } from "../courier-sandbox/server";
import { OTHER_SHOP, SHOP, setUpStaffWorld, startSandbox } from "../app/routes/staff-fixture";
import { drainJobs, orderPaid, sameDayOrder, startTestWorker } from "../support/installed-shop";
import { mswServer } from "../support/msw-server";
import { jobsSettled } from "./settle";
import { fuzzes } from "./settings";
import { customerChangeTarget, type CustomerChangeWorld } from "./targets/customer-changes";

const CUSTOMER = "gid://shopify/Customer/191167";
/** Open deliveries per endpoint: each takes a few changes before its limit answers 429. */
const OPEN_DELIVERIES_PER_ENDPOINT = 4;
const ENDPOINTS = ["change", "windows"] as const;

let sandbox: CourierSandbox;
let standInHandlers: Parameters<typeof mswServer.use> = [];
const worlds: CustomerChangeWorld[] = [];

beforeAll(async () => {
  sandbox = await startSandbox();
  const staff = await setUpStaffWorld(sandbox);
  standInHandlers = staff.standIn.handlers;
  mswServer.use(...standInHandlers);
  const orders = Array.from({ length: OPEN_DELIVERIES_PER_ENDPOINT * ENDPOINTS.length }, () =>
    sameDayOrder(staff.standIn),
  );
  for (const order of orders) {
    const paid = await orderPaid(order.id, `paid-${order.id}`, {
      customer: { id: 191167, admin_graphql_api_id: CUSTOMER },
    });
    if (paid.status !== 200) throw new Error("orders/paid was refused");
  }
  await drainJobs(staff.runtime);
  const open: { orderId: string; deliveryId: string }[] = [];
  for (const order of orders) {
    const booked = await db.shipment.findFirstOrThrow({ where: { orderGid: order.id, state: "scheduled" } });
    open.push({ orderId: order.id.split("/").pop()!, deliveryId: booked.id });
  }
  // One a driver has, one delivered: closed to changes (and not the customer's: no orders/paid names them).
  const closed: { orderId: string; deliveryId: string }[] = [];
  for (const state of ["assigned", "delivered"] as const) {
    const row = await staff.book(state);
    closed.push({ orderId: row.orderGid.split("/").pop()!, deliveryId: row.id });
  }
  const later = addDays(zonedDate(new Date(), "America/Los_Angeles"), 2);
  for (let i = 0; i < ENDPOINTS.length; i++)
    worlds.push({
      shop: SHOP,
      otherShop: OTHER_SHOP,
      customer: CUSTOMER,
      deliveries: [...open.slice(i * OPEN_DELIVERIES_PER_ENDPOINT, (i + 1) * OPEN_DELIVERIES_PER_ENDPOINT), ...closed],
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

describe("the order status block's changes", () => {
  ENDPOINTS.forEach((answer, i) =>
    fuzzes(
      `${answer === "change" ? "POST" : "GET"} /api/customer/orders/:orderId/deliveries/:deliveryId/${answer}`,
      () => db,
      () => ({
        ...customerChangeTarget(worlds[i]!, answer === "change" ? change : windows, answer),
        settle: jobsSettled,
      }),
    ),
  );
});
