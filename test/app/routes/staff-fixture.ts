/**
 * A shop with booked deliveries for the staff-action tests: the Shopify stand-in (via MSW) holds the
 * store and its orders, the courier sandbox (a real HTTP server) holds the courier shipments, and the
 * app's database holds the Shipment rows in the state the sandbox reached.
 */
import type { Shipment } from "@prisma/client";
import { createCourierClient } from "~/courier/client.server";
import { createInProcessRateLimiter } from "~/courier/rate-limiter.server";
import { getRuntime } from "~/runtime.server";
import { saveCourierToken } from "~/shops/courier-credentials.server";
import { ALL_FEATURES } from "../../courier-sandbox/model";
import { startCourierSandbox, type CourierSandbox } from "../../courier-sandbox/server";
import { createRequest } from "../../courier-sandbox/testing";
import { INSTALLED_SHOP, sameDayOrder, setUpInstalledShop } from "../../support/installed-shop";

export const SHOP = INSTALLED_SHOP;
export const OTHER_SHOP = "rival-florist.myshopify.com";
let worlds = 0;

/** Steps the sandbox runs (advance) to bring a new shipment to each state. */
const STEPS: Record<string, number> = { scheduled: 0, assigned: 1, heading_to_pickup: 2, en_route: 5, delivered: 9 };

export type StaffWorld = Awaited<ReturnType<typeof setUpStaffWorld>>;

export async function startSandbox(): Promise<CourierSandbox> {
  return startCourierSandbox({ tokens: [], account: ALL_FEATURES });
}

/** A fresh world per test: both shops installed, the main one with its courier account connected. */
export async function setUpStaffWorld(sandbox: CourierSandbox) {
  const runtime = getRuntime();
  // A token per test: the sandbox's 10 requests per second per token never couples two tests.
  const courierToken = `staff-token-${process.pid}-${++worlds}`;
  sandbox.addToken(courierToken, ALL_FEATURES);
  const { standIn, shop, shopId } = await setUpInstalledShop(runtime, { url: sandbox.url, token: courierToken });
  // The other shop lives in the same stand-in (one set of MSW handlers answers every shop).
  standIn.addShop({ myshopifyDomain: OTHER_SHOP });
  await runtime.db.session.create({
    data: {
      id: `offline_${OTHER_SHOP}`,
      shop: OTHER_SHOP,
      state: "",
      isOnline: false,
      accessToken: standIn.issueAccessToken(OTHER_SHOP),
      scope: standIn.issuedTokens[0]!.scope,
    },
  });
  const other = await runtime.db.shop.create({ data: { domain: OTHER_SHOP } });
  await saveCourierToken(runtime, OTHER_SHOP, { token: courierToken, environment: "sandbox", baseUrl: sandbox.url });
  const courier = createCourierClient({
    baseUrl: sandbox.url,
    token: courierToken,
    limiter: createInProcessRateLimiter(),
  });
  let generation = 0;

  /**
   * An order in the stand-in with a courier shipment booked for it, advanced to `state` at the
   * sandbox, and the app's row to match (as the tracking flow would have left it).
   */
  async function book(
    state: keyof typeof STEPS,
    options: { shopId?: string; orderGid?: string; orderName?: string } = {},
  ): Promise<Shipment> {
    const order = options.orderGid ? null : sameDayOrder(standIn);
    const now = new Date();
    // A window starting in 2 hours: the sandbox does not progress it by itself; the test advances it.
    const start = new Date(now.getTime() + 2 * 3600_000).toISOString();
    const created = await courier.createShipment(
      createRequest(now, {
        reference_id: order?.name ?? options.orderName ?? "#9999",
        pickup_after: start,
        deliver_between: { start, end: new Date(now.getTime() + 4 * 3600_000).toISOString() },
      }),
    );
    for (let i = 0; i < STEPS[state]!; i++) sandbox.advance(created.id);
    const remote = sandbox.shipment(created.id)!;
    const appState = state === "heading_to_pickup" ? "assigned" : state;
    generation += 1;
    const row = await runtime.db.shipment.create({
      data: {
        shopId: options.shopId ?? shopId,
        orderGid: options.orderGid ?? order!.id,
        orderName: order?.name ?? options.orderName ?? "#9999",
        fulfillmentOrderGid: order?.fulfillmentOrders[0]?.id ?? `gid://shopify/FulfillmentOrder/${900 + generation}`,
        locationGid: shop.locations[0]!.id,
        idempotencyKey: `test-${generation}-${created.id}`,
        courierShipmentId: String(created.id),
        trackingNumber: remote.trackingNumber,
        state: appState,
        priceCents: Math.round(remote.price * 100),
        deliverStart: new Date(start),
        deliverEnd: new Date(now.getTime() + 4 * 3600_000),
        driverName: remote.driver?.name ?? null,
        lastEventAt: STEPS[state]! > 0 ? now : null,
        photosJson: JSON.stringify(
          remote.images.map((kind) => `${sandbox.url}/v1/shipments/${created.id}/images/${kind}`),
        ),
      },
    });
    if (state === "heading_to_pickup") {
      await runtime.db.courierEvent.create({
        data: {
          shopId: row.shopId,
          shipmentId: row.id,
          courierShipmentId: row.courierShipmentId,
          eventName: "shipment.en_route_to_pickup",
          occurredAt: now,
          dedupeKey: `test-${row.id}-en-route`,
          payloadJson: JSON.stringify({ event: "shipment.en_route_to_pickup", data: { id: created.id } }),
          appliedAt: now,
        },
      });
    }
    return row;
  }

  return { runtime, standIn, shop, shopId, otherShopId: other.id, courier, courierToken, book };
}
