/**
 * The Shipments list's bulk actions and export, called as the embedded admin calls them (a fetch
 * with the session token): labels of the selected deliveries as one PDF from the courier sandbox,
 * a cancel of several with one reason, and the current view as streamed CSV.
 */
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as labelsAction } from "~/routes/app.shipments.labels";
import { loader as exportLoader } from "~/routes/app.shipments.export";
import { action as listAction } from "~/routes/app.shipments._index/route";
import { CSV_BATCH } from "~/routes/app.shipments._index/csv-export.server";
import type { CourierSandbox } from "../../courier-sandbox/server";
import { apiRequest, call, data } from "./embedded";
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

describe("bulk label print", () => {
  it("merges the selected deliveries' labels into one PDF, naming the one without a label", async () => {
    const a = await world.book("scheduled");
    const b = await world.book("assigned");
    const never = await world.runtime.db.shipment.create({
      data: {
        shopId: world.shopId,
        orderGid: "gid://shopify/Order/424242",
        orderName: "#4242",
        fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/424242",
        locationGid: world.shop.locations[0]!.id,
        idempotencyKey: "never-booked",
        state: "failed",
      },
    });
    const response = (await call(
      labelsAction,
      apiRequest("/app/shipments/labels", { shop: SHOP, form: { ids: [a.id, never.id, b.id].join(",") } }),
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("X-Labels-Printed")).toBe("2");
    expect(JSON.parse(response.headers.get("X-Labels-Failed")!)).toEqual([never.id]);
    const merged = await PDFDocument.load(new Uint8Array(await response.arrayBuffer()));
    expect(merged.getPageCount()).toBe(2);
    expect(merged.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
  });

  it.each([
    ["", "Select at least one delivery."],
    ["not an id!", "This is not a delivery id."],
    [
      Array.from({ length: 51 }, (_, i) => `c${i}abcdefghijklmnopqrstuv`).join(","),
      "Select at most 50 deliveries at once.",
    ],
  ])("refuses the selection %j in words", async (ids, message) => {
    const response = (await call(
      labelsAction,
      apiRequest("/app/shipments/labels", { shop: SHOP, form: { ids } }),
    )) as Response;
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ ok: false, message });
  });
});

describe("bulk actions only where they apply (issue 38 item 9)", () => {
  it("prints no label for a delivered, canceled or returned delivery, without asking the courier", async () => {
    const live = await world.book("scheduled");
    const delivered = await world.book("delivered");
    const canceled = await world.book("scheduled");
    await world.runtime.db.shipment.update({ where: { id: canceled.id }, data: { state: "canceled" } });
    const returned = await world.book("scheduled");
    await world.runtime.db.shipment.update({ where: { id: returned.id }, data: { state: "returned" } });
    const labelCalls = () =>
      sandbox.requestLog.filter((e) => e.token === world.courierToken && e.path.endsWith("/label"));
    const response = (await call(
      labelsAction,
      apiRequest("/app/shipments/labels", {
        shop: SHOP,
        form: { ids: [live.id, delivered.id, canceled.id, returned.id].join(",") },
      }),
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Labels-Printed")).toBe("1");
    expect(JSON.parse(response.headers.get("X-Labels-Failed")!)).toEqual([delivered.id, canceled.id, returned.id]);
    expect(labelCalls()).toHaveLength(1);
  });

  it("names each delivery a bulk cancel could not cancel, by its order", async () => {
    const a = await world.book("scheduled");
    const gone = await world.book("delivered");
    const other = await world.book("delivered");
    const result = data(
      await call(
        listAction,
        apiRequest("/app/shipments", {
          shop: SHOP,
          form: {
            intent: "bulk-cancel",
            ids: [a.id, gone.id, other.id].join(","),
            code: "order_canceled",
            comment: "",
          },
        }),
      ),
    ) as { ok: boolean; message: string };
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^1 delivery canceled\. 2 could not be: /);
    expect(result.message).toContain(gone.orderName);
    expect(result.message).toContain(other.orderName);
  });
});

describe("bulk cancel", () => {
  it("cancels the selected deliveries with one reason, and says which could not be", async () => {
    const a = await world.book("scheduled");
    const b = await world.book("assigned");
    const gone = await world.book("delivered");
    const refused = data(
      await call(
        listAction,
        apiRequest("/app/shipments", { shop: SHOP, form: { intent: "bulk-cancel", ids: a.id, code: "" } }),
      ),
    );
    expect(refused).toMatchObject({ ok: false });
    expect(sandbox.shipment(a.courierShipmentId!)!.state).toBe("scheduled");

    const result = data(
      await call(
        listAction,
        apiRequest("/app/shipments", {
          shop: SHOP,
          form: { intent: "bulk-cancel", ids: [a.id, b.id, gone.id].join(","), code: "order_canceled", comment: "" },
        }),
      ),
    );
    expect(result).toEqual({
      ok: false,
      message: expect.stringMatching(/^2 deliveries canceled\. 1 could not be: /),
    });
    for (const row of [a, b]) expect(sandbox.shipment(row.courierShipmentId!)!.state).toBe("canceled");
    expect(sandbox.shipment(gone.courierShipmentId!)!.state).toBe("delivered");
    expect(await world.runtime.db.staffAction.count({ where: { shopId: world.shopId, action: "cancel" } })).toBe(2);
  });
});

describe("CSV export", () => {
  it("streams the current view, every row once across batches, safe for spreadsheets", async () => {
    const count = CSV_BATCH * 2 + 7;
    const base = Date.UTC(2026, 10, 20, 15, 0);
    await world.runtime.db.shipment.createMany({
      data: Array.from({ length: count }, (_, i) => ({
        shopId: world.shopId,
        orderGid: `gid://shopify/Order/${20000 + i}`,
        orderName: i === 0 ? '=HYPERLINK("x")' : `#${20000 + i}`,
        fulfillmentOrderGid: `gid://shopify/FulfillmentOrder/${20000 + i}`,
        locationGid: world.shop.locations[0]!.id,
        idempotencyKey: `csv-${i}`,
        state: i % 2 ? "delivered" : "scheduled",
        // Several rows share a pickup time: the id settles their order, so no row repeats across batches.
        pickupAfter: new Date(base + Math.floor(i / 3) * 60_000),
        priceCents: 1234,
        shopperPriceCents: 999,
      })),
    });
    const response = (await call(
      exportLoader,
      apiRequest("/app/shipments/export?state=scheduled&sort=pickup_asc", { shop: SHOP }),
    )) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Order,Kind,Customer,Customer phone,Pickup at,Location,Window start,Window end,State,Driver,Shopper paid,Courier charged,Currency,Tracking number,Needs attention",
    );
    const rows = lines.slice(1);
    const scheduled = Math.ceil(count / 2);
    expect(rows).toHaveLength(scheduled);
    expect(new Set(rows.map((line) => line.split(",")[0])).size).toBe(scheduled);
    expect(rows[0]).toBe(
      // ISO times with the shop's offset (New York in November: −05:00), amounts beside their currency.
      `"'=HYPERLINK(""x"")",Delivery,,,2026-11-20T10:00:00-05:00,Main Street Bakery,,,Waiting for a driver,,9.99,12.34,USD,,no`,
    );
  });
});
