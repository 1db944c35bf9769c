import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as courierWebhook } from "~/routes/courier.webhooks.$pathId";
import { getRuntime } from "~/runtime.server";
import { openTrackingToken, sealTrackingToken } from "~/shipments/tracking-token.server";
import { rotateWebhookSecret } from "~/shops/courier-credentials.server";
import { applyShipmentEvents } from "~/tracking/apply.server";
import { SHOPPER_STEPS, type ShopifyCall } from "~/tracking/shopper-notices";
import { startCourierSandbox, type CourierSandbox } from "../../courier-sandbox/server";
import type { ShopifyStandIn } from "../../shopify-stand-in";
import {
  adminFor,
  drainJobs,
  INSTALLED_SHOP as SHOP,
  orderPaid,
  sameDayOrder,
  setUpInstalledShop,
} from "../../support/installed-shop";

/**
 * The notification table (app/tracking/shopper-notices.ts) against the Shopify stand-in: for each step
 * of a delivery, the mutations the app sends, their notifyCustomer flag and event status, and the
 * customer notifications Shopify sends for them, with the merchant's choice on and off.
 */
const COURIER_TOKEN = "sandbox-token-notices";
const runtime = getRuntime();
const { db } = runtime;

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
  secret = await rotateWebhookSecret(runtime, SHOP, "bearer");
  pathId = (await db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).webhookPathId;
});

const t0 = Date.parse("2026-11-28T15:00:00Z");
const at = (minutes: number) => new Date(t0 + minutes * 60_000).toISOString();
const WINDOW_END = 60;

async function dispatched() {
  const order = sameDayOrder(standIn);
  await orderPaid(order.id, `paid-${order.id}`);
  await drainJobs(runtime);
  const shipment = await db.shipment.findFirstOrThrow({ where: { orderGid: order.id } });
  // The window the shopper chose ends at minute 60: a later courier ETA is running late.
  await db.shipment.update({ where: { id: shipment.id }, data: { deliverEnd: new Date(at(WINDOW_END)) } });
  return { order, shipment };
}

/** One courier event for the shipment, posted to the app's webhook as the courier would. */
async function courierSays(
  shipment: { courierShipmentId: string | null; trackingNumber: string | null; orderName: string },
  event: string,
  minute: number,
  data: Record<string, unknown> = {},
) {
  const request = new Request(`https://courier-app.test/courier/webhooks/${pathId}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${secret}` },
    body: JSON.stringify({
      event,
      data: {
        id: Number(shipment.courierShipmentId),
        occurred_at: at(minute),
        reference_id: shipment.orderName,
        tracking_number: shipment.trackingNumber,
        ...data,
      },
    }),
  });
  expect((await courierWebhook({ request, params: { pathId }, context: {} })).status).toBe(200);
}

async function applyWith(shipmentId: string, notifyCustomer: boolean) {
  const settings = {
    trackingCompany: "Same-Day Courier",
    trackingUrl: () => null,
    pageUrl: (token: string) => `https://courier-app.test/t/${token}`,
    sealPageToken: (token: string, id: string) => sealTrackingToken(runtime.keys, token, id),
    openPageToken: (sealed: string, id: string) => openTrackingToken(runtime.keys, sealed, id),
    notifyCustomer,
    attentionTag: "same-day-attention",
  };
  const admin = await adminFor(SHOP);
  return applyShipmentEvents(
    { db, queue: runtime.queue, admin, settings, courier: null, clock: runtime.clock },
    shipmentId,
  );
}

/** The fulfillment mutations the app sent since `from`, as the table writes them. */
function sentSince(from: number, notifyCustomer: boolean) {
  return standIn.log.slice(from).flatMap((entry): ShopifyCall[] => {
    const vars = entry.variables as {
      fulfillment?: { notifyCustomer?: boolean };
      event?: { status: string };
      notifyCustomer?: boolean;
    };
    const merchant = (flag: boolean | undefined) => {
      expect(flag).toBe(notifyCustomer);
      return "merchant" as const;
    };
    switch (entry.rootFields.join(",")) {
      case "fulfillmentCreate":
        return [{ mutation: "fulfillmentCreate", notifyCustomer: merchant(vars.fulfillment?.notifyCustomer) }];
      case "fulfillmentTrackingInfoUpdate":
        return [{ mutation: "fulfillmentTrackingInfoUpdate", notifyCustomer: merchant(vars.notifyCustomer) }];
      case "fulfillmentEventCreate":
        return [{ mutation: "fulfillmentEventCreate", status: vars.event!.status as never }];
      default:
        return [];
    }
  });
}

const stepCalls = (id: string) => SHOPPER_STEPS.find((s) => s.id === id)!.calls;
const stepNotice = (id: string) => SHOPPER_STEPS.find((s) => s.id === id)!.shopifyNotice;

describe.each([true, false])(
  "each step's mutation, flag and Shopify notification (merchant notifies: %s)",
  (notify) => {
    it("booked → picked up → out for delivery → running late → attempted → delivered", async () => {
      const { order, shipment } = await dispatched();
      const notices = () =>
        standIn
          .shop(SHOP)
          .notifications.filter((n) => n.orderId === order.id)
          .map((n) => n.kind);
      const steps: [string, string, number, Record<string, unknown>][] = [
        ["booked", "shipment.driver_assigned", 1, { driver: { name: "Dana Lee", phone: "5550100" } }],
        ["booked", "shipment.at_pickup", 5, {}],
        ["picked_up", "shipment.pickup_confirmed", 10, {}],
        ["out_for_delivery", "shipment.en_route_to_delivery", 20, { eta: at(50) }],
        ["running_late", "shipment.at_delivery", 30, { eta: at(WINDOW_END + 15) }],
        ["attempted", "shipment.delivery_attempted", 40, { return_code: "recipient_unavailable" }],
        ["delivered", "shipment.delivery_confirmed", 70, {}],
      ];
      let expectedNotices: string[] = [];
      for (const [step, event, minute, data] of steps) {
        const from = standIn.log.length;
        await courierSays(shipment, event, minute, data);
        await applyWith(shipment.id, notify);
        // Running late: OUT_FOR_DELIVERY is on the order already, so only DELAYED is new.
        const expected = stepCalls(step);
        expect(sentSince(from, notify), `${step} (${event})`).toEqual(expected);
        const notice = stepNotice(step);
        if (notify && notice) expectedNotices = [...expectedNotices, notice];
        expect(notices(), step).toEqual(expectedNotices);
      }
      // DELAYED once: a later ETA past the window adds nothing.
      const from = standIn.log.length;
      await courierSays(shipment, "shipment.tracking_updated", 71, { eta: at(WINDOW_END + 30) });
      await applyWith(shipment.id, notify);
      expect(sentSince(from, notify)).toEqual([]);
      expect(standIn.graphqlErrors).toEqual([]);
    });

    it("returned, and canceled after pickup: FAILURE, no Shopify email", async () => {
      for (const [step, event] of [
        ["returned", "shipment.returned"],
        ["canceled", "shipment.canceled"],
      ] as const) {
        const { order, shipment } = await dispatched();
        await courierSays(shipment, "shipment.pickup_confirmed", 10);
        await applyWith(shipment.id, notify);
        const from = standIn.log.length;
        await courierSays(shipment, event, 30, step === "canceled" ? { cancellation_code: "other" } : {});
        await applyWith(shipment.id, notify);
        expect(sentSince(from, notify), step).toEqual(stepCalls(step));
        const kinds = standIn
          .shop(SHOP)
          .notifications.filter((n) => n.orderId === order.id)
          .map((n) => n.kind);
        expect(kinds).toEqual(notify ? ["shipping_confirmation"] : []);
      }
    });
  },
);

describe("before pickup", () => {
  it("a cancellation makes no fulfillment: Shopify shows and sends nothing", async () => {
    const { shipment } = await dispatched();
    const from = standIn.log.length;
    await courierSays(shipment, "shipment.canceled", 3, { cancellation_code: "driver_canceled" });
    await applyWith(shipment.id, true);
    expect(sentSince(from, true)).toEqual([]);
  });
});
