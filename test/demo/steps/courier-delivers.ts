/**
 * Step 4: the courier sandbox drives both shipments (time-scaled) and posts each event to the app's
 * webhook; the app turns them into a Shopify fulfillment per shipment with the courier's tracking
 * number, and fulfillment events up to DELIVERED, read back from the stand-in.
 */
import type { DemoContext, DemoStep } from "../context";
import { courierShipmentsFor, followDeliveries, orderShipments } from "../follow";
import { checkTrackingPage } from "../tracking-page";

const DELIVERY_TIMEOUT_MS = 45_000;
/** What a delivery leaves on its fulfillment, in this order. */
const DELIVERY_EVENTS = ["CARRIER_PICKED_UP", "OUT_FOR_DELIVERY", "DELIVERED"];
/** The photos a delivery leaves: the tracking page shows the delivery one; step 6 loads both. */
const PHOTO_KINDS = ["pickup", "delivery"] as const;

export const courierDelivers: DemoStep = {
  name: "The courier delivers",
  proves:
    "Every courier event accepted; one Shopify fulfillment per shipment with its tracking number and events up to DELIVERED, linking to the shoppers' tracking page, which shows Delivered with the photo; the order fulfilled.",
  async run(ctx: DemoContext) {
    const delivered = ctx.state.delivered;
    ctx.check(delivered, "an order was dispatched (step 3)");
    const { order } = delivered;
    const courier = courierShipmentsFor(ctx, order);

    await followDeliveries(ctx, {
      orders: [order],
      courier,
      what: `${order.name} on its way`,
      timeoutMs: DELIVERY_TIMEOUT_MS,
      finished: async () => {
        if (
          order.fulfillments.length < courier.length ||
          !order.fulfillments.every((f) => f.events.some((e) => e.status === "DELIVERED"))
        )
          return false;
        // The tracking pages below show the delivery photo and step 6 lists both photos; the app stores a
        // photo after the event that announced it: wait for the photos themselves, not only for the state.
        const view = await orderShipments(ctx, order);
        return view.shipments.every(
          (s) => s.state === "delivered" && PHOTO_KINDS.every((kind) => s.photos.some((p) => p.kind === kind)),
        );
      },
    });

    const view = await orderShipments(ctx, order);
    for (const s of courier.map((c) => ctx.stack.sandbox.shipment(c.id)!)) {
      ctx.check(s.state === "delivered", `courier: shipment ${s.trackingNumber} delivered`, () => s.state);
      const fulfillment = order.fulfillments.find((f) => f.trackingInfo.some((t) => t.number === s.trackingNumber));
      ctx.check(fulfillment, `Shopify: a fulfillment carries tracking number ${s.trackingNumber}`, () =>
        order.fulfillments.map((f) => f.trackingInfo.map((t) => t.number).join("/")).join(", "),
      );
      const statuses = fulfillment.events.map((e) => e.status);
      const inOrder = DELIVERY_EVENTS.every(
        (status, i) =>
          statuses.indexOf(status) >= 0 &&
          (i === 0 || statuses.indexOf(status) > statuses.indexOf(DELIVERY_EVENTS[i - 1]!)),
      );
      ctx.check(inOrder, `Shopify: ${fulfillment.name} has ${DELIVERY_EVENTS.join(" → ")}`, () => statuses.join(", "));
      ctx.check(new Set(statuses).size === statuses.length, `Shopify: ${fulfillment.name} shows each step once`, () =>
        statuses.join(", "),
      );
      ctx.check(
        fulfillment.displayStatus === "DELIVERED",
        `Shopify: ${fulfillment.name} shows as delivered`,
        () => fulfillment.displayStatus,
      );
      const shopFo = order.fulfillmentOrders.filter((fo) => fulfillment.fulfillmentOrderIds.includes(fo.id));
      ctx.check(
        shopFo.length === 1 && shopFo[0]!.status === "CLOSED",
        `Shopify: the fulfillment order of ${fulfillment.name} is closed`,
        () => shopFo.map((fo) => fo.status).join(", "),
      );
      const tracking = fulfillment.trackingInfo[0]!;
      ctx.say(`${fulfillment.name}: ${tracking.company} ${tracking.number}, events ${statuses.join(" → ")}`);
      await checkTrackingPage(ctx, fulfillment.name, tracking.url);
    }
    ctx.check(
      order.displayFulfillmentStatus === "FULFILLED",
      `Shopify: ${order.name} is fulfilled`,
      () => order.displayFulfillmentStatus,
    );
    ctx.check(
      view.shipments.every((s) => s.state === "delivered" && !s.needsAttention),
      "app: both shipments delivered, none needs attention",
      () =>
        view.shipments
          .map((s) => `${s.trackingNumber} ${s.state}${s.needsAttention ? `: ${s.attentionReason}` : ""}`)
          .join("; "),
    );
    ctx.state.delivered = { order, shipments: view.shipments };
    ctx.say(`${order.name} is fulfilled; the app shows ${view.shipments.length} deliveries done.`);
  },
};
