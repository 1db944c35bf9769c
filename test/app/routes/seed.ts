import type { Db } from "~/db/client.server";

/** Rows of every table for one shop, as a shop that has used the app for a while would have. */
export async function seedShopData(db: Db, shopDomain: string) {
  await db.session.create({
    data: {
      id: `offline_${shopDomain}`,
      shop: shopDomain,
      state: "",
      isOnline: false,
      accessToken: "shpat_x",
      scope: "read_orders",
    },
  });
  const shop = await db.shop.create({
    data: { domain: shopDomain, courierTokenEncrypted: "v1.k.a.b.c", courierTokenLast4: "9f3a" },
  });
  await db.pickupLocation.create({
    data: { shopId: shop.id, locationGid: "gid://shopify/Location/1", name: "Main St", enabled: true },
  });
  const shipment = await db.shipment.create({
    data: {
      shopId: shop.id,
      orderGid: "gid://shopify/Order/299938",
      orderName: "#1001",
      customerGid: "gid://shopify/Customer/191167",
      fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/1",
      locationGid: "gid://shopify/Location/1",
      idempotencyKey: `${shopDomain}:fo1:1`,
      courierShipmentId: "1001",
      trackingNumber: "TRK1001",
      state: "delivered",
      requestJson: JSON.stringify({ delivery_location: { contact: { name: "John Smith", phone: "5556251199" } } }),
      signatoryName: "John Smith",
      photosJson: JSON.stringify(["https://courier.example/v1/shipments/1001/images/delivery"]),
    },
  });
  const unrelated = await db.shipment.create({
    data: {
      shopId: shop.id,
      orderGid: "gid://shopify/Order/5",
      orderName: "#1002",
      customerGid: "gid://shopify/Customer/42",
      fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/2",
      locationGid: "gid://shopify/Location/1",
      idempotencyKey: `${shopDomain}:fo2:1`,
      requestJson: JSON.stringify({ delivery_location: { contact: { name: "Ada Lovelace", phone: "5550000000" } } }),
      signatoryName: "Ada Lovelace",
    },
  });
  await db.courierEvent.create({
    data: {
      shopId: shop.id,
      shipmentId: shipment.id,
      courierShipmentId: "1001",
      eventName: "shipment.delivery_confirmed",
      occurredAt: new Date(),
      dedupeKey: `${shopDomain}:e1`,
      payloadJson: JSON.stringify({ event: "shipment.delivery_confirmed", data: { signatory_name: "John Smith" } }),
    },
  });
  await db.courierEvent.create({
    data: {
      shopId: shop.id,
      eventName: "shipment.unknown_thing",
      occurredAt: new Date(),
      dedupeKey: `${shopDomain}:e2`,
      payloadJson: "{}",
    },
  });
  await db.shipmentActivity.create({
    data: { shipmentId: shipment.id, kind: "note", message: "Called John Smith at 555-625-1199" },
  });
  await db.job.create({
    data: { shopDomain, kind: "dispatch", payloadJson: "{}", uniqueKey: `dispatch:${shopDomain}:1` },
  });
  await db.quoteMemory.create({
    data: {
      shopDomain,
      cartSignature: "abc",
      serviceCode: "SAMEDAY_3H",
      priceCents: 999,
      courierCents: 800,
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  await db.webhookDelivery.create({ data: { shopDomain, webhookId: `old-${shopDomain}`, topic: "orders/paid" } });
  await db.dataRequest.create({ data: { shopDomain, reportJson: "{}" } });
  await db.orderDispatch.create({
    data: { shopDomain, orderGid: "gid://shopify/Order/7", orderName: "#1007", outcome: "skipped", reason: "manual" },
  });
  return { shop, shipment, unrelated };
}

/** How many rows each table holds for a shop. */
export async function rowsForShop(db: Db, shopDomain: string) {
  const shop = await db.shop.findUnique({ where: { domain: shopDomain } });
  const shopId = shop?.id ?? "none";
  return {
    session: await db.session.count({ where: { shop: shopDomain } }),
    shop: shop ? 1 : 0,
    pickupLocation: await db.pickupLocation.count({ where: { shopId } }),
    shipment: await db.shipment.count({ where: { shopId } }),
    courierEvent: await db.courierEvent.count({ where: { shopId } }),
    shipmentActivity: await db.shipmentActivity.count({ where: { shipment: { shopId } } }),
    job: await db.job.count({ where: { shopDomain } }),
    quoteMemory: await db.quoteMemory.count({ where: { shopDomain } }),
    webhookDelivery: await db.webhookDelivery.count({ where: { shopDomain } }),
    dataRequest: await db.dataRequest.count({ where: { shopDomain } }),
    orderDispatch: await db.orderDispatch.count({ where: { shopDomain } }),
  };
}
