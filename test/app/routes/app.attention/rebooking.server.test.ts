/**
 * The attention fixes that book a new courier delivery (issue 38 item 9): each shows its fresh price
 * for confirmation before anything is booked or canceled, and a returned delivery's "Deliver again"
 * books the returned items as a new courier delivery carried by the same fulfillment in Shopify.
 */
import { describe, expect, it } from "vitest";
import { attentionList, runAttentionAction } from "~/routes/app.attention/attention-list.server";
import { SANDBOX_RETURN_COMMAND } from "../../../courier-sandbox/commands";
import { drainJobs, INSTALLED_SHOP as SHOP } from "../../../support/installed-shop";
import { attentionWorld, STAFF } from "./attention-world";

const world = attentionWorld("sandbox-token-rebooking");
const { runtime, db, dispatchedShipment, postEvents, runToTheEnd, courierCreates, actionDeps } = world;

/** A delivery the courier returned to the store: attempted, then brought back (the sandbox's command). */
async function returnedDelivery() {
  const shipment = await dispatchedShipment();
  const courierId = shipment.courierShipmentId!;
  const booked = world.sandbox().shipment(courierId)!;
  await (await runtime.courierFor(SHOP))!.updateShipment(courierId, {
    delivery_location: { ...booked.request.delivery_location, notes: SANDBOX_RETURN_COMMAND },
  });
  await runToTheEnd(courierId);
  return db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
}

const fulfillmentsOf = (orderGid: string) =>
  world
    .standIn()
    .shop(SHOP)
    .orders.find((o) => o.id === orderGid)!.fulfillments;

describe("re-booking from the attention list", () => {
  it("delivers a returned delivery's items again on the same fulfillment, its fresh price confirmed first", async () => {
    const returned = await returnedDelivery();
    expect(returned).toMatchObject({ state: "returned", needsAttention: true, attentionCode: "returned" });
    const [fulfillment] = fulfillmentsOf(returned.orderGid);
    expect(fulfillment!.id).toBe(returned.fulfillmentGid);
    expect(fulfillment!.events.map((e) => e.status)).toContain("FAILURE");

    const item = (await attentionList(db, SHOP)).items.find((i) => i.shipmentId === returned.id)!;
    expect(item.fixes.map((f) => [f.action, f.label])).toEqual([
      ["deliver_again", "Deliver again"],
      ["fix_order", "Refund in Shopify"],
    ]);

    const deps = await actionDeps();
    const before = courierCreates();
    const asked = await runAttentionAction(deps, SHOP, { intent: "deliver_again", shipmentId: returned.id }, STAFF);
    expect(asked).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Delivering the returned items again costs \$\d+\.\d\d now for .+\. Confirm/),
      confirm: {
        intent: "deliver_again",
        priceCents: expect.any(Number),
        serviceCode: expect.any(String),
        label: "Confirm and deliver again",
      },
    });
    // Priced only: nothing booked, the item still there.
    await drainJobs(runtime);
    expect(courierCreates()).toBe(before);
    expect((await db.shipment.findUniqueOrThrow({ where: { id: returned.id } })).needsAttention).toBe(true);

    const confirmed = await runAttentionAction(
      deps,
      SHOP,
      { intent: "deliver_again", shipmentId: returned.id, confirmed: "true", serviceCode: asked.confirm!.serviceCode! },
      STAFF,
    );
    expect(confirmed).toEqual({
      ok: true,
      message: "The returned items are being delivered again.",
      shipmentId: returned.id,
    });
    await drainJobs(runtime);
    expect(courierCreates()).toBe(before + 1);
    const again = await db.shipment.findFirstOrThrow({
      where: { fulfillmentOrderGid: returned.fulfillmentOrderGid, generation: { gt: returned.generation } },
    });
    expect(again).toMatchObject({
      state: "scheduled",
      serviceCode: asked.confirm!.serviceCode,
      fulfillmentGid: returned.fulfillmentGid,
      priceCents: asked.confirm!.priceCents,
    });
    const courierAgain = world.sandbox().shipment(again.courierShipmentId!)!;
    expect(courierAgain.request.items).toEqual(world.sandbox().shipment(returned.courierShipmentId!)!.request.items);
    expect(again.idempotencyKey).not.toBe(returned.idempotencyKey);
    expect(again.courierShipmentId).not.toBe(returned.courierShipmentId);
    expect(await attentionList(db, SHOP)).toEqual({ items: [], total: 0 });
    // A second click is refused in words: the item is closed.
    expect(
      await runAttentionAction(
        deps,
        SHOP,
        { intent: "deliver_again", shipmentId: returned.id, confirmed: "true" },
        STAFF,
      ),
    ).toMatchObject({ ok: false, message: "This delivery no longer needs attention. Reload the page." });

    // Booked: the fulfillment's tracking is now the new shipment's; no second fulfillment.
    await postEvents(again.courierShipmentId!);
    expect(fulfillmentsOf(returned.orderGid)).toHaveLength(1);
    expect(fulfillmentsOf(returned.orderGid)[0]!.trackingInfo.map((t) => t.number)).toEqual([again.trackingNumber]);
    // Delivered: the same fulfillment shows it after its FAILURE, and the order is delivered.
    await runToTheEnd(again.courierShipmentId!);
    expect((await db.shipment.findUniqueOrThrow({ where: { id: again.id } })).state).toBe("delivered");
    const statuses = fulfillmentsOf(returned.orderGid)[0]!.events.map((e) => e.status);
    expect(statuses.slice(statuses.indexOf("FAILURE"))).toEqual(
      expect.arrayContaining(["FAILURE", "CARRIER_PICKED_UP", "DELIVERED"]),
    );
    expect(statuses.lastIndexOf("DELIVERED")).toBeGreaterThan(statuses.indexOf("FAILURE"));
  });

  it("flags the returned delivery again, with why, when the order no longer allows the re-delivery", async () => {
    const returned = await returnedDelivery();
    const deps = await actionDeps();
    const asked = await runAttentionAction(deps, SHOP, { intent: "deliver_again", shipmentId: returned.id }, STAFF);
    expect(asked.confirm?.intent).toBe("deliver_again");
    // Canceled in Shopify between the price and the confirmation.
    world
      .standIn()
      .shop(SHOP)
      .orders.find((o) => o.id === returned.orderGid)!.cancelledAt = new Date().toISOString();
    const before = courierCreates();
    expect(
      await runAttentionAction(
        deps,
        SHOP,
        { intent: "deliver_again", shipmentId: returned.id, confirmed: "true" },
        STAFF,
      ),
    ).toMatchObject({ ok: true });
    await drainJobs(runtime);
    expect(courierCreates()).toBe(before);
    expect(await db.shipment.findUniqueOrThrow({ where: { id: returned.id } })).toMatchObject({
      needsAttention: true,
      attentionCode: "returned",
      attentionReason: "The returned items could not be delivered again: The order was cancelled.",
    });
    // Asked again now: not offered, the reason said.
    expect(
      await runAttentionAction(deps, SHOP, { intent: "deliver_again", shipmentId: returned.id }, STAFF),
    ).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^The returned items cannot be delivered again now: The order was cancelled\./),
    });
  });

  it("shows the fresh price before canceling and dispatching again a delivery the order outgrew", async () => {
    const shipment = await dispatchedShipment();
    // An order change the courier could not follow (a driver had it): the sync flags it so.
    await db.shipment.update({
      where: { id: shipment.id },
      data: { needsAttention: true, attentionCode: "order_changed", attentionReason: null },
    });
    const deps = await actionDeps();
    const before = courierCreates();
    const asked = await runAttentionAction(deps, SHOP, { intent: "dispatch_again", shipmentId: shipment.id }, STAFF);
    expect(asked).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Canceling and dispatching again costs \$\d+\.\d\d now for .+\(it was booked at/),
      confirm: {
        intent: "dispatch_again",
        priceCents: expect.any(Number),
        label: "Confirm, cancel and dispatch again",
      },
    });
    // Nothing canceled or booked before the confirmation.
    await drainJobs(runtime);
    expect(world.sandbox().shipment(shipment.courierShipmentId!)!.state).toBe("scheduled");
    expect(courierCreates()).toBe(before);

    expect(
      await runAttentionAction(
        deps,
        SHOP,
        { intent: "dispatch_again", shipmentId: shipment.id, confirmed: "true" },
        STAFF,
      ),
    ).toMatchObject({ ok: true });
    await drainJobs(runtime);
    expect(world.sandbox().shipment(shipment.courierShipmentId!)!.state).toBe("canceled");
    expect(courierCreates()).toBe(before + 1);
    expect(
      await db.shipment.findFirstOrThrow({ where: { orderGid: shipment.orderGid, generation: { gt: 1 } } }),
    ).toMatchObject({ state: "scheduled" });
  });
});
