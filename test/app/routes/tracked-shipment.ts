/**
 * A same-day shipment as the tracking flow leaves it, with its tracking page token (hashed and sealed),
 * recipient and driver details and an out-for-delivery event, and Shopify's customers/redact for its
 * customer: the tracking page's and the order status block's route tests use them.
 */
import { db } from "~/db.server";
import { action as customersRedact } from "~/routes/webhooks.customers.redact";
import { getRuntime } from "~/runtime.server";
import { newTrackingToken, sealTrackingToken } from "~/shipments/tracking-token.server";
import { customersRedactPayload } from "../../fixtures/shopify-webhooks";
import { shopifyWebhook } from "./webhook-request";

export type SeedOverrides = {
  state?: string;
  lastEventAt?: Date;
  shopDomain?: string;
  orderGid?: string;
  fulfillmentOrderGid?: string;
  generation?: number;
  courierShipmentId?: string | null;
  etaAt?: Date;
  /** False for a shipment tracked before the token was also kept sealed. */
  sealed?: boolean;
};

export async function seedTrackedShipment(overrides: SeedOverrides & { shopDomain: string }) {
  const domain = overrides.shopDomain;
  const shop =
    (await db.shop.findUnique({ where: { domain } })) ??
    (await db.shop.create({ data: { domain, name: "Sunset Bakery", timezone: "America/Los_Angeles" } }));
  await db.pickupLocation.upsert({
    where: { shopId_locationGid: { shopId: shop.id, locationGid: "gid://shopify/Location/1" } },
    create: {
      shopId: shop.id,
      locationGid: "gid://shopify/Location/1",
      name: "Main St",
      enabled: true,
      addressJson: JSON.stringify({
        address1: "1 Market St",
        city: "San Francisco",
        latitude: 37.7793,
        longitude: -122.4193,
      }),
    },
    update: {},
  });
  const page = newTrackingToken();
  const shipment = await db.shipment.create({
    data: {
      shopId: shop.id,
      orderGid: overrides.orderGid ?? "gid://shopify/Order/299938",
      orderName: "#1001",
      customerGid: "gid://shopify/Customer/191167",
      fulfillmentOrderGid:
        overrides.fulfillmentOrderGid ?? `gid://shopify/FulfillmentOrder/${Math.floor(Math.random() * 1e9)}`,
      generation: overrides.generation ?? 1,
      locationGid: "gid://shopify/Location/1",
      idempotencyKey: `${domain}:${page.hash}`,
      courierShipmentId: overrides.courierShipmentId === undefined ? "1001" : overrides.courierShipmentId,
      trackingNumber: "TRK1001",
      state: overrides.state ?? "en_route",
      lastEventAt: overrides.lastEventAt ?? new Date(),
      deliverStart: new Date(Date.now() + 60 * 60 * 1000),
      deliverEnd: new Date(Date.now() + 3 * 60 * 60 * 1000),
      requestJson: JSON.stringify({
        pickup_location: { address: { street1: "1 Market St", city: "San Francisco", state: "CA", zip: "94105" } },
        delivery_location: {
          address: {
            street1: "742 Evergreen Terrace",
            city: "San Francisco",
            state: "CA",
            zip: "94114",
            latitude: 37.761234,
            longitude: -122.435678,
          },
          contact: { name: "Maria Gonzalez", phone: "5551234567" },
        },
        items: [],
      }),
      driverName: "Dana Whitfield",
      driverPhone: "5559876543",
      vehicleJson: JSON.stringify({ category: "car", color: "Blue", make: "Toyota", model: "Prius" }),
      lastLatitude: 37.7701,
      lastLongitude: -122.4277,
      photosJson: JSON.stringify(["https://courier.example/v1/shipments/1001/images/delivery"]),
      trackingTokenHash: page.hash,
      etaAt: overrides.etaAt ?? null,
    },
  });
  // Sealed as the apply path does once the row exists (the context binds it to the shipment's id).
  if (overrides.sealed !== false)
    await db.shipment.update({
      where: { id: shipment.id },
      data: { trackingTokenSealed: sealTrackingToken(getRuntime().keys, page.token, shipment.id) },
    });
  await db.courierEvent.create({
    data: {
      shopId: shop.id,
      shipmentId: shipment.id,
      courierShipmentId: "1001",
      eventName: "shipment.en_route_to_delivery",
      occurredAt: new Date(),
      dedupeKey: `${domain}:${page.hash}:out`,
      payloadJson: "{}",
      appliedAt: new Date(),
    },
  });
  return { token: page.token, shipment };
}

/**
 * The seeded shipment made a return's collection, as app/returns books one: the courier's pickup is
 * the customer's address (with their contact), its delivery the store.
 */
export async function makeCollection(shipmentId: string) {
  const row = await db.shipment.findUniqueOrThrow({ where: { id: shipmentId } });
  const request = JSON.parse(row.requestJson!) as { pickup_location: unknown; delivery_location: unknown };
  await db.shipment.update({
    where: { id: shipmentId },
    data: {
      kind: "return_pickup",
      returnGid: "gid://shopify/Return/945000954",
      requestJson: JSON.stringify({
        ...request,
        pickup_location: request.delivery_location,
        delivery_location: request.pickup_location,
      }),
    },
  });
}

/** Shopify's customers/redact for the seeded shipments' customer (its sample payload), through the app's route. */
export function redactCustomer(shopDomain: string) {
  return customersRedact({
    request: shopifyWebhook({
      path: "/webhooks/customers/redact",
      topic: "customers/redact",
      shop: shopDomain,
      payload: customersRedactPayload(shopDomain),
    }),
    params: {},
    context: {},
  });
}
