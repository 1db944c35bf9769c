/**
 * Step 7: nobody takes a delivery until its pay goes up. The courier account's drivers (the courier
 * sandbox's driver pool) take a job only once its payout reaches a minimum one and a half raises
 * above the courier's price. The merchant turns on the no-driver watchdog's raises on the settings
 * page, with look times placed from the clock (raise-looks.ts): the first look is due as soon as the
 * order is dispatched, the second at the next whole minute at least SECOND_LOOK_LEAD_MS away (the
 * watchdog works in whole minutes before pickup, in real time: a wait of 10 to 70 s). The first raise
 * leaves the shipment without a driver; the second gets one, and the delivery runs to the end.
 */
import type { loader as settingsLoader } from "~/routes/app.settings/route";
import type { loader as shipmentLoader } from "~/routes/app.shipments.$id/route";
import { draftFromSettings, draftToEntries } from "~/settings/settings-draft";
import { NO_DRIVER_YET_PREFIX, raiseInWords } from "~/tracking/no-driver-attention";
import { SANDBOX_FIRST_EVENT_AFTER_S } from "~/courier/limits";
import type { OrderState } from "../../shopify-stand-in";
import type { SandboxShipment } from "../../courier-sandbox/model";
import { checkout, dollars } from "../checkout";
import type { DemoContext, DemoStep } from "../context";
import { courierShipmentsFor, followDeliveries, orderShipments } from "../follow";
import { demoRaiseLooks } from "../raise-looks";
import { TIME_SCALE } from "../stack";
import { placeOrder, shopTime } from "../store";
import { payOrder } from "./order-paid";

type SettingsData = Awaited<ReturnType<typeof settingsLoader>>;
type ShipmentPageData = Awaited<ReturnType<typeof shipmentLoader>>;
type SaveResult = { ok: boolean; message: string; fieldErrors?: Record<string, string> };

const SETTINGS = "/app/settings";
const SETTINGS_ROUTE = "routes/app.settings";
/** Time to book, raise once and see no driver come before the second look. */
const SECOND_LOOK_LEAD_MS = 10_000;
/** How late the second raise may reach the courier after its look time (the worker polls twice a second). */
const LOOK_LATENESS_MS = 15_000;
const RAISE_STEP_CENTS = 200;
/** A pool minimum (dollars) no demo delivery pays: nobody takes the shipment until the price is known. */
const NOBODY_TAKES = 10_000;
const DELIVERY_TIMEOUT_MS = 30_000;

/** The watchdog's settings, saved through the settings page with everything else as it was. */
async function turnOnRaises(ctx: DemoContext, minutesBefore: readonly number[]) {
  const { client } = ctx.stack;
  const page = await client.loader<SettingsData>(SETTINGS, SETTINGS_ROUTE);
  ctx.check(page.settings, "settings: the page loads the shop's settings");
  const draft = draftFromSettings(page.settings, page.pickups);
  Object.assign(draft.fields, {
    "noDriverWatch.raiseMinutesBeforePickup": minutesBefore.join(", "),
    "noDriverWatch.stepCents": (RAISE_STEP_CENTS / 100).toFixed(2),
    "noDriverWatch.maxPerShipmentCents": ((3 * RAISE_STEP_CENTS) / 100).toFixed(2),
  });
  draft.flags["noDriverWatch.raisesEnabled"] = true;
  const saved = await client.action<SaveResult>(SETTINGS, [["intent", "settings"], ...draftToEntries(draft)]);
  ctx.check(
    saved.ok,
    `settings: driver's pay raises on, ${dollars(RAISE_STEP_CENTS)} a step, at ${minutesBefore.join(", ")} minutes before pickup`,
    () => `${saved.message} ${JSON.stringify(saved.fieldErrors ?? {})}`,
  );
}

/** What the courier's drivers would earn before any raise: its price holds the extra compensation. */
function payoutBeforeRaises(s: SandboxShipment): number {
  return s.price - (s.request.options.extra_compensation ?? 0);
}

export const noDriverRaises: DemoStep = {
  name: "No driver: the pay goes up",
  proves:
    "The courier's drivers pass a low-paid delivery over; the watchdog raises the driver's pay at the merchant's times before pickup (two PATCHes, extra compensation $2 then $4, nothing else changed), a driver takes it after the second raise, both raises are on its timeline and it never needed attention.",
  async run(ctx: DemoContext) {
    const { store, sandbox, courierToken, client } = ctx.stack;
    const { slot, carrierService } = ctx.state;
    ctx.check(slot && carrierService, "a slot and a carrier service were set up (step 1)");

    const cart = [{ product: store.products.oliveOil, quantity: 1, location: store.locations.market }];
    const { offered } = await checkout(ctx, cart);
    const rate = offered.find((r) => r.service_code === slot.serviceCode);
    ctx.check(rate, `checkout from ${store.locations.market.name}: the slot ${slot.serviceCode} is offered`);

    // Drivers who want more than this shipment pays, until the courier's price is known.
    sandbox.setAccountOptions(courierToken, { driverPool: { minimumPayout: NOBODY_TAKES } });
    const looks = demoRaiseLooks(slot.startAt, new Date(), SECOND_LOOK_LEAD_MS);
    ctx.check(looks, `the slot at ${shopTime(slot.startAt)} leaves time for two looks before pickup`);
    await turnOnRaises(ctx, looks.minutesBefore);
    ctx.say(
      `Settings: raise the driver's pay by ${dollars(RAISE_STEP_CENTS)} at ${looks.minutesBefore.join(", ")} minutes before pickup ` +
        `(${shopTime(looks.firstAt, true)}, ${shopTime(looks.secondAt, true)} and the pickup at ${shopTime(slot.startAt)}), placed from the clock.`,
    );

    const order: OrderState = placeOrder(store, cart, rate, carrierService);
    await payOrder(ctx, order);
    const booked = await ctx.waitFor(
      `the courier shipment of ${order.name}`,
      () => courierShipmentsFor(ctx, order)[0],
      {
        timeoutMs: 20_000,
        intervalMs: 20,
      },
    );
    const minimum = Math.round((payoutBeforeRaises(booked) + (1.5 * RAISE_STEP_CENTS) / 100) * 100) / 100;
    sandbox.setAccountOptions(courierToken, { driverPool: { minimumPayout: minimum } });
    ctx.say(
      `${order.name}: booked with the courier (shipment ${booked.id}) at $${payoutBeforeRaises(booked).toFixed(2)}; ` +
        `its drivers take a job from $${minimum.toFixed(2)}.`,
    );

    const updates = () => sandbox.updates.filter((u) => u.shipmentId === booked.id && u.token === courierToken);
    const driverOf = () => sandbox.shipment(booked.id)?.driver ?? null;
    await ctx.waitFor(`courier: the first raise for ${order.name}`, () => updates().length >= 1, {
      timeoutMs: 20_000,
      describe: () => `${updates().length} update requests`,
    });
    // A driver who takes the job accepts SANDBOX_FIRST_EVENT_AFTER_S sandbox seconds later.
    const acceptMs = (SANDBOX_FIRST_EVENT_AFTER_S * 1000) / TIME_SCALE;
    let driverBeforeSecond = false;
    const waitMs = looks.secondAt.getTime() - Date.now();
    const started = Date.now();
    await ctx.waitFor(
      `courier: the second raise for ${order.name} at ${shopTime(looks.secondAt, true)}`,
      () => {
        const sent = updates().length;
        if (sent < 2 && driverOf()) driverBeforeSecond = true;
        ctx.progress(
          Date.now() - started,
          Math.max(waitMs, 1),
          `waiting for the look at ${shopTime(looks.secondAt, true)}`,
        );
        return sent >= 2;
      },
      { timeoutMs: Math.max(waitMs, 0) + LOOK_LATENESS_MS, intervalMs: 100 },
    );
    const [first, second, ...more] = updates();
    ctx.check(
      !driverBeforeSecond && Date.parse(second!.at) - Date.parse(first!.at) > acceptMs,
      `courier: no driver took ${order.name} between the two raises (${((Date.parse(second!.at) - Date.parse(first!.at)) / 1000).toFixed(1)} s; a driver accepts ${(acceptMs / 1000).toFixed(1)} s after taking a job)`,
    );

    const optionsOf = (u: typeof first) => (u!.body as { options?: Record<string, unknown> }).options ?? {};
    // Key order aside: what the options say besides the extra compensation.
    const withoutExtra = (options: Record<string, unknown>) =>
      JSON.stringify(
        Object.entries(options)
          .filter(([key]) => key !== "extra_compensation")
          .sort(([a], [b]) => a.localeCompare(b)),
      );
    ctx.check(
      more.length === 0 &&
        first!.status === 200 &&
        second!.status === 200 &&
        optionsOf(first).extra_compensation === RAISE_STEP_CENTS / 100 &&
        optionsOf(second).extra_compensation === (2 * RAISE_STEP_CENTS) / 100 &&
        withoutExtra(optionsOf(first)) === withoutExtra(optionsOf(second)) &&
        withoutExtra(optionsOf(first)) === withoutExtra(booked.request.options),
      `courier: two update requests (PATCH), extra_compensation $2.00 then $4.00, the booked options otherwise unchanged`,
      () => JSON.stringify(updates()),
    );
    ctx.check(
      Date.parse(second!.at) >= looks.secondAt.getTime(),
      `courier: the second raise came at its look time, not before`,
      () => `${second!.at} < ${looks.secondAt.toISOString()}`,
    );
    for (const u of [first!, second!])
      ctx.say(
        `app → courier   PATCH /v1/shipments/${booked.id} ${JSON.stringify(optionsOf(u))} at ${shopTime(u.at, true)} → ${u.status}`,
      );

    await ctx.waitFor(`courier: a driver takes ${order.name} after the second raise`, driverOf, { timeoutMs: 10_000 });
    ctx.say(`courier: a driver took ${order.name}, paying $${sandbox.shipment(booked.id)!.price.toFixed(2)}.`);
    // Every later booking is taken as usual again.
    sandbox.setAccountOptions(courierToken, { driverPool: null });

    await followDeliveries(ctx, {
      orders: [order],
      courier: [booked],
      what: "the delivery after two raises",
      timeoutMs: DELIVERY_TIMEOUT_MS,
      finished: async () => (await orderShipments(ctx, order)).shipments[0]?.state === "delivered",
    });

    const view = (await orderShipments(ctx, order)).shipments[0]!;
    ctx.check(
      view.state === "delivered" && !view.needsAttention && view.driverPayRaisedCents === 2 * RAISE_STEP_CENTS,
      `app: ${order.name} delivered, never needing attention, ${dollars(2 * RAISE_STEP_CENTS)} added to the driver's pay`,
      () =>
        `${view.state}, attention ${view.needsAttention} ${view.attentionReason ?? ""}, raised ${view.driverPayRaisedCents}`,
    );
    const page = await client.loader<ShipmentPageData>(`/app/shipments/${view.id}`, "routes/app.shipments.$id");
    ctx.check(page.detail, `app: the delivery page of ${order.name} loads`, () => page.notFound ?? "");
    const timeline = [...page.detail.timeline].reverse();
    const titles = timeline.map((e) => e.title);
    const raised = [
      raiseInWords(RAISE_STEP_CENTS, RAISE_STEP_CENTS),
      raiseInWords(RAISE_STEP_CENTS, 2 * RAISE_STEP_CENTS),
    ];
    const at = (title: string) => titles.indexOf(title);
    ctx.check(
      at(raised[0]!) >= 0 && at(raised[0]!) < at(raised[1]!) && at(raised[1]!) < at("Driver assigned"),
      `app: ${order.name}'s timeline shows both raises, then "Driver assigned"`,
      () => titles.join(" | "),
    );
    ctx.check(
      !titles.some((title) => title.startsWith(NO_DRIVER_YET_PREFIX)),
      `app: ${order.name}'s timeline has no "no driver yet"`,
      () => titles.join(" | "),
    );
    for (const entry of timeline.filter((e) => raised.includes(e.title) || e.title === "Driver assigned"))
      ctx.say(`timeline        ${shopTime(entry.at, true)}  ${entry.source.padEnd(7)} ${entry.title}`);
    ctx.state.noDriver = { order, shipment: view };
  },
};
