/**
 * The shopper's changes before pickup, through the real dispatch (the page exists from booking), the
 * real courier client and the courier sandbox: a notes edit and a window move arrive as PATCHes, are
 * written with their timeline entries, repeat as no-ops, and are refused once a driver has the order
 * (by our state, or by the courier's 1003 when its event has not reached us yet).
 */
import { describe, expect, it } from "vitest";
import { windowIdFromServiceCode } from "~/schedule/service-code";
import { slotKeyOf } from "~/schedule/capacity";
import { zonedTimeOnDate } from "~/schedule/time-zone";
import { COURIER_PRICED, parseShopSettings, type DeliveryWindow } from "~/settings/shop-settings";
import { applyShopperChange, changeOptionsFor } from "~/tracking-page/shopper-changes.server";
import { trackingPageFor } from "~/tracking-page/lookup.server";
import { rateDelivery } from "~/tracking-page/shopper-rating.server";

const RATING_SAVED = "Thank you. Your rating is saved.";
const RATING_NOT_YET = "You can rate the delivery once it has arrived.";
import { SHOPPER_CHANGE_ACTIVITY, SHOPPER_RATING_ACTIVITY } from "~/shipments/activity-kinds";
import { booked, day, db, deps, evening, later, NY, SHOP, slots, useBookedDeliveries } from "./booked-delivery";

const COURIER_TOKEN = "sandbox-token-shopper-changes";
const { state, bookedDelivery, updatesOf } = useBookedDeliveries(COURIER_TOKEN);

describe("the shopper's changes before a driver has the order", () => {
  it("has a page from booking on that offers the changes", async () => {
    const { token } = await bookedDelivery();
    const page = await trackingPageFor(deps, token, SHOP);
    expect(page.kind).toBe("found");
    if (page.kind !== "found") return;
    expect(page.view.changes).toEqual({ open: true });
    expect(page.view.orderName).toMatch(/^#\d+$/);
    expect(page.view.contact?.phone).toMatchObject({ href: "tel:+17185550100" });
  });

  it("edits the notes: one PATCH of the whole delivery location, the merchant's note kept, on the timeline", async () => {
    const { shipment, token } = await bookedDelivery();
    const text = "Gate code 4412, leave at the door";
    const first = await applyShopperChange(deps, token, SHOP, { change: "notes", notes: text });
    expect(first).toEqual({ kind: "changed", message: "Your notes for the driver are saved." });

    const patches = updatesOf(shipment.courierShipmentId!);
    expect(patches).toHaveLength(1);
    expect(patches[0]!.status).toBe(200);
    const body = patches[0]!.body as { delivery_location: { notes: string; address: { street1: string } } };
    expect(body.delivery_location.notes).toBe(`${text} Store: Fragile: cakes inside.`);
    expect(body.delivery_location.address.street1).toBe("123 Shipping St");
    expect(state.sandbox.shipment(shipment.courierShipmentId!)!.request.delivery_location.notes).toBe(
      `${text} Store: Fragile: cakes inside.`,
    );

    const row = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id }, include: { activities: true } });
    expect(JSON.parse(row.requestJson!).delivery_location.notes).toBe(`${text} Store: Fragile: cakes inside.`);
    const entries = row.activities.filter((a) => a.kind === SHOPPER_CHANGE_ACTIVITY.notes);
    expect(entries.map((a) => a.message)).toEqual([
      `The shopper changed the notes for the driver on the tracking page (${text.length} characters); sent to the courier.`,
    ]);
    // The timeline says that it changed, never the gate code.
    expect(entries[0]!.message).not.toContain("4412");

    // The same change again (a double tap, a retried request): nothing more is sent or written.
    const again = await applyShopperChange(deps, token, SHOP, { change: "notes", notes: text });
    expect(again.kind).toBe("unchanged");
    expect(updatesOf(shipment.courierShipmentId!)).toHaveLength(1);
    expect(
      await db.shipmentActivity.count({ where: { shipmentId: shipment.id, kind: SHOPPER_CHANGE_ACTIVITY.notes } }),
    ).toBe(1);
  });

  it("lists the other slots within capacity and moves the delivery with one PATCH of pickup_after and deliver_between", async () => {
    const { shipment, token } = await bookedDelivery();
    // Another order takes the 18:00 slot's only place.
    await bookedDelivery(evening);

    const options = await changeOptionsFor(deps, token, SHOP);
    expect(options.kind).toBe("open");
    if (options.kind !== "open") return;
    const codes = options.windows.map((w) => w.serviceCode);
    expect(codes).toContain(later);
    expect(codes).not.toContain(booked);
    expect(codes).not.toContain(evening);

    const moved = await applyShopperChange(deps, token, SHOP, { change: "window", serviceCode: later });
    expect(moved.kind).toBe("changed");
    const start = zonedTimeOnDate(day, "14:00", NY);
    const end = new Date(start.getTime() + 2 * 3_600_000);
    const patches = updatesOf(shipment.courierShipmentId!);
    expect(patches.map((p) => [p.status, p.body])).toEqual([
      [
        200,
        {
          pickup_after: start.toISOString(),
          deliver_between: { start: start.toISOString(), end: end.toISOString() },
        },
      ],
    ]);
    const row = await db.shipment.findUniqueOrThrow({
      where: { id: shipment.id },
      include: { activities: true, slotReservation: true },
    });
    expect(row.serviceCode).toBe(later);
    expect(row.deliverStart).toEqual(start);
    expect(row.deliverEnd).toEqual(end);
    expect(row.slotReservation!.slotKey).toBe(slotKeyOf(state.location, "slots", day, "14:00"));
    expect(row.slotReservation!.overCapacity).toBe(false);
    expect(row.activities.filter((a) => a.kind === SHOPPER_CHANGE_ACTIVITY.window)).toHaveLength(1);

    // Again: already there, nothing sent. The 10:00 slot's place is free again for another shopper.
    expect((await applyShopperChange(deps, token, SHOP, { change: "window", serviceCode: later })).kind).toBe(
      "unchanged",
    );
    expect(updatesOf(shipment.courierShipmentId!)).toHaveLength(1);
    const other = await bookedDelivery();
    const otherRow = await db.shipment.findUniqueOrThrow({
      where: { id: other.shipment.id },
      include: { slotReservation: true },
    });
    expect(otherRow.slotReservation!.overCapacity).toBe(false);
  });

  it("prices each window as checkout does: a flat or distance-tier window compares by its own price", async () => {
    // Three slots each for the other windows, so every window fits in one answer.
    const priced = (id: string, price: DeliveryWindow["price"]): DeliveryWindow => ({
      ...slots,
      id,
      price,
      maxRates: id === "slots" ? slots.maxRates : 3,
    });
    const flat = (cents: number) => ({ ...COURIER_PRICED, mode: "flat" as const, flatCents: cents });
    const tiers = (upToMiles: number, priceCents: number) => ({
      ...COURIER_PRICED,
      mode: "distance_tiers" as const,
      tiers: [{ upToMiles, priceCents }],
    });
    const row = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    const stored = parseShopSettings(row.settingsJson);
    // The courier's price is the same for every slot to one address, so only the windows' own prices differ.
    const windows = [
      priced("slots", flat(500)),
      priced("dear", flat(2_000)),
      priced("near", tiers(350, 300)),
      priced("beyond", tiers(0.01, 100)),
    ];
    await db.shop.update({
      where: { domain: SHOP },
      data: { settingsJson: JSON.stringify({ ...stored, deliveryWindows: windows }) },
    });
    const { token } = await bookedDelivery();

    const options = await changeOptionsFor(deps, token, SHOP);
    expect(options.kind).toBe("open");
    if (options.kind !== "open") return;
    const codes = options.windows.map((w) => w.serviceCode);
    // $5.00 booked: the same window's other slots ($5.00) and the $3.00 tier stay; the $20.00 flat window
    // and the one whose tiers end before the address are not offered.
    expect(codes).toContain(later);
    expect(new Set(codes.map(windowIdFromServiceCode))).toEqual(new Set(["slots", "near"]));
  });

  it("refuses a slot that is not offered (full, or not the store's) without asking the courier", async () => {
    const { shipment, token } = await bookedDelivery();
    await bookedDelivery(evening);
    for (const serviceCode of [evening, "SAMEDAY_NOT-A-WINDOW"]) {
      const refused = await applyShopperChange(deps, token, SHOP, { change: "window", serviceCode });
      expect(refused).toMatchObject({ kind: "refused", status: 409 });
    }
    expect(updatesOf(shipment.courierShipmentId!)).toHaveLength(0);
  });

  it("refuses both changes once a driver has the order: by the courier's 1003 before we know, then by our state", async () => {
    const { shipment, token } = await bookedDelivery();
    const courierId = shipment.courierShipmentId!;
    state.sandbox.setAccountOptions(COURIER_TOKEN, { driverPool: null });
    try {
      expect(state.sandbox.advance(courierId)?.state).toBe("assigned");
    } finally {
      state.sandbox.setAccountOptions(COURIER_TOKEN, { driverPool: { minimumPayout: 10_000 } });
    }
    // Our row still says scheduled (its event has not been applied): the courier refuses the PATCH.
    const notes = await applyShopperChange(deps, token, SHOP, { change: "notes", notes: "Ring twice" });
    expect(notes).toMatchObject({ kind: "closed", reason: "assigned" });
    const window = await applyShopperChange(deps, token, SHOP, { change: "window", serviceCode: later });
    expect(window).toMatchObject({ kind: "closed", reason: "assigned" });
    const sent = updatesOf(courierId);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent.every((u) => u.status === 422 || u.status === 409 || u.status === 400)).toBe(true);

    // Once the assignment is applied, nothing is even sent.
    await db.shipment.update({ where: { id: shipment.id }, data: { state: "assigned", driverName: "Dana Whitfield" } });
    const count = updatesOf(courierId).length;
    expect(await applyShopperChange(deps, token, SHOP, { change: "notes", notes: "Ring twice" })).toMatchObject({
      kind: "closed",
      reason: "assigned",
    });
    expect(await changeOptionsFor(deps, token, SHOP)).toMatchObject({ kind: "closed", reason: "assigned" });
    expect(updatesOf(courierId)).toHaveLength(count);
    const page = await trackingPageFor(deps, token, SHOP);
    expect(page.kind === "found" && page.view.changes).toEqual({
      open: false,
      message: "A driver has your order now, so the delivery time and the notes for the driver can no longer change.",
    });
    const row = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(row.requestJson).toBe(shipment.requestJson);
  });

  it("after delivery: one rating with the merchant's reasons, on the timeline and sent to the courier when opted in", async () => {
    const { shipment, token } = await bookedDelivery();
    const courierId = shipment.courierShipmentId!;
    const rating = { change: "rating" as const, value: 4, reasons: ["On time"], comment: "Thanks, all warm" };
    // Not before the order arrived.
    expect(await rateDelivery(deps, token, SHOP, rating)).toEqual({ kind: "closed", message: RATING_NOT_YET });

    state.sandbox.setAccountOptions(COURIER_TOKEN, { driverPool: null });
    try {
      for (let i = 0; i < 20 && state.sandbox.shipment(courierId)!.state !== "delivered"; i++)
        state.sandbox.advance(courierId);
    } finally {
      state.sandbox.setAccountOptions(COURIER_TOKEN, { driverPool: { minimumPayout: 10_000 } });
    }
    expect(state.sandbox.shipment(courierId)!.state).toBe("delivered");
    await db.shipment.update({ where: { id: shipment.id }, data: { state: "delivered", lastEventAt: new Date() } });
    const row = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    const stored = parseShopSettings(row.settingsJson);
    await db.shop.update({
      where: { domain: SHOP },
      data: { settingsJson: JSON.stringify({ ...stored, tracking: { ...stored.tracking, forwardRating: true } }) },
    });

    expect(await rateDelivery(deps, token, SHOP, { ...rating, reasons: ["Not offered"] })).toMatchObject({
      kind: "refused",
      status: 400,
    });
    expect(await rateDelivery(deps, token, SHOP, rating)).toEqual({ kind: "rated", message: RATING_SAVED });
    expect(await rateDelivery(deps, token, SHOP, { ...rating, value: 1 })).toEqual({
      kind: "unchanged",
      message: RATING_SAVED,
    });
    const after = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id }, include: { activities: true } });
    expect(after.rating).toBe(4);
    expect(after.activities.filter((a) => a.kind === SHOPPER_RATING_ACTIVITY).map((a) => a.message)).toEqual([
      'The shopper rated the delivery 4 out of 5: On time. They wrote: "Thanks, all warm" Sent to the courier as the driver\'s rating.',
    ]);
    const ratings = state.sandbox.requestLog.filter((r) => r.path === `/v1/shipments/${courierId}/ratings`);
    expect(ratings).toHaveLength(1);
    const page = await trackingPageFor(deps, token, SHOP);
    // The stars given are shown back to the shopper.
    expect(page.kind === "found" && page.view.rating).toEqual({
      open: false,
      message: RATING_SAVED,
      stars: 4,
      starsText: "You gave 4 out of 5 stars.",
    });
    expect(after.shopperRating).toBe(4);
  });

  it("answers in the shopper's language when the shop publishes it: French and Spanish, dates by Intl", async () => {
    const { token } = await bookedDelivery();
    await db.shop.update({ where: { domain: SHOP }, data: { locales: "en,fr,es" } });
    const notes = { change: "notes" as const, notes: "Code 4412" };
    expect(await applyShopperChange(deps, token, SHOP, notes, ["fr"])).toEqual({
      kind: "changed",
      message: "Vos consignes pour le livreur sont enregistrées.",
    });
    expect(await applyShopperChange(deps, token, SHOP, notes, ["es-MX"])).toEqual({
      kind: "unchanged",
      message: "Tus indicaciones para el repartidor se han guardado.",
    });
    // A language the shop does not publish: its primary one (English).
    expect(await applyShopperChange(deps, token, SHOP, notes, ["de"])).toMatchObject({
      message: "Your notes for the driver are saved.",
    });

    const start = zonedTimeOnDate(day, "14:00", NY);
    const date = (locale: string) =>
      new Intl.DateTimeFormat(locale, { timeZone: NY, weekday: "long", month: "short", day: "numeric" }).format(start);
    const options = await changeOptionsFor(deps, token, SHOP, ["es"]);
    expect(options.kind === "open" && options.windows.find((w) => w.serviceCode === later)?.label).toBe(
      `${date("es")}, 14:00–16:00`,
    );
    const moved = await applyShopperChange(deps, token, SHOP, { change: "window", serviceCode: later }, ["fr"]);
    expect(moved).toEqual({
      kind: "changed",
      message: `Votre livraison est désormais prévue : ${date("fr")}, 14:00–16:00.`,
    });
    const again = await applyShopperChange(deps, token, SHOP, { change: "window", serviceCode: later }, ["es"]);
    expect(again).toEqual({
      kind: "unchanged",
      message: `Tu entrega está reservada para: ${date("es")}, 14:00–16:00.`,
    });
    const rating = { change: "rating" as const, value: 5, reasons: [], comment: "" };
    expect(await rateDelivery(deps, token, SHOP, rating, ["fr"])).toEqual({
      kind: "closed",
      message: "Vous pourrez noter la livraison une fois qu'elle sera arrivée.",
    });
  });

  it("knows no delivery of another shop's token, nor an unknown token", async () => {
    const { token } = await bookedDelivery();
    expect(await applyShopperChange(deps, token, "other.myshopify.com", { change: "notes", notes: "x" })).toEqual({
      kind: "not_found",
    });
    expect(await changeOptionsFor(deps, "A".repeat(22), SHOP)).toEqual({ kind: "not_found" });
  });
});
