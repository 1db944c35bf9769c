/**
 * The app's Shopify Flow actions (POST /flow/actions), called as Flow calls them: the documented
 * request body, signed like a webhook with the app's secret. Courier calls reach the courier sandbox
 * over HTTP; Admin GraphQL calls reach the Shopify stand-in.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as flowAction, loader as flowLoader } from "~/routes/flow.actions";
import { ALREADY_DONE, NO_DELIVERY, NO_SUCH_DELIVERY, runFlowAction } from "~/flow-actions/run.server";
import { staffDeps } from "~/server/staff-http.server";
import { unauthenticated } from "~/shopify.server";
import { FLOW_ACTION_MAX_BODY_BYTES, parseFlowActionRequest } from "~/flow-actions/flow-action-request";
import type { CourierSandbox } from "../../courier-sandbox/server";
import { signWebhook } from "../../support/shopify-signing";
import { TEST_API_SECRET } from "../../support/test-env";
import { drainJobs } from "../../support/installed-shop";
import { call, json } from "./embedded";
import { OTHER_SHOP, SHOP, setUpStaffWorld, startSandbox, type StaffWorld } from "./staff-fixture";

let sandbox: CourierSandbox;
let world: StaffWorld;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  world = await setUpStaffWorld(sandbox);
});

const courierCalls = () => sandbox.requestLog.filter((e) => e.token === world.courierToken && e.method !== "GET");
const orderIdOf = (gid: string) => gid.split("/").pop()!;

/** Flow's documented request body for one run of `handle`. */
function flowBody(
  handle: string,
  properties: Record<string, unknown>,
  options: { runId?: string; shop?: string } = {},
) {
  return JSON.stringify({
    shop_id: "1",
    shopify_domain: options.shop ?? SHOP,
    action_run_id: options.runId ?? randomUUID(),
    action_definition_id: handle,
    handle,
    properties: { step_reference: randomUUID(), ...properties },
  });
}

function flowRequest(body: string, options: { hmac?: string | null } = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  const hmac = options.hmac === undefined ? signWebhook(body, TEST_API_SECRET) : options.hmac;
  if (hmac !== null) headers["X-Shopify-Hmac-Sha256"] = hmac;
  return new Request("https://courier-app.test/flow/actions", { method: "POST", body, headers });
}

const run = async (body: string, options: { hmac?: string | null } = {}) =>
  json<{ message: string }>(await call(flowAction, flowRequest(body, options), {}));

describe("POST /flow/actions: who may call it", () => {
  it("refuses an unsigned request and one signed with another secret (401), and changes nothing", async () => {
    const shipment = await world.book("scheduled");
    const booked = courierCalls().length;
    const body = flowBody("cancel-delivery", { order_id: orderIdOf(shipment.orderGid), reason: "duplicate_order" });
    for (const hmac of [null, signWebhook(body, "not-the-app-secret"), "not base64!", ""]) {
      const response = await run(body, { hmac });
      expect(response.status, String(hmac)).toBe(401);
      expect(response.body.message).toBe("The request is not signed by Shopify for this app.");
    }
    // A body changed after signing.
    const tampered = await call(
      flowAction,
      new Request("https://courier-app.test/flow/actions", {
        method: "POST",
        body: body.replace("duplicate_order", "order_canceled"),
        headers: { "X-Shopify-Hmac-Sha256": signWebhook(body, TEST_API_SECRET) },
      }),
      {},
    );
    expect((tampered as Response).status).toBe(401);
    expect(sandbox.shipment(shipment.courierShipmentId!)!.state).toBe("scheduled");
    expect(courierCalls()).toHaveLength(booked);
    expect(await world.runtime.db.flowActionRun.count()).toBe(0);
  });

  it("refuses a body over the limit with 413 before checking anything, and a GET with 405", async () => {
    const big = flowBody("cancel-delivery", {
      order_id: "1",
      reason: "other",
      comment: "x".repeat(FLOW_ACTION_MAX_BODY_BYTES),
    });
    const response = await run(big);
    expect(response.status).toBe(413);
    const get = (await flowLoader()) as Response;
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
  });
});

describe("POST /flow/actions: wrong inputs are failed runs (4xx, not retried), in words", () => {
  it.each<[string, string, RegExp]>([
    ["not JSON", "{", /not JSON/],
    ["an unknown handle", flowBody("teleport-delivery", { order_id: "1" }), /handle: expected one of/],
    ["no order", flowBody("raise-driver-pay", {}), /order_id/],
    [
      "an order id that is no id",
      flowBody("raise-driver-pay", { order_id: "abc" }),
      /order_id: expected the order's id/,
    ],
    [
      "an unknown cancel reason",
      flowBody("cancel-delivery", { order_id: "1", reason: "bored" }),
      /reason: expected one of/,
    ],
    [
      "reason other without a comment",
      flowBody("cancel-delivery", { order_id: "1", reason: "other" }),
      /comment: Explain/,
    ],
    [
      "a run id with a lone surrogate (text no database can store)",
      flowBody("raise-driver-pay", { order_id: "1" }, { runId: "run-\ud8d4" }),
      /well-formed Unicode/,
    ],
    [
      "a shop that is no shop domain",
      flowBody("raise-driver-pay", { order_id: "1" }, { shop: "evil.com" }),
      /shopify_domain/,
    ],
  ])("%s: 400", async (_name, body, message) => {
    const response = await run(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
  });

  it("answers 404 for an order without a delivery, a Shipment ID the order does not have, and another shop's delivery", async () => {
    const shipment = await world.book("scheduled");
    const booked = courierCalls().length;
    const none = await run(flowBody("raise-driver-pay", { order_id: "777777" }));
    expect(none).toMatchObject({ status: 404, body: { message: NO_DELIVERY } });
    const wrong = await run(
      flowBody("raise-driver-pay", { order_id: orderIdOf(shipment.orderGid), shipment_id: "999999" }),
    );
    expect(wrong).toMatchObject({ status: 404, body: { message: NO_SUCH_DELIVERY } });
    const other = await run(
      flowBody("raise-driver-pay", { order_id: orderIdOf(shipment.orderGid) }, { shop: OTHER_SHOP }),
    );
    expect(other).toMatchObject({ status: 404, body: { message: NO_DELIVERY } });
    expect(courierCalls()).toHaveLength(booked);
    // A failed run is not kept: Flow's retry (or a corrected workflow) is acted on.
    expect(await world.runtime.db.flowActionRun.count()).toBe(0);
  });

  it("answers 409 when the delivery's state no longer allows the action (a driver has it)", async () => {
    const shipment = await world.book("assigned");
    const response = await run(flowBody("raise-driver-pay", { order_id: orderIdOf(shipment.orderGid) }));
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(/already taken this delivery/);
  });
});

describe("POST /flow/actions: each action, once per run", () => {
  it("cancels with the reason at the courier, on the timeline as done by Flow; a resend of the run does nothing", async () => {
    const shipment = await world.book("scheduled");
    const runId = randomUUID();
    const body = flowBody(
      "cancel-delivery",
      { order_id: orderIdOf(shipment.orderGid), shipment_id: shipment.courierShipmentId, reason: "item_not_in_stock" },
      { runId },
    );
    const first = await run(body);
    expect(first).toMatchObject({ status: 200, body: { message: "The delivery was canceled at the courier." } });
    expect(sandbox.shipment(shipment.courierShipmentId!)!.state).toBe("canceled");
    const { db } = world.runtime;
    expect((await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).state).toBe("canceled");
    const activities = await db.shipmentActivity.findMany({ where: { shipmentId: shipment.id } });
    expect(activities.map((a) => a.kind).sort()).toEqual(["flow_action", "staff_cancel:item_not_in_stock"]);
    expect(activities.find((a) => a.kind === "flow_action")!.message).toContain(
      `Shopify Flow ran “Cancel the delivery with a reason” (action run ${runId})`,
    );
    expect(await db.staffAction.findMany({ where: { shipmentId: shipment.id } })).toMatchObject([
      { action: "cancel", staffName: "Shopify Flow", staffUserId: null },
    ]);
    // Through the stand-in: the order's delivery summary (app metafield) follows through its job, as for staff's cancel.
    await drainJobs(world.runtime);
    const order = world.standIn.shop(SHOP).orders.find((o) => o.id === shipment.orderGid)!;
    const summary = order.metafields.find((m) => m.key === "delivery");
    expect(JSON.parse(summary!.value)).toMatchObject({ shipments: [{ id: shipment.id, state: "canceled" }] });
    const cancels = courierCalls().length;
    expect(courierCalls().filter((c) => c.method === "DELETE")).toHaveLength(1);

    const again = await run(body);
    expect(again).toMatchObject({ status: 200, body: { message: ALREADY_DONE } });
    expect(courierCalls()).toHaveLength(cancels);
    expect(await db.shipmentActivity.count({ where: { shipmentId: shipment.id } })).toBe(2);
    expect(await db.staffAction.count({ where: { shipmentId: shipment.id } })).toBe(1);
  });

  it("raises the driver's pay by the shop's step at the courier, once per run", async () => {
    const shipment = await world.book("scheduled");
    const body = flowBody("raise-driver-pay", { order_id: orderIdOf(shipment.orderGid) });
    const first = await run(body);
    expect(first).toMatchObject({ status: 200, body: { message: "Raised the driver's pay by $2.00." } });
    expect(sandbox.shipment(shipment.courierShipmentId!)!.request.options.extra_compensation).toBe(2);
    const resend = await run(body);
    expect(resend.body.message).toBe(ALREADY_DONE);
    expect(sandbox.shipment(shipment.courierShipmentId!)!.request.options.extra_compensation).toBe(2);
    const { db } = world.runtime;
    expect(await db.noDriverRaise.count({ where: { shipmentId: shipment.id } })).toBe(1);
    expect(await db.staffAction.findMany({ where: { shipmentId: shipment.id } })).toMatchObject([
      { action: "raise_pay", staffName: "Shopify Flow" },
    ]);
    // Another run of the workflow is another raise.
    const next = await run(flowBody("raise-driver-pay", { order_id: orderIdOf(shipment.orderGid) }));
    expect(next.status).toBe(200);
    expect(sandbox.shipment(shipment.courierShipmentId!)!.request.options.extra_compensation).toBe(4);
  });

  it("dispatches again: cancels at the courier and queues the order's new dispatch, once per run", async () => {
    const shipment = await world.book("scheduled");
    const body = flowBody("dispatch-delivery-again", { order_id: orderIdOf(shipment.orderGid) });
    const first = await run(body);
    expect(first).toMatchObject({
      status: 200,
      body: { message: "The delivery is being dispatched again with the order's current details." },
    });
    expect(sandbox.shipment(shipment.courierShipmentId!)!.state).toBe("canceled");
    const { db } = world.runtime;
    const kinds = (await db.shipmentActivity.findMany({ where: { shipmentId: shipment.id } })).map((a) => a.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(["staff_cancel_redispatch", "order_change_redispatch_pending", "flow_action"]),
    );
    const syncJobs = await db.job.count({ where: { shopDomain: SHOP, kind: { contains: "order" } } });
    expect(syncJobs).toBeGreaterThan(0);
    const calls = courierCalls().length;
    expect((await run(body)).body.message).toBe(ALREADY_DONE);
    expect(courierCalls()).toHaveLength(calls);
    expect(await db.staffAction.count({ where: { shipmentId: shipment.id, action: "redispatch" } })).toBe(1);
  });

  it("answers a courier failure with a retryable 5xx, and Flow's resend of that run is done", async () => {
    const shipment = await world.book("scheduled");
    const body = flowBody("cancel-delivery", { order_id: orderIdOf(shipment.orderGid), reason: "duplicate_order" });
    sandbox.setFaults({ failNext: [{ status: 503, count: 1, method: "DELETE" }] });
    const failed = await run(body);
    expect(failed.status).toBe(503);
    expect(sandbox.shipment(shipment.courierShipmentId!)!.state).toBe("scheduled");
    const resent = await run(body);
    expect(resent).toMatchObject({ status: 200, body: { message: "The delivery was canceled at the courier." } });
    expect(sandbox.shipment(shipment.courierShipmentId!)!.state).toBe("canceled");
  });

  it("refuses to guess between two deliveries of one order without a Shipment ID (400)", async () => {
    const first = await world.book("scheduled");
    await world.book("scheduled", { orderGid: first.orderGid, orderName: first.orderName });
    const response = await run(flowBody("raise-driver-pay", { order_id: orderIdOf(first.orderGid) }));
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/has 2 deliveries: set the action's Shipment ID/);
  });
});

describe("POST /flow/actions: a run's record has a state (issue 38 item 1)", () => {
  const deletes = () => courierCalls().filter((c) => c.method === "DELETE");
  afterEach(() => {
    sandbox.setFaults({ failNext: [] });
  });

  it("answers a resend of a run still working 503 with Retry-After, and says done before only after success", async () => {
    const shipment = await world.book("scheduled");
    const body = flowBody("cancel-delivery", { order_id: orderIdOf(shipment.orderGid), reason: "duplicate_order" });
    // The courier is busy (429, Retry-After 2) and then fails (503): the first run works for ~2 s and fails.
    sandbox.setFaults({
      failNext: [
        { status: 429, count: 1, method: "DELETE", retryAfterS: 2 },
        { status: 503, count: 1, method: "DELETE" },
      ],
    });
    const first = run(body);
    await expect.poll(() => deletes().map((c) => c.status), { timeout: 5_000 }).toEqual([429]);
    // Flow resends the run while the first is still waiting for the courier.
    const resend = await call(flowAction, flowRequest(body), {});
    expect((resend as Response).status).toBe(503);
    expect(Number((resend as Response).headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(((await (resend as Response).json()) as { message: string }).message).not.toBe(ALREADY_DONE);
    expect((await first).status).toBe(503);
    expect(sandbox.shipment(shipment.courierShipmentId!)!.state).toBe("scheduled");
    // Flow's next retry is acted on: the delivery is canceled, not reported done while still booked.
    const retried = await run(body);
    expect(retried).toMatchObject({ status: 200, body: { message: "The delivery was canceled at the courier." } });
    expect(sandbox.shipment(shipment.courierShipmentId!)!.state).toBe("canceled");
    expect((await run(body)).body.message).toBe(ALREADY_DONE);
    expect(deletes().filter((c) => c.status === 200)).toHaveLength(1);
  });

  it("keeps the record when the app fails after the courier acted, so a resend does not act twice", async () => {
    const shipment = await world.book("scheduled");
    const runId = randomUUID();
    const body = flowBody(
      "cancel-delivery",
      { order_id: orderIdOf(shipment.orderGid), reason: "duplicate_order" },
      { runId },
    );
    const parsed = parseFlowActionRequest(JSON.parse(body));
    if (!parsed.ok) throw new Error(parsed.problems.join("; "));
    const request = parsed.request;
    const base = staffDeps();
    // The app's own failure after the courier's cancel: the transaction that records it cannot enqueue.
    const queue = new Proxy(base.queue, {
      get: (target, key) =>
        key === "enqueue" ? () => Promise.reject(new Error("database went away")) : Reflect.get(target, key),
    });
    const adminFor = async (shopDomain: string) => (await unauthenticated.admin(shopDomain)).admin;
    await expect(runFlowAction({ ...base, queue, adminFor }, request)).rejects.toThrow("database went away");
    expect(sandbox.shipment(shipment.courierShipmentId!)!.state).toBe("canceled");
    expect(deletes().filter((c) => c.status === 200)).toHaveLength(1);
    const resend = await run(body);
    expect(resend).toMatchObject({ status: 200, body: { message: ALREADY_DONE } });
    expect(deletes()).toHaveLength(1);
  });
});
