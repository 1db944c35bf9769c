/**
 * Step 5: two more same-day orders go wrong on purpose, through the courier sandbox's commands.
 * - Return: the app never writes delivery notes, so the merchant adds them at the courier, with the
 *   courier's own API, before a driver accepts: `delivery_location.notes = SANDBOX:RETURN`. The
 *   delivery is attempted, then the items go back: state `returned`, FAILURE on the fulfillment.
 * - Cancellation: the order comes from Dogpatch Kitchen, whose driver notes (set on the app's
 *   settings page in step 1) are `SANDBOX:CANCEL`: the driver cancels on the way to pickup.
 * Both end with the order tagged for staff attention.
 */
import { createCourierClient } from "~/courier/client.server";
import { createInProcessRateLimiter } from "~/courier/rate-limiter.server";
import { SANDBOX_CANCEL_COMMAND, SANDBOX_RETURN_COMMAND } from "../../courier-sandbox/commands";
import type { SandboxShipment } from "../../courier-sandbox/model";
import type { DemoContext, DemoStep } from "../context";
import { courierShipmentsFor, followDeliveries, orderShipments } from "../follow";
import { checkout, dollars } from "../checkout";
import { placeOrder, type CartLine } from "../store";
import { SAME_DAY_WINDOW_ID } from "./checkout-quote";
import { serviceCodeFor } from "~/schedule/service-code";
import type { OrderState } from "../../shopify-stand-in";
import { payOrder } from "./order-paid";

const OUTCOME_TIMEOUT_MS = 45_000;
export const ATTENTION_TAG = "same-day-attention";

async function bookedShipment(ctx: DemoContext, order: OrderState): Promise<SandboxShipment> {
  // Polled fast: the sandbox's first event (a driver accepting) comes 30 sandbox seconds after booking.
  return ctx.waitFor(`the courier shipment of ${order.name}`, () => courierShipmentsFor(ctx, order)[0], {
    timeoutMs: 20_000,
    intervalMs: 5,
  });
}

/** The shopper checks out with the same-day rate; Shopify creates the order. */
async function checkOutAndPlace(ctx: DemoContext, cart: CartLine[]): Promise<OrderState> {
  const { carrierService } = ctx.state;
  ctx.check(carrierService, "a carrier service is registered (step 1)");
  const { offered } = await checkout(ctx, cart);
  const rate = offered.find((r) => r.service_code === serviceCodeFor(SAME_DAY_WINDOW_ID));
  ctx.check(rate, `checkout from ${cart[0]!.location.name}: the "${SAME_DAY_WINDOW_ID}" window is offered`);
  const order = placeOrder(ctx.stack.store, cart, rate, carrierService);
  ctx.say(
    `Order ${order.name}: ${cart.map((l) => `${l.quantity} × ${l.product.title}`).join(", ")} from ${cart[0]!.location.name}, "${rate.service_name}" ${dollars(rate.total_price)}; paid (orders/paid, signed).`,
  );
  return order;
}

export const returnAndCancel: DemoStep = {
  name: "A return and a cancellation",
  proves:
    'A return ends "returned" with ATTEMPTED_DELIVERY then FAILURE; a driver cancellation ends "canceled" with no fulfillment; both orders tagged for staff attention.',
  async run(ctx: DemoContext) {
    const { store, sandbox, courierToken } = ctx.stack;
    const toReturn = await checkOutAndPlace(ctx, [
      { product: store.products.sourdough, quantity: 1, location: store.locations.market },
    ]);
    const toCancel = await checkOutAndPlace(ctx, [
      { product: store.products.croissants, quantity: 2, location: store.locations.dogpatch },
    ]);
    await payOrder(ctx, toReturn);
    await payOrder(ctx, toCancel);

    const returning = await bookedShipment(ctx, toReturn);
    const courier = createCourierClient({
      baseUrl: sandbox.url,
      token: courierToken,
      limiter: createInProcessRateLimiter(),
    });
    await courier.updateShipment(returning.id, {
      delivery_location: { ...returning.request.delivery_location, notes: SANDBOX_RETURN_COMMAND },
    });
    ctx.check(
      sandbox.shipment(returning.id)?.outcome === "return",
      `courier: ${toReturn.name}'s delivery notes carry the return command before a driver accepted`,
    );
    ctx.say(
      `${toReturn.name}: delivery notes "${SANDBOX_RETURN_COMMAND}" added at the courier (PATCH /v1/shipments/${returning.id}).`,
    );

    const canceling = await bookedShipment(ctx, toCancel);
    ctx.check(
      canceling.request.pickup_location.notes === SANDBOX_CANCEL_COMMAND,
      `courier: ${toCancel.name}'s pickup notes carry the cancel command from the app's settings`,
      () => String(canceling.request.pickup_location.notes),
    );
    ctx.say(
      `${toCancel.name}: pickup notes "${SANDBOX_CANCEL_COMMAND}" sent by the app from ${store.locations.dogpatch.name}'s driver notes.`,
    );

    await followDeliveries(ctx, {
      orders: [toReturn, toCancel],
      courier: [returning, canceling],
      what: "return and cancellation",
      timeoutMs: OUTCOME_TIMEOUT_MS,
      finished: async () => {
        if (!toReturn.tags.includes(ATTENTION_TAG) || !toCancel.tags.includes(ATTENTION_TAG)) return false;
        // The return's fulfillment events reach Shopify after the app records the state: wait for the last one.
        if (toReturn.fulfillments.flatMap((f) => f.events.map((e) => e.status)).at(-1) !== "FAILURE") return false;
        const [r, c] = await Promise.all([orderShipments(ctx, toReturn), orderShipments(ctx, toCancel)]);
        return r.shipments[0]?.state === "returned" && c.shipments[0]?.state === "canceled";
      },
    });

    const returnedView = (await orderShipments(ctx, toReturn)).shipments[0]!;
    ctx.check(sandbox.shipment(returning.id)?.state === "returned", `courier: ${toReturn.name} returned`);
    ctx.check(
      returnedView.state === "returned" && returnedView.needsAttention,
      `app: ${toReturn.name}'s shipment is returned and needs attention`,
      () => `${returnedView.state}, attention ${returnedView.needsAttention}`,
    );
    ctx.check(toReturn.tags.includes(ATTENTION_TAG), `Shopify: ${toReturn.name} tagged "${ATTENTION_TAG}"`);
    const returnEvents = toReturn.fulfillments.flatMap((f) => f.events.map((e) => e.status));
    ctx.check(
      returnEvents.includes("ATTEMPTED_DELIVERY") && returnEvents.at(-1) === "FAILURE",
      `Shopify: ${toReturn.name}'s fulfillment ends ATTEMPTED_DELIVERY → FAILURE`,
      () => returnEvents.join(", "),
    );
    ctx.say(`${toReturn.name}: ${returnedView.state} — ${returnedView.attentionReason ?? ""}`);

    const canceledView = (await orderShipments(ctx, toCancel)).shipments[0]!;
    ctx.check(sandbox.shipment(canceling.id)?.state === "canceled", `courier: ${toCancel.name} canceled by the driver`);
    ctx.check(
      canceledView.state === "canceled" &&
        canceledView.needsAttention &&
        canceledView.cancellationCode === "driver_canceled",
      `app: ${toCancel.name}'s shipment is canceled (driver_canceled) and needs attention`,
      () => `${canceledView.state}, ${canceledView.cancellationCode}, attention ${canceledView.needsAttention}`,
    );
    ctx.check(toCancel.tags.includes(ATTENTION_TAG), `Shopify: ${toCancel.name} tagged "${ATTENTION_TAG}"`);
    ctx.check(
      toCancel.fulfillments.length === 0,
      `Shopify: ${toCancel.name} has no fulfillment (canceled before pickup)`,
    );
    ctx.say(`${toCancel.name}: ${canceledView.state} — ${canceledView.attentionReason ?? ""}`);
    ctx.state.returned = { order: toReturn, shipment: returnedView };
    ctx.state.canceled = { order: toCancel, shipment: canceledView };
  },
};
