/**
 * What a shopper's window move promises, against the courier sandbox and the real dispatch: the
 * price ceiling is what the shopper paid (a driver-pay raise does not lift it), the courier's price
 * for the new window is kept, the window list costs a few courier estimates per delivery however
 * many windows the store offers, the new slot's place is taken before the courier is asked (so two
 * shoppers cannot both take the last place, and a refused update gives it back), and the no-driver
 * watch follows the delivery to its new time.
 */
import { describe, expect, it } from "vitest";
import { getRuntime } from "~/runtime.server";
import { slotKeyOf } from "~/schedule/capacity";
import { serviceCodeFor, windowIdFromServiceCode } from "~/schedule/service-code";
import { zonedTimeOnDate } from "~/schedule/time-zone";
import { COURIER_PRICED, type DeliveryWindow } from "~/settings/shop-settings";
import { OVER_CAPACITY_ACTIVITY, SHOPPER_CHANGE_ACTIVITY } from "~/shipments/activity-kinds";
import { NO_DRIVER_WATCH_JOB } from "~/tracking/no-driver-watch-job";
import { MOVE_PRICE_ESTIMATES } from "~/tracking-page/movable-windows.server";
import { SETTLE_SLOT_MOVE_JOB } from "~/tracking-page/slot-move-job";
import { drainJobs } from "../../support/installed-shop";
import { applyShopperChange, changeOptionsFor } from "~/tracking-page/shopper-changes.server";
import { confirmRaise, createdOptions, raiseExtraCompensation, reserveRaise } from "~/watchdog/public.server";
import { NO_DRIVER_WATCH_DEFAULTS } from "~/settings/no-driver-schema";
import {
  booked,
  day,
  db,
  deps,
  evening,
  later,
  NY,
  SHOP,
  slots,
  updateSettings,
  useBookedDeliveries,
} from "./booked-delivery";

const COURIER_TOKEN = "sandbox-token-window-moves";
const { state, bookedDelivery, updatesOf } = useBookedDeliveries(COURIER_TOKEN);

/** A courier-priced window (the shop's rules add nothing) with a surcharge, at the given start times. */
const surcharged = (id: string, surchargeCents: number, startTimes: string[]): DeliveryWindow => ({
  ...slots,
  id,
  serviceName: id === "express" ? "Express" : slots.serviceName,
  startTimes,
  price: { ...COURIER_PRICED, surchargeCents },
});

async function offeredCodes(token: string): Promise<string[]> {
  const options = await changeOptionsFor(deps, token, SHOP);
  expect(options.kind).toBe("open");
  return options.kind === "open" ? options.windows.map((w) => w.serviceCode) : [];
}

/** One raise of the driver's pay through the watchdog's ledger and the courier's update, as a look makes it. */
async function raiseDriverPay(shipmentId: string) {
  const shipment = await db.shipment.findUniqueOrThrow({ where: { id: shipmentId }, include: { shop: true } });
  const now = new Date();
  const raise = await reserveRaise(db, {
    shop: { id: shipment.shop.id, timezone: shipment.shop.timezone },
    shipmentId,
    courierShipmentId: shipment.courierShipmentId!,
    checkAt: now,
    settings: { ...NO_DRIVER_WATCH_DEFAULTS, raisesEnabled: true },
    startingExtraCents: 0,
    now,
  });
  expect(raise?.amountCents).toBe(200);
  const courier = (await getRuntime().courierFor(SHOP))!;
  const outcome = await raiseExtraCompensation(courier, {
    courierShipmentId: shipment.courierShipmentId!,
    options: createdOptions(shipment.requestJson),
    extraCompensationCents: raise!.extraCompensationCents,
  });
  expect(outcome.kind).toBe("raised");
  await confirmRaise(db, raise!, outcome.kind === "raised" ? outcome.priceCents : null, now);
}

const keyAt = (time: string) => slotKeyOf(state.location, "slots", day, time);
const timeOfKey = (key: string | undefined) =>
  key === undefined ? null : (["10:00", "14:00", "18:00"].find((time) => keyAt(time) === key) ?? key);

/** The slots a shipment holds a place in: its own, and the one a move of it holds (null: none). */
async function placesOf(shipmentId: string) {
  const [own, moving] = await Promise.all([
    db.slotReservation.findUnique({ where: { shipmentId } }),
    db.slotReservation.findUnique({ where: { movingShipmentId: shipmentId } }),
  ]);
  return { own: timeOfKey(own?.slotKey), moving: timeOfKey(moving?.slotKey) };
}

/** The shopper-change deps with the courier's PATCH of a window run through `during` (the real call is `patch`). */
function courierDuringPatch(during: (patch: () => Promise<unknown>) => Promise<unknown>): typeof deps {
  return {
    ...deps,
    courierFor: async (shopDomain) => {
      const courier = (await deps.courierFor(shopDomain))!;
      return {
        ...courier,
        updateShipment: ((...args: Parameters<typeof courier.updateShipment>) =>
          during(() => courier.updateShipment(...args))) as typeof courier.updateShipment,
      };
    },
  };
}

/** Runs the window moves' settle jobs now, as if their time had come. */
async function runSettleJobs() {
  await db.job.updateMany({ where: { kind: SETTLE_SLOT_MOVE_JOB, state: "queued" }, data: { runAt: new Date() } });
  await drainJobs(getRuntime());
}

const estimatesSent = () => state.sandbox.requestLog.filter((r) => r.path === "/v1/estimates").length;

describe("a shopper's window move", () => {
  it("after a driver-pay raise, offers and takes no window dearer than what the shopper paid", async () => {
    const express = surcharged("express", 150, ["12:00", "16:00"]);
    await updateSettings((stored) => ({
      ...stored,
      deliveryWindows: [surcharged("slots", 0, slots.startTimes), express],
    }));
    const { shipment, token } = await bookedDelivery();
    // What checkout charged for the booked window: the courier's price (the shop's rules add nothing).
    await db.shipment.update({ where: { id: shipment.id }, data: { shopperPriceCents: shipment.priceCents } });
    const expressNoon = serviceCodeFor("express", day, "12:00");

    const before = await offeredCodes(token);
    expect(before).toContain(later);
    expect(before).not.toContain(expressNoon);

    await raiseDriverPay(shipment.id);
    const raised = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(raised.priceCents).toBe(shipment.priceCents! + 200);

    const after = await offeredCodes(token);
    expect(after).toContain(later);
    expect(after.filter((code) => windowIdFromServiceCode(code) === "express")).toEqual([]);
    const moved = await applyShopperChange(deps, token, SHOP, { change: "window", serviceCode: expressNoon });
    expect(moved).toMatchObject({ kind: "refused", status: 409 });
    expect(updatesOf(shipment.courierShipmentId!).filter((u) => "deliver_between" in (u.body as object))).toEqual([]);
  });

  it("keeps the courier's price for the new window, on the shipment and its timeline", async () => {
    const express = surcharged("express", 300, ["10:00"]);
    await updateSettings((stored) => ({
      ...stored,
      deliveryWindows: [express, surcharged("slots", 0, ["14:00", "18:00"])],
    }));
    // The courier charges a dollar more for a window from 18:00 on.
    const peak = zonedTimeOnDate(day, "18:00", NY);
    state.sandbox.setAccountOptions(COURIER_TOKEN, { peakPricing: { from: peak.toISOString(), extraDollars: 1 } });
    try {
      const { shipment, token } = await bookedDelivery(serviceCodeFor("express", day, "10:00"), { title: "Express" });
      await db.shipment.update({ where: { id: shipment.id }, data: { shopperPriceCents: shipment.priceCents! + 300 } });

      const moved = await applyShopperChange(deps, token, SHOP, { change: "window", serviceCode: evening });
      expect(moved.kind).toBe("changed");
      const courierPrice = state.sandbox.shipment(shipment.courierShipmentId!)!.price;
      expect(courierPrice * 100).toBeCloseTo(shipment.priceCents! + 100);
      const row = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id }, include: { activities: true } });
      expect(row.priceCents).toBe(shipment.priceCents! + 100);
      const entry = row.activities.find((a) => a.kind === SHOPPER_CHANGE_ACTIVITY.window);
      expect(entry?.message).toContain(`The courier now charges $${courierPrice.toFixed(2)}`);
    } finally {
      state.sandbox.setAccountOptions(COURIER_TOKEN, { peakPricing: null });
    }
  });

  it(`prices the window list from at most ${MOVE_PRICE_ESTIMATES} courier estimates per delivery, kept for the next list`, async () => {
    // Ten windows of nine slots each: up to 90 candidates.
    const many = Array.from({ length: 10 }, (_, i) =>
      surcharged(i === 0 ? "slots" : `w${i}`, 0, ["08:00", "10:00", "12:00", "14:00", "16:00", "18:00", "20:00"]),
    );
    await updateSettings((stored) => ({ ...stored, deliveryWindows: many }));
    const { token } = await bookedDelivery();
    const first = estimatesSent();
    const codes = await offeredCodes(token);
    expect(codes.length).toBeGreaterThan(20);
    expect(estimatesSent() - first).toBeLessThanOrEqual(MOVE_PRICE_ESTIMATES);
    expect(estimatesSent() - first).toBeGreaterThan(0);
    const second = estimatesSent();
    expect(await offeredCodes(token)).toEqual(codes);
    expect(estimatesSent()).toBe(second);
  });

  it("two shoppers moving into the last place: one moves, the other is told it is full; only one PATCH", async () => {
    const a = await bookedDelivery(booked);
    const b = await bookedDelivery(later);
    const results = await Promise.all(
      [a, b].map(({ token }) => applyShopperChange(deps, token, SHOP, { change: "window", serviceCode: evening })),
    );
    expect(results.map((r) => r.kind).sort()).toEqual(["changed", "refused"]);
    expect(results.find((r) => r.kind === "refused")).toMatchObject({ status: 409 });
    const windowPatches = [a, b].flatMap(({ shipment }) =>
      updatesOf(shipment.courierShipmentId!).filter((u) => "deliver_between" in (u.body as object)),
    );
    expect(windowPatches).toHaveLength(1);
    const eveningKey = slotKeyOf(state.location, "slots", day, "18:00");
    const inEvening = await db.slotReservation.findMany({ where: { slotKey: eveningKey, releasedAt: null } });
    expect(inEvening).toHaveLength(1);
    expect(inEvening[0]!.overCapacity).toBe(false);
    // The one refused keeps its own place.
    const loser = results[0]!.kind === "refused" ? a : b;
    const kept = await db.slotReservation.findUniqueOrThrow({ where: { shipmentId: loser.shipment.id } });
    expect(kept.slotKey).toBe(slotKeyOf(state.location, "slots", day, loser === a ? "10:00" : "14:00"));
    expect(kept.releasedAt).toBeNull();
  });

  it("a PATCH without an answer keeps the new place until the settle job reads the courier: then gives it back", async () => {
    const { shipment, token } = await bookedDelivery(booked);
    state.sandbox.setFaults({ failNext: [{ status: 503, count: 5, method: "PATCH" }] });
    try {
      const moved = await applyShopperChange(deps, token, SHOP, { change: "window", serviceCode: later });
      expect(moved).toMatchObject({ kind: "refused", status: 503 });
    } finally {
      state.sandbox.resetFaults();
    }
    // The answer never came (a 503 may come after the courier acted): both places held for now.
    expect(await placesOf(shipment.id)).toEqual({ own: "10:00", moving: "14:00" });
    await runSettleJobs();
    const row = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id }, include: { slotReservation: true } });
    expect(row.serviceCode).toBe(booked);
    expect(await placesOf(shipment.id)).toEqual({ own: "10:00", moving: null });
    expect(row.slotReservation!.overCapacity).toBe(false);
    expect(row.slotReservation!.releasedAt).toBeNull();
    // The 14:00 place is free: another order takes it within capacity.
    const other = await bookedDelivery(later);
    const otherPlace = await db.slotReservation.findUniqueOrThrow({ where: { shipmentId: other.shipment.id } });
    expect(otherPlace.overCapacity).toBe(false);
  });

  it("a PATCH refused after another booking came for the old slot: the delivery keeps its place, within capacity", async () => {
    const { shipment, token } = await bookedDelivery(booked);
    let other: Awaited<ReturnType<typeof bookedDelivery>> | undefined;
    // While the courier is asked, another paid order is dispatched into the 10:00 slot; then the courier refuses.
    const refusing = courierDuringPatch(async (patch) => {
      other = await bookedDelivery(booked);
      state.sandbox.setFaults({ failNext: [{ status: 400, count: 1, method: "PATCH" }] });
      try {
        return await patch();
      } finally {
        state.sandbox.resetFaults();
      }
    });
    const moved = await applyShopperChange(refusing, token, SHOP, { change: "window", serviceCode: later });
    expect(moved).toMatchObject({ kind: "refused", status: 400 });
    const own = await db.slotReservation.findUniqueOrThrow({ where: { shipmentId: shipment.id } });
    expect(own).toMatchObject({ slotKey: keyAt("10:00"), overCapacity: false, releasedAt: null });
    expect(await placesOf(shipment.id)).toEqual({ own: "10:00", moving: null });
    expect(await db.shipmentActivity.count({ where: { shipmentId: shipment.id, kind: OVER_CAPACITY_ACTIVITY } })).toBe(
      0,
    );
    // The other order found the slot full, as it was: booked all the same and marked (as at dispatch).
    const others = await db.slotReservation.findUniqueOrThrow({ where: { shipmentId: other!.shipment.id } });
    expect(others.overCapacity).toBe(true);
  });

  it("a process dying before the PATCH: the settle job gives the held place back, the booking keeps its own", async () => {
    const { shipment, token } = await bookedDelivery(booked);
    const dying = courierDuringPatch(async () => {
      throw new Error("The process died here.");
    });
    await expect(applyShopperChange(dying, token, SHOP, { change: "window", serviceCode: later })).rejects.toThrow(
      "The process died here.",
    );
    expect(await placesOf(shipment.id)).toEqual({ own: "10:00", moving: "14:00" });
    // Meanwhile a second move of the same delivery waits for it to settle.
    expect(await applyShopperChange(deps, token, SHOP, { change: "window", serviceCode: evening })).toMatchObject({
      kind: "refused",
      status: 409,
    });
    await runSettleJobs();
    expect(await placesOf(shipment.id)).toEqual({ own: "10:00", moving: null });
    expect((await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).serviceCode).toBe(booked);
  });

  it("a process dying after the courier took the PATCH: the settle job records the move from the courier's record", async () => {
    const { shipment, token } = await bookedDelivery(booked);
    const dying = courierDuringPatch(async (patch) => {
      await patch();
      throw new Error("The process died here.");
    });
    await expect(applyShopperChange(dying, token, SHOP, { change: "window", serviceCode: later })).rejects.toThrow(
      "The process died here.",
    );
    expect((await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).serviceCode).toBe(booked);
    await runSettleJobs();
    const row = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(row.serviceCode).toBe(later);
    expect(row.deliverStart).toEqual(zonedTimeOnDate(day, "14:00", NY));
    expect(await placesOf(shipment.id)).toEqual({ own: "14:00", moving: null });
    const entry = await db.shipmentActivity.findFirstOrThrow({
      where: { shipmentId: shipment.id, kind: SHOPPER_CHANGE_ACTIVITY.window },
    });
    expect(entry.message).toMatch(/recorded now from the courier's record/);
    // The 10:00 place is free again: another order takes it within capacity.
    const other = await bookedDelivery(booked);
    expect(
      (await db.slotReservation.findUniqueOrThrow({ where: { shipmentId: other.shipment.id } })).overCapacity,
    ).toBe(false);
  });

  it("moving to an earlier window starts the no-driver watch at the new time", async () => {
    const { shipment, token } = await bookedDelivery(evening);
    const watches = () =>
      db.job.findMany({
        where: { kind: NO_DRIVER_WATCH_JOB, state: "queued", payloadJson: { contains: shipment.id } },
      });
    const firstLook = (pickup: string) =>
      new Date(
        zonedTimeOnDate(day, pickup, NY).getTime() -
          Math.max(...NO_DRIVER_WATCH_DEFAULTS.raiseMinutesBeforePickup) * 60_000,
      );
    expect((await watches()).map((job) => job.runAt)).toEqual([firstLook("18:00")]);

    expect((await applyShopperChange(deps, token, SHOP, { change: "window", serviceCode: booked })).kind).toBe(
      "changed",
    );
    const runAts = (await watches()).map((job) => job.runAt.getTime());
    expect(runAts).toContain(firstLook("10:00").getTime());
  });
});
