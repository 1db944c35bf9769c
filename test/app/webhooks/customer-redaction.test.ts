/**
 * customers/redact and customers/data_request from a real delivery: orders/paid (naming the customer)
 * → dispatch at the courier sandbox → every courier event posted to the app → delivered with a
 * signatory. The compliance payloads list none of the customer's orders (Shopify may send an empty
 * `orders_to_redact`), so the app must find the rows by the customer it recorded.
 */
import { Prisma } from "@prisma/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loader as dataRequestDownload } from "~/routes/app.data-requests.$id";
import { action as courierWebhook } from "~/routes/courier.webhooks.$pathId";
import { action as customersDataRequest } from "~/routes/webhooks.customers.data_request";
import { action as customersRedact } from "~/routes/webhooks.customers.redact";
import { action as ordersPaid } from "~/routes/webhooks.orders.paid";
import { getRuntime } from "~/runtime.server";
import { rotateWebhookSecret } from "~/shops/courier-credentials.server";
import { startCourierSandbox, type CourierSandbox } from "../../courier-sandbox/server";
import type { ShopifyStandIn } from "../../shopify-stand-in";
import { INSTALLED_SHOP as SHOP, sameDayOrder, setUpInstalledShop, withTestWorker } from "../../support/installed-shop";
import { expectJobsSettled } from "../../support/queue-settled";
import { webhookRequest } from "../../support/shopify-signing";
import { TEST_API_SECRET, TEST_APP_URL } from "../../support/test-env";
import { apiRequest } from "../routes/embedded";

const COURIER_TOKEN = "sandbox-token-redaction";
const runtime = getRuntime();
const { db } = runtime;
/** What the shopper gave at checkout (installed-shop's sameDayOrder), in the forms it may be stored in. */
const SHOPPER_DATA = ["Steve", "Shipper", "5550134", "555-0134", "123 Shipping St"];

let sandbox: CourierSandbox;
let standIn: ShopifyStandIn;
let secret: string;
let pathId: string;

beforeAll(async () => {
  sandbox = await startCourierSandbox({ tokens: [COURIER_TOKEN] });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  ({ standIn } = await setUpInstalledShop(runtime, { url: sandbox.url, token: COURIER_TOKEN }));
  await db.dataRequest.deleteMany();
  await db.shop.update({
    where: { domain: SHOP },
    data: {
      settingsJson: JSON.stringify({
        deliveryOptions: { signatureRequired: true, recipientSmsNotifications: true, declineInsurance: false },
      }),
    },
  });
  secret = await rotateWebhookSecret(runtime, SHOP, "bearer");
  pathId = (await db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).webhookPathId;
});

function signed(path: string, topic: string, body: unknown) {
  return webhookRequest({ url: `${TEST_APP_URL}${path}`, topic, shop: SHOP, body, secret: TEST_API_SECRET });
}

async function postEvent(event: unknown) {
  const request = new Request(`${TEST_APP_URL}/courier/webhooks/${pathId}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${secret}` },
    body: JSON.stringify(event),
  });
  return courierWebhook({ request, params: { pathId }, context: {} });
}

/** orders/paid → dispatch, through the app's routes and worker: the order booked at the courier. */
async function bookedOrder() {
  const order = sameDayOrder(standIn);
  const customerGid = order.customerId!;
  const paid = await ordersPaid({
    request: signed("/webhooks/orders/paid", "orders/paid", {
      id: Number(order.id.split("/").pop()),
      admin_graphql_api_id: order.id,
      financial_status: "paid",
      customer: { id: Number(customerGid.split("/").pop()), admin_graphql_api_id: customerGid },
    }),
    params: {},
    context: {},
  });
  expect(paid.status).toBe(200);
  // Booked at the courier (the dispatch jobs), then nothing left to run before the events come.
  const shipment = await withTestWorker(runtime, async () => {
    await expect
      .poll(() => db.shipment.count({ where: { orderGid: order.id, courierShipmentId: { not: null } } }), SETTLING)
      .toBe(1);
    await expectJobsSettled(runtime);
    return db.shipment.findFirstOrThrow({ where: { orderGid: order.id } });
  });
  return { order, customerGid, shipment, courierId: shipment.courierShipmentId! };
}

/** orders/paid → dispatch → delivery, all through the app's routes and worker. */
async function deliveredOrder() {
  const { order, customerGid, shipment, courierId } = await bookedOrder();
  for (let step = 0; step < 40 && sandbox.shipment(courierId)?.state !== "delivered"; step++)
    sandbox.advance(courierId);
  const events = sandbox.emitted.filter((e) => String(e.shipmentId) === courierId).map((e) => e.event);
  for (const event of events) expect((await postEvent(event)).status).toBe(200);
  // What the tests read: the delivered row with its signatory, and the order's metafield written from
  // it (its own job after the apply, retried on its own if Shopify refuses it once). Waited for with
  // the worker running, then the queue settled so no job is left to write the metafield afterwards.
  await withTestWorker(runtime, async () => {
    await expect
      .poll(() => db.shipment.findUniqueOrThrow({ where: { id: shipment.id }, select: SIGNED_DELIVERY }), SETTLING)
      .toEqual({ state: "delivered", signatoryName: "Steve Shipper" });
    await expect.poll(() => JSON.stringify(orderMetafields(order.id)), SETTLING).toContain("Steve Shipper");
    await expectJobsSettled(runtime);
  });
  return { order, customerGid, shipmentId: shipment.id, courierId, events };
}

/** A whole delivery through the routes and the worker, with room for one retried job on a busy machine. */
const DELIVERY_TEST_TIMEOUT_MS = 60_000;
const SIGNED_DELIVERY = { state: true, signatoryName: true } as const;
/** Long enough for a job's first retry after a failed attempt (backoff 5–10 s). */
const SETTLING = { timeout: 15_000, interval: 20 };

function orderMetafields(orderGid: string) {
  return standIn.shop(SHOP).orders.find((o) => o.id === orderGid)!.metafields;
}

/** Every row of every table, as text. */
async function everyRow(): Promise<string> {
  const dumps: string[] = [];
  for (const model of Object.values(Prisma.ModelName)) {
    const delegate = (db as unknown as Record<string, { findMany: () => Promise<unknown[]> }>)[
      model[0]!.toLowerCase() + model.slice(1)
    ]!;
    const rows = await delegate.findMany();
    dumps.push(JSON.stringify(rows, (_k, v: unknown) => (typeof v === "bigint" ? String(v) : v)));
  }
  return dumps.join("\n");
}

const legacy = (gid: string) => gid.split("/").pop()!;

describe("customers/redact from a real delivery", () => {
  it(
    "leaves no row of any table holding the shopper's name, phone or street, nor the order's signatory",
    { timeout: DELIVERY_TEST_TIMEOUT_MS },
    async () => {
      const { order, customerGid, courierId, events } = await deliveredOrder();
      const row = await db.shipment.findFirstOrThrow({ where: { orderGid: order.id } });
      expect(row.state).toBe("delivered");
      expect(row.signatoryName).toBe("Steve Shipper");
      // An event of the customer's shipment that never matched a row (arrived before it, say).
      await db.courierEvent.create({
        data: {
          shopId: row.shopId,
          courierShipmentId: courierId,
          eventName: events.at(-1)!.event,
          occurredAt: new Date(),
          dedupeKey: "unmatched-1",
          payloadJson: JSON.stringify(events.at(-1)),
        },
      });
      const before = await everyRow();
      for (const value of SHOPPER_DATA.slice(0, 3)) expect(before).toContain(value);
      // Staff's search column holds the name in lower case.
      expect(row.recipientSearch).toMatch(/^steve shipper \d*5550134$/);
      expect(JSON.stringify(orderMetafields(order.id))).toContain("Steve Shipper");

      const response = await customersRedact({
        request: signed("/webhooks/customers/redact", "customers/redact", {
          shop_id: 1,
          shop_domain: SHOP,
          customer: { id: Number(legacy(customerGid)), email: "steve.shipper@example.com", phone: null },
          orders_to_redact: [],
        }),
        params: {},
        context: {},
      });
      expect(response.status).toBe(200);
      const after = await everyRow();
      for (const value of SHOPPER_DATA) expect(after).not.toContain(value);
      expect(after).not.toContain("steve shipper");
      // The order's metafield is rewritten from the redacted rows by the order's annotation job.
      await withTestWorker(runtime, async () => {
        await expect.poll(() => JSON.stringify(orderMetafields(order.id)), SETTLING).not.toContain("Steve");
        await expectJobsSettled(runtime);
      });
      expect(JSON.stringify(orderMetafields(order.id))).not.toContain("Steve");
      expect(await everyRow()).not.toContain("Steve");
      expect((await db.shipment.findFirstOrThrow({ where: { orderGid: order.id } })).state).toBe("delivered");
    },
  );
});

describe("customers/redact after the courier's free text reached Flow trigger jobs (issue 38 item 3)", () => {
  it(
    "leaves no job row holding the courier's notes that quote the shopper",
    { timeout: DELIVERY_TEST_TIMEOUT_MS },
    async () => {
      const { order, customerGid, courierId } = await bookedOrder();
      // Canceled at the courier with notes that quote the shopper (as a courier's operator may write them).
      const notes = "Steve Shipper at 123 Shipping St did not answer 555-0134";
      const response = await fetch(`${sandbox.url}/v1/shipments/${courierId}`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${COURIER_TOKEN}`, "Content-Type": "application/json" },
        body: JSON.stringify({ cancellation_code: "other", cancellation_comment: notes }),
      });
      expect(response.status).toBe(200);
      const events = sandbox.emitted.filter((e) => String(e.shipmentId) === courierId).map((e) => e.event);
      for (const event of events) expect((await postEvent(event)).status).toBe(200);
      await withTestWorker(runtime, async () => {
        await expect
          .poll(() => db.job.count({ where: { kind: "tracking.flow-trigger", state: "done" } }), SETTLING)
          .toBe(2);
        await expectJobsSettled(runtime);
      });
      expect(standIn.shop(SHOP).flowTriggers.map((t) => JSON.stringify(t))).toEqual([
        expect.stringContaining("555-0134"),
        expect.stringContaining("555-0134"),
      ]);

      const redact = await customersRedact({
        request: signed("/webhooks/customers/redact", "customers/redact", {
          shop_id: 1,
          shop_domain: SHOP,
          customer: { id: Number(legacy(customerGid)), email: "steve.shipper@example.com", phone: null },
          orders_to_redact: [Number(legacy(order.id))],
        }),
        params: {},
        context: {},
      });
      expect(redact.status).toBe(200);
      const jobs = JSON.stringify(await db.job.findMany());
      for (const value of ["Steve", "Shipping St", "555-0134"]) expect(jobs).not.toContain(value);
      const after = await everyRow();
      for (const value of ["Steve", "Shipping St", "555-0134"]) expect(after).not.toContain(value);
    },
  );
});

describe("customers/data_request from a real delivery", () => {
  it(
    "records a report of the customer's data that the merchant downloads from the app",
    { timeout: DELIVERY_TEST_TIMEOUT_MS },
    async () => {
      const { customerGid } = await deliveredOrder();
      const response = await customersDataRequest({
        request: signed("/webhooks/customers/data_request", "customers/data_request", {
          shop_id: 1,
          shop_domain: SHOP,
          customer: { id: Number(legacy(customerGid)), email: "steve.shipper@example.com", phone: null },
          orders_requested: [],
          data_request: { id: 9999 },
        }),
        params: {},
        context: {},
      });
      expect(response.status).toBe(200);
      const request = await db.dataRequest.findFirstOrThrow({ where: { shopDomain: SHOP } });

      const download = await dataRequestDownload({
        request: apiRequest(`/app/data-requests/${request.id}`, { shop: SHOP }),
        params: { id: request.id },
        context: {},
      });
      expect(download.status).toBe(200);
      expect(download.headers.get("Content-Disposition")).toContain("attachment");
      const report = (await download.json()) as { shipments: { signatory: string | null }[]; courierEvents: unknown[] };
      expect(report.shipments).toHaveLength(1);
      expect(report.shipments[0]!.signatory).toBe("Steve Shipper");
      expect(JSON.stringify(report)).toContain("123 Shipping St");
      expect(report.courierEvents.length).toBeGreaterThan(0);
      // The app's jobs for the order are in the report too (ids and codes, and their last errors).
      expect((report as unknown as { jobs: { kind: string }[] }).jobs.map((j) => j.kind)).toContain("dispatch.order");

      // Another shop's request is not this shop's to download.
      const elsewhere = await db.dataRequest.create({
        data: { shopDomain: "other-shop.myshopify.com", customerGid, reportJson: "{}" },
      });
      const refused = await dataRequestDownload({
        request: apiRequest(`/app/data-requests/${elsewhere.id}`, { shop: SHOP }),
        params: { id: elsewhere.id },
        context: {},
      });
      expect(refused.status).toBe(404);
    },
  );
});
