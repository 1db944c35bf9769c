/**
 * "Dispatch now" refuses what it cannot do before it writes anything: an order Shopify does not have
 * (404) and a window code that names no window (400) leave no job and no staff record behind (the
 * fuzzer found both answered 409 only after a job had been queued and a staff action recorded).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as bulkDispatch } from "~/routes/api.orders.dispatch";
import { action as dispatchOrder } from "~/routes/api.orders.$orderId.dispatch";
import { serviceCodeFor } from "~/schedule/service-code";
import type { CourierSandbox } from "../../courier-sandbox/server";
import { rowCounts } from "../../fuzz/runner";
import { apiRequest, call, json } from "./embedded";
import { setUpStaffWorld, SHOP, startSandbox, type StaffWorld } from "./staff-fixture";

let sandbox: CourierSandbox;
let world: StaffWorld;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  world = await setUpStaffWorld(sandbox);
});

const dispatch = (orderId: string, windowServiceCode: string) =>
  call(dispatchOrder, apiRequest(`/api/orders/${orderId}/dispatch`, { shop: SHOP, body: { windowServiceCode } }), {
    orderId,
  });

describe("POST /api/orders/:orderId/dispatch", () => {
  it.each(["9007199254740993", "18446744073709551609", "1"])(
    "answers 404 for order %s, which Shopify does not have, and writes nothing",
    async (orderId) => {
      const before = await rowCounts(world.runtime.db);
      const response = await json(await dispatch(orderId, serviceCodeFor("within-3-hours")));
      expect(response.status).toBe(404);
      expect(await rowCounts(world.runtime.db)).toEqual(before);
    },
  );

  it.each(["SAMEDAY_WITHIN-3-\ufeffHOURS", "𐇻𒄧𐘟ﶤ", "59857"])(
    "answers 400 for the window code %j and writes nothing",
    async (code) => {
      const before = await rowCounts(world.runtime.db);
      const response = await json<{ error: { fieldErrors?: Record<string, string> } }>(await dispatch("1", code));
      expect(response.status).toBe(400);
      expect(response.body.error.fieldErrors?.windowServiceCode).toBe("Choose a delivery window.");
      expect(await rowCounts(world.runtime.db)).toEqual(before);
    },
  );
});

describe("POST /api/orders/dispatch", () => {
  it("reports an order Shopify does not have as not eligible, with no job queued for it", async () => {
    const response = await json<{ results: { orderId: string; outcome: string }[] }>(
      await call(
        bulkDispatch,
        apiRequest("/api/orders/dispatch", { shop: SHOP, body: { orderIds: ["9007199254740993"] } }),
      ),
    );
    expect(response.status).toBe(200);
    expect(response.body.results.map((r) => [r.orderId, r.outcome])).toEqual([["9007199254740993", "not_eligible"]]);
    expect(await world.runtime.db.job.count()).toBe(0);
  });
});
