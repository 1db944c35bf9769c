import { describe, expect, it } from "vitest";
import { attentionCount, attentionList, runAttentionAction } from "~/routes/app.attention/attention-list.server";
import { drainJobs, INSTALLED_SHOP as SHOP } from "../../../support/installed-shop";
import { attentionWorld, STAFF } from "./attention-world";

const world = attentionWorld("sandbox-token-attention");
const { runtime, db, dispatchedShipment, postEvents, expire, actionDeps } = world;

describe("the attention list and its actions", () => {
  it("lists an expiry with its reason and dispatch again; the action resolves it and the count drops", async () => {
    const priced = await dispatchedShipment();
    const expired = await dispatchedShipment();
    await expire(expired.courierShipmentId!);
    // The other one was priced off the quote (as the dispatch job flags it).
    await db.shipment.update({
      where: { id: priced.id },
      data: { needsAttention: true, attentionCode: "price_differs", attentionReason: null },
    });

    const list = await attentionList(db, SHOP);
    expect(list.total).toBe(2);
    expect(list.items.map((i) => [i.shipmentId, i.code, i.action])).toEqual(
      expect.arrayContaining([
        [expired.id, "expired", "dispatch_again"],
        [priced.id, "price_differs", "cancel"],
      ]),
    );
    const item = list.items.find((i) => i.shipmentId === expired.id)!;
    expect(item.reason).toMatch(/no driver accepted before the delivery deadline/);
    expect(item.orderAdminUrl).toMatch(/^shopify:\/\/admin\/orders\/\d+$/);

    const deps = await actionDeps();
    // Only the action the reason names.
    expect(await runAttentionAction(deps, SHOP, { intent: "cancel", shipmentId: expired.id }, STAFF)).toMatchObject({
      ok: false,
      message: "This action does not fit this delivery.",
    });
    expect(
      await runAttentionAction(
        deps,
        SHOP,
        { intent: "dispatch_again", shipmentId: expired.id, confirmed: "true" },
        STAFF,
      ),
    ).toMatchObject({ ok: true });
    expect(await attentionCount(db, SHOP)).toBe(1);
    // Already resolved: a second click is refused in words.
    expect(
      await runAttentionAction(deps, SHOP, { intent: "dispatch_again", shipmentId: expired.id }, STAFF),
    ).toMatchObject({ ok: false, message: "This delivery no longer needs attention. Reload the page." });
    await drainJobs(runtime);
    const fresh = await db.shipment.findFirstOrThrow({ where: { orderGid: expired.orderGid, generation: 2 } });
    expect(fresh.state).toBe("scheduled");

    expect(await runAttentionAction(deps, SHOP, { intent: "cancel", shipmentId: priced.id }, STAFF)).toMatchObject({
      ok: true,
      message: "The delivery was canceled.",
    });
    expect(world.sandbox().shipment(priced.courierShipmentId!)!.state).toBe("canceled");
    expect(await attentionList(db, SHOP)).toEqual({ items: [], total: 0 });
  });

  it("shows a re-booking's fresh price for confirmation before booking it (issue 38 item 9)", async () => {
    const expired = await dispatchedShipment();
    await expire(expired.courierShipmentId!);
    const deps = await actionDeps();
    const created = world.courierCreates;
    const before = created();
    const asked = await runAttentionAction(deps, SHOP, { intent: "dispatch_again", shipmentId: expired.id }, STAFF);
    expect(asked).toMatchObject({
      ok: false,
      confirm: { intent: "dispatch_again", priceCents: expect.any(Number) },
      message: expect.stringMatching(/^Dispatching again costs \$\d+\.\d\d now/),
    });
    // Nothing booked or changed yet: still needing attention, no new courier shipment.
    await drainJobs(runtime);
    expect(created()).toBe(before);
    expect(await db.shipment.count({ where: { orderGid: expired.orderGid } })).toBe(1);
    expect((await db.shipment.findUniqueOrThrow({ where: { id: expired.id } })).needsAttention).toBe(true);

    const confirmed = await runAttentionAction(
      deps,
      SHOP,
      { intent: "dispatch_again", shipmentId: expired.id, confirmed: "true" },
      STAFF,
    );
    expect(confirmed).toMatchObject({ ok: true });
    await drainJobs(runtime);
    expect(created()).toBe(before + 1);
  });

  it("offers a returned delivery only what can work: no Dispatch again (issue 38 item 9)", async () => {
    const shipment = await dispatchedShipment();
    await db.shipment.update({
      where: { id: shipment.id },
      data: { state: "returned", needsAttention: true, attentionCode: "returned", attentionReason: null },
    });
    const item = (await attentionList(db, SHOP)).items.find((i) => i.shipmentId === shipment.id)!;
    expect(item.fixes.map((fix) => fix.action)).not.toContain("dispatch_again");
    expect(item.fixes.map((fix) => fix.label).join(" ")).toMatch(/refund/i);
    // Every fix that posts (not a link to the order in Shopify) works on it: at once, or (a re-booking)
    // priced for confirmation first.
    const deps = await actionDeps();
    for (const fix of item.fixes.filter((f) => f.action !== "fix_order")) {
      const result = await runAttentionAction(deps, SHOP, { intent: fix.action, shipmentId: shipment.id }, STAFF);
      expect(result.ok || typeof result.confirm?.priceCents === "number", `${fix.label}: ${result.message}`).toBe(true);
    }
    expect(
      await runAttentionAction(deps, SHOP, { intent: "dispatch_again", shipmentId: shipment.id }, STAFF),
    ).toMatchObject({ ok: false, message: "This action does not fit this delivery." });
  });

  it("resolves an item with a note: off the list, on the timeline with who, in the staff actions", async () => {
    const shipment = await dispatchedShipment();
    await db.shipment.update({
      where: { id: shipment.id },
      data: { needsAttention: true, attentionCode: "price_differs", attentionReason: null },
    });
    const deps = await actionDeps();
    const item = (await attentionList(db, SHOP)).items[0]!;
    expect(item.fixes.map((f) => f.action)).toEqual(["cancel"]);
    expect(
      await runAttentionAction(deps, SHOP, { intent: "resolve", shipmentId: shipment.id, note: "  " }, STAFF),
    ).toEqual({ ok: false, message: "Say what was done, for the rest of the team.", shipmentId: shipment.id });
    expect(await attentionCount(db, SHOP)).toBe(1);
    expect(
      await runAttentionAction(
        deps,
        SHOP,
        { intent: "resolve", shipmentId: shipment.id, note: "Agreed the new price with the courier by phone." },
        STAFF,
      ),
    ).toMatchObject({ ok: true, message: "Marked as resolved." });
    expect(await attentionCount(db, SHOP)).toBe(0);
    const after = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(after).toMatchObject({ needsAttention: false, attentionCode: null, state: "scheduled" });
    const activity = await db.shipmentActivity.findFirstOrThrow({
      where: { shipmentId: shipment.id, kind: "attention_resolved" },
    });
    expect(activity.message).toMatch(
      /^Resolved by Maria Lopez: Agreed the new price with the courier by phone\. \(was: The courier charges/,
    );
    const staffAction = await db.staffAction.findFirstOrThrow({
      where: { shipmentId: shipment.id, action: "resolve" },
    });
    expect(staffAction).toMatchObject({ staffUserId: "9001", staffName: "Maria Lopez" });
    expect(staffAction.detail).not.toContain("phone");
    expect(
      await runAttentionAction(deps, SHOP, { intent: "resolve", shipmentId: shipment.id, note: "again" }, STAFF),
    ).toMatchObject({ ok: false, message: "This delivery no longer needs attention. Reload the page." });
  });

  it("raises a waiting delivery's pay now within the shop's caps, and cancels it with the chosen reason", async () => {
    const shipment = await dispatchedShipment();
    await db.shipment.update({
      where: { id: shipment.id },
      data: { needsAttention: true, attentionCode: "no_driver_yet", attentionReason: null },
    });
    const deps = await actionDeps();
    const item = (await attentionList(db, SHOP)).items[0]!;
    expect(item.fixes.map((f) => [f.action, f.label])).toEqual([
      ["raise_pay", "Raise pay now"],
      ["cancel", "Cancel the delivery"],
    ]);
    // The shop's defaults: $2.00 a raise, at most $6.00 a delivery.
    for (const total of [2, 4, 6]) {
      expect(await runAttentionAction(deps, SHOP, { intent: "raise_pay", shipmentId: shipment.id }, STAFF)).toEqual({
        ok: true,
        message: "The driver's pay was raised by $2.00.",
        shipmentId: shipment.id,
      });
      expect(world.sandbox().shipment(shipment.courierShipmentId!)!.request.options.extra_compensation).toBe(total);
    }
    expect(await runAttentionAction(deps, SHOP, { intent: "raise_pay", shipmentId: shipment.id }, STAFF)).toMatchObject(
      { ok: false, message: expect.stringMatching(/^The driver's pay has reached its limit \(\$6\.00 per delivery/) },
    );
    const raises = await db.noDriverRaise.findMany({ where: { shipmentId: shipment.id } });
    expect(raises.map((r) => [r.amountCents, r.sentAt !== null])).toEqual([
      [200, true],
      [200, true],
      [200, true],
    ]);
    expect(await db.staffAction.count({ where: { shipmentId: shipment.id, action: "raise_pay" } })).toBe(3);
    // Still waiting for a driver: the item stays until one takes it (or staff close it).
    expect(await attentionCount(db, SHOP)).toBe(1);
    expect(
      await runAttentionAction(deps, SHOP, { intent: "dispatch_again", shipmentId: shipment.id }, STAFF),
    ).toMatchObject({ ok: false, message: "This action does not fit this delivery." });
    expect(
      await runAttentionAction(
        deps,
        SHOP,
        { intent: "cancel", shipmentId: shipment.id, code: "order_canceled", comment: "" },
        STAFF,
      ),
    ).toMatchObject({ ok: true, message: "The delivery was canceled." });
    expect(world.sandbox().shipment(shipment.courierShipmentId!)!.state).toBe("canceled");
    expect(
      await db.shipmentActivity.findFirst({ where: { shipmentId: shipment.id, kind: "staff_cancel:order_canceled" } }),
    ).not.toBeNull();
  });

  it("closes a price difference by itself once the delivery is delivered", async () => {
    const shipment = await dispatchedShipment();
    await db.shipment.update({
      where: { id: shipment.id },
      data: { needsAttention: true, attentionCode: "price_differs", attentionReason: "The courier charges more." },
    });
    const courierId = shipment.courierShipmentId!;
    for (let step = 0; step < 20 && world.sandbox().shipment(courierId)!.state !== "delivered"; step += 1) {
      world.sandbox().advance(courierId);
    }
    expect(world.sandbox().shipment(courierId)!.state).toBe("delivered");
    await postEvents(courierId);
    const after = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(after).toMatchObject({ state: "delivered", needsAttention: false, attentionCode: null });
    const closed = await db.shipmentActivity.findFirstOrThrow({
      where: { shipmentId: shipment.id, kind: "attention_closed_automatically" },
    });
    expect(closed.message).toMatch(/price difference can no longer be acted on/);
    expect(await attentionCount(db, SHOP)).toBe(0);
  });

  it("refuses another shop's shipment and a malformed id as a result, not an error", async () => {
    const deps = await actionDeps();
    expect(await runAttentionAction(deps, SHOP, { intent: "dispatch_again", shipmentId: "nope" }, STAFF)).toMatchObject(
      { ok: false },
    );
    expect(await runAttentionAction(deps, "other.myshopify.com", { intent: "x", shipmentId: "" }, STAFF)).toMatchObject(
      { ok: false },
    );
  });
});
