/**
 * An exchange done as one round trip: the merchant turns courier returns on (settings page); the
 * customer of the delivered order exchanges the sourdough loaf for olive oil from the Mission store,
 * and the return is approved in Shopify (returns/approve, signed). The app books two legs in one
 * courier delivery batch — 1: the olive oil from Mission to the customer, 2: the loaf from the customer
 * back to the Market store — both delivered by the time-scaled sandbox, each event carrying the batch.
 */
import { draftFromSettings, draftToEntries } from "~/settings/settings-draft";
import type { loader as settingsLoader } from "~/routes/app.settings";
import type { SandboxShipment } from "../../courier-sandbox/model";
import { addReturn } from "../../shopify-stand-in";
import type { DemoContext, DemoStep } from "../context";
import { followDeliveries, orderShipments } from "../follow";
import { SHOPPER } from "../store";

type SettingsData = Awaited<ReturnType<typeof settingsLoader>>;
type SaveResult = { intent: string; ok: boolean; message: string; fieldErrors?: Record<string, string> };

const ROUND_TRIP_TIMEOUT_MS = 60_000;
const legacyId = (gid: string) => gid.slice(gid.lastIndexOf("/") + 1);

async function turnReturnsOn(ctx: DemoContext) {
  const { client, store } = ctx.stack;
  const settings = await client.loader<SettingsData>("/app/settings", "routes/app.settings");
  const draft = draftFromSettings(settings.settings!, settings.pickups);
  draft.flags["courierReturns.enabled"] = true;
  draft.fields["courierReturns.receivingLocationGids"] = store.locations.market.id;
  const saved = await client.action<SaveResult>("/app/settings", [["intent", "settings"], ...draftToEntries(draft)]);
  ctx.check(saved.ok, "settings: courier returns on, received at the Market store", () => saved.message);
  ctx.say(`Settings: returns collected by a driver, received at ${store.locations.market.name}.`);
}

export const exchangeRoundTrip: DemoStep = {
  name: "An exchange done as a round trip",
  proves:
    "An approved exchange books two courier legs in one delivery batch (1: the new item to the customer, 2: the old one back to the store), both delivered; the courier's events carry the batch; Shopify fulfills the new item and the return's reverse delivery carries the courier's tracking.",
  async run(ctx: DemoContext) {
    const { client, store, sandbox, courierToken } = ctx.stack;
    const delivered = ctx.state.delivered;
    ctx.check(delivered, "the delivered order of step 4 is there to exchange from");
    await turnReturnsOn(ctx);

    const order = delivered.order;
    const loaf = order.lineItems.find((l) => l.title === store.products.sourdough.title);
    const fulfilled = order.fulfillments.flatMap((f) => f.fulfillmentLineItems).find((l) => l.lineItemId === loaf?.id);
    ctx.check(fulfilled, `Shopify: ${order.name}'s sourdough loaf was fulfilled (step 4)`);
    const ret = addReturn(store.shop, order, {
      lines: [{ fulfillmentLineItemId: fulfilled.id, quantity: 1, note: "Wanted olive oil instead" }],
      exchange: [{ variant: store.products.oliveOil.variants[0]!, quantity: 1 }],
      exchangeLocation: store.locations.mission,
    });
    const response = await client.shopifyWebhook("returns/approve", {
      id: Number(legacyId(ret.id)),
      admin_graphql_api_id: ret.id,
      name: ret.name,
      status: "open",
      order: { id: Number(legacyId(order.id)), admin_graphql_api_id: order.id },
    });
    ctx.check(response.status === 200, `returns/approve for ${ret.name}: the signed webhook was accepted`);
    ctx.say(
      `${ret.name}: 1 × sourdough loaf back, 1 × olive oil from ${store.locations.mission.name} (approved in Shopify).`,
    );

    const reference = `rt-${legacyId(ret.id)}-1`;
    const legs = await ctx.waitFor(
      `the round trip's two courier legs (${reference})`,
      () => {
        const found = [...sandbox.shipments.values()]
          .filter((s) => s.token === courierToken && s.request.delivery_batch?.reference_id === reference)
          .sort((a, b) => a.request.delivery_batch!.sequence_number - b.request.delivery_batch!.sequence_number);
        return found.length === 2 ? (found as [SandboxShipment, SandboxShipment]) : null;
      },
      { timeoutMs: 20_000, intervalMs: 20 },
    );
    ctx.check(
      legs.map((l) => l.request.delivery_batch!.sequence_number).join(",") === "1,2",
      "courier: sequence 1 and 2 in one batch",
    );
    ctx.check(
      legs[0].request.pickup_location.address.name === store.locations.mission.name &&
        legs[0].request.delivery_location.address.street1 === SHOPPER.address1 &&
        legs[1].request.pickup_location.address.street1 === SHOPPER.address1 &&
        legs[1].request.delivery_location.address.name === store.locations.market.name,
      "courier: leg 1 Mission → customer, leg 2 customer → Market",
    );
    const customer = new RegExp(`${SHOPPER.firstName}|${SHOPPER.lastName}|${SHOPPER.address1}`);
    ctx.check(
      legs.every((l) => /round trip/i.test(l.request.description ?? "") && !customer.test(l.request.description ?? "")),
      'courier: both descriptions say "round trip" and name no customer data',
      () => legs.map((l) => l.request.description).join(" | "),
    );
    for (const leg of legs)
      ctx.say(`courier leg ${leg.request.delivery_batch!.sequence_number}: "${leg.request.description}"`);

    await followDeliveries(ctx, {
      orders: [order],
      courier: legs,
      what: "round trip",
      timeoutMs: ROUND_TRIP_TIMEOUT_MS,
      finished: async () => {
        const view = await orderShipments(ctx, order);
        const tripLegs = view.shipments.filter((s) => s.leg?.roundTrip?.referenceId === reference);
        return tripLegs.length === 2 && tripLegs.every((s) => s.state === "delivered");
      },
    });

    // The shipment events (grouping events describe a driver's group, not one shipment).
    const events = sandbox.emitted.filter(
      (e) => e.event.event.startsWith("shipment.") && legs.some((l) => String(l.id) === String(e.shipmentId)),
    );
    const batchOf = (e: (typeof events)[number]) =>
      (e.event.data as { delivery_batch?: { reference_id?: string; sequence_number?: number } }).delivery_batch;
    const wrong = events.filter((e) => {
      const leg = legs.find((l) => String(l.id) === String(e.shipmentId))!;
      return (
        batchOf(e)?.reference_id !== reference ||
        batchOf(e)?.sequence_number !== leg.request.delivery_batch!.sequence_number
      );
    });
    ctx.check(
      events.length > 0 && wrong.length === 0,
      `courier: each of the ${events.length} shipment events of both legs carries delivery_batch ${reference} and its leg's sequence`,
      () => wrong.map((e) => e.event.event).join(", "),
    );
    const exchangeFo = order.fulfillmentOrders.find(
      (fo) => fo.assignedLocationId === store.locations.mission.id && fo.createdAt >= ret.createdAt,
    );
    ctx.check(exchangeFo?.status === "CLOSED", "Shopify: the olive oil's fulfillment order is fulfilled", () =>
      String(exchangeFo?.status),
    );
    const reverse = ret.reverseFulfillmentOrders.flatMap((r) => r.reverseDeliveries);
    ctx.check(
      reverse.length === 1 &&
        reverse[0]!.tracking?.number === legs[1].trackingNumber &&
        Boolean(reverse[0]!.tracking?.url?.startsWith(ctx.stack.appUrl)),
      "Shopify: the return's reverse delivery carries leg 2's tracking number and the app's tracking page",
      () => JSON.stringify(reverse.map((r) => r.tracking)),
    );
    ctx.say(`${ret.name}: reverse delivery tracking ${reverse[0]!.tracking?.number} ${reverse[0]!.tracking?.url}`);
  },
};
