/**
 * Step 3: the shopper pays; Shopify holds an order split over two locations (one fulfillment order
 * each) and sends the signed `orders/paid` webhook. The app's worker books one courier shipment per
 * fulfillment order; staff print each package's barcode label as PDF from the order page.
 */
import type { DemoContext, DemoStep } from "../context";
import { courierShipmentsFor, orderShipments } from "../follow";
import { LOCATIONS, ordersPaidPayload, placeOrder, SHOPPER, shopTime, twoLocationCart } from "../store";
import type { LabelResponse, ShipmentView } from "../../../extensions/shared/api-contract";
import type { OrderState } from "../../shopify-stand-in";

/** Time for the webhook's job to run and book with the courier. */
const DISPATCH_TIMEOUT_MS = 20_000;
export const DISPATCHED_TAG = "same-day-dispatched";

/** Sends the signed orders/paid webhook for `order` and checks it was accepted. */
export async function payOrder(ctx: DemoContext, order: OrderState): Promise<void> {
  const response = await ctx.stack.client.shopifyWebhook("orders/paid", ordersPaidPayload(order));
  ctx.check(
    response.status === 200,
    `orders/paid for ${order.name}: the signed webhook was accepted`,
    () => `status ${response.status}`,
  );
}

/** Waits until the app shows `count` booked shipments for the order. */
export async function waitForShipments(ctx: DemoContext, order: OrderState, count: number) {
  let last = "nothing yet";
  return ctx.waitFor(
    `${count} courier shipment${count === 1 ? "" : "s"} for ${order.name}`,
    async () => {
      const view = await orderShipments(ctx, order);
      last = view.shipments.map((s) => `${s.state}/${s.trackingNumber ?? "-"}`).join(", ") || "none";
      return view.shipments.length === count && view.shipments.every((s) => s.trackingNumber) ? view : null;
    },
    { timeoutMs: DISPATCH_TIMEOUT_MS, intervalMs: 100, describe: () => `the app shows: ${last}` },
  );
}

/** The order page's "Print label": a short-lived signed link to the courier's PDF, served by the app. */
async function printLabel(ctx: DemoContext, shipment: ShipmentView) {
  const { client, courierToken } = ctx.stack;
  ctx.check(shipment.labelAvailable, `app: a label is offered for ${shipment.trackingNumber}`);
  const label = await client.api<LabelResponse>("GET", `/api/shipments/${shipment.id}/label?format=PDF`);
  const pdf = await client.download(label.url);
  ctx.check(
    label.format === "PDF" &&
      pdf.contentType.startsWith("application/pdf") &&
      pdf.bytes.subarray(0, 5).toString("latin1") === "%PDF-",
    `label of ${shipment.trackingNumber}: a PDF served through a signed app link`,
    () => `${pdf.contentType}, ${pdf.bytes.length} bytes`,
  );
  ctx.check(
    !label.url.includes(courierToken),
    `label of ${shipment.trackingNumber}: the link does not expose the courier token`,
  );
  ctx.say(`Label for ${shipment.trackingNumber}: ${pdf.bytes.length} bytes of PDF from ${new URL(label.url).pathname}`);
}

export const orderPaid: DemoStep = {
  name: "Order paid: shipments and labels",
  proves:
    "A signed orders/paid for a two-location order books exactly one courier shipment per fulfillment order, for the slot the shopper chose, as quoted, without customer data in the description; PDF labels through signed links.",
  async run(ctx: DemoContext) {
    const { store } = ctx.stack;
    const { chosenRate, carrierService } = ctx.state;
    ctx.check(chosenRate && carrierService, "a rate was chosen at checkout (step 2)");
    const order = placeOrder(store, twoLocationCart(store), chosenRate, carrierService);
    ctx.check(order.fulfillmentOrders.length === 2, "Shopify: the order has one fulfillment order per location (2)");
    ctx.say(
      `Order ${order.name}: ${order.lineItems.map((l) => `${l.quantity} × ${l.title}`).join(", ")}; shipping "${order.shippingLines[0]!.title}" $${order.shippingLines[0]!.price}.`,
    );
    ctx.say(
      `Fulfillment orders: ${LOCATIONS.market.name} and ${LOCATIONS.mission.name}. Shopify sends orders/paid (signed).`,
    );
    await payOrder(ctx, order);

    const view = await waitForShipments(ctx, order, 2);
    const courier = courierShipmentsFor(ctx, order);
    ctx.check(
      courier.length === 2,
      `courier: exactly two shipments booked for ${order.name}`,
      () => `${courier.length} booked`,
    );
    const pickups = courier.map((s) => s.request.pickup_location.address.name).sort();
    ctx.check(
      JSON.stringify(pickups) === JSON.stringify([LOCATIONS.market.name, LOCATIONS.mission.name].sort()),
      "courier: one pickup at each location",
      () => pickups.join(", "),
    );
    const leaks = courier.filter((s) =>
      [SHOPPER.lastName, SHOPPER.email, SHOPPER.phone].some((p) => (s.request.description ?? "").includes(p)),
    );
    ctx.check(leaks.length === 0, "courier: the shipment description carries no customer data");
    const slot = ctx.state.slot;
    ctx.check(slot, "a scheduled slot was chosen at checkout (step 2)");
    for (const s of courier) {
      const { pickup_after, deliver_between } = s.request;
      ctx.check(
        Date.parse(pickup_after) === slot.startAt.getTime() &&
          Date.parse(deliver_between.start) === slot.startAt.getTime() &&
          Date.parse(deliver_between.end) === slot.endAt.getTime(),
        `courier: ${s.trackingNumber} booked for the chosen slot (pickup_after and deliver_between ${shopTime(slot.startAt)}–${shopTime(slot.endAt)})`,
        () => `pickup_after ${pickup_after}, deliver_between ${deliver_between.start}–${deliver_between.end}`,
      );
    }
    for (const s of courier) {
      const shipment = view.shipments.find((v) => v.trackingNumber === s.trackingNumber);
      ctx.check(shipment, `the app shows courier shipment ${s.id} (${s.trackingNumber})`);
      ctx.check(
        !shipment.needsAttention,
        `app: ${s.trackingNumber} booked as quoted, nothing for staff to check`,
        () => shipment.attentionReason ?? "",
      );
      ctx.say(
        `Shipment ${s.trackingNumber}: pickup at ${s.request.pickup_location.address.name} from ${shopTime(s.request.pickup_after)}, ` +
          `delivery ${shopTime(s.request.deliver_between.start)}–${shopTime(s.request.deliver_between.end)}, courier price $${s.price.toFixed(2)}, "${s.request.description}"`,
      );
    }
    for (const shipment of view.shipments) await printLabel(ctx, shipment);
    await ctx.waitFor(`Shopify: ${order.name} tagged "${DISPATCHED_TAG}"`, () => order.tags.includes(DISPATCHED_TAG), {
      timeoutMs: 10_000,
    });
    ctx.check(true, `Shopify: ${order.name} tagged "${DISPATCHED_TAG}"`);
    ctx.state.delivered = { order, shipments: view.shipments };
  },
};
