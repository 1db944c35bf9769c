/**
 * The admin extensions' backend routes (extensions/shared/api-contract.ts), called as Shopify calls
 * them: a relative fetch with a real session token. Courier calls reach the courier sandbox over
 * HTTP; Admin GraphQL calls reach the Shopify stand-in.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type {
  ApiErrorBody,
  CancelResponse,
  LabelResponse,
  OrderShipmentsResponse,
  PhotosResponse,
  RatingResponse,
  TipResponse,
} from "../../../extensions/shared/api-contract";
import { loader as fileLoader } from "~/routes/api.files.$shipmentId.$file";
import { loader as orderShipments, action as orderShipmentsAction } from "~/routes/api.orders.$orderId.shipments";
import { action as cancel, loader as cancelLoader } from "~/routes/api.shipments.$shipmentId.cancel";
import { loader as label } from "~/routes/api.shipments.$shipmentId.label";
import { loader as photos } from "~/routes/api.shipments.$shipmentId.photos";
import { action as rating } from "~/routes/api.shipments.$shipmentId.rating";
import { action as tip } from "~/routes/api.shipments.$shipmentId.tip";
import type { CourierSandbox } from "../../courier-sandbox/server";
import { drainJobs } from "../../support/installed-shop";
import { apiRequest, call, json, sessionToken } from "./embedded";
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

const orderIdOf = (gid: string) => gid.split("/").pop()!;
/** This test's calls to the courier (the sandbox serves the whole file; each test has its own token). */
const courierCalls = () => sandbox.requestLog.filter((e) => e.token === world.courierToken);

describe("authentication and CORS", () => {
  it("answers the extension's CORS preflight without a token", async () => {
    const request = new Request("https://courier-app.test/api/shipments/x/cancel", {
      method: "OPTIONS",
      headers: { Origin: "https://extensions.shopifycdn.com", "Access-Control-Request-Method": "POST" },
    });
    const response = (await call(cancel, request, { shipmentId: "x" })) as Response;
    expect(response.status).toBe(204);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(response.headers.get("Access-Control-Allow-Headers")).toContain("Authorization");
  });

  it("adds CORS headers to answers for a cross-origin extension", async () => {
    const shipment = await world.book("scheduled");
    const response = await call(
      photos,
      apiRequest(`/api/shipments/${shipment.id}/photos`, { shop: SHOP, origin: "https://extensions.shopifycdn.com" }),
      { shipmentId: shipment.id },
    );
    expect((response as Response).headers.get("Access-Control-Allow-Origin")).toBe("*");
  });

  it("refuses a request without a session token with 401 in words, not the library's redirect to the login page", async () => {
    const shipment = await world.book("scheduled");
    for (const authorization of [null, "Basic abc", "Bearer "]) {
      const request = apiRequest(`/api/shipments/${shipment.id}/cancel`, {
        body: { code: "duplicate_order" },
        origin: "https://extensions.shopifycdn.com",
      });
      if (authorization !== null) request.headers.set("Authorization", authorization);
      const response = (await call(cancel, request, { shipmentId: shipment.id })) as Response;
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
        /no Shopify session token/,
      );
    }
    expect(sandbox.shipment(shipment.courierShipmentId!)!.state).toBe("scheduled");
  });

  it.each([
    ["signed with another secret", () => sessionToken(SHOP, { apiSecret: "not-the-app-secret" })],
    ["expired", () => sessionToken(SHOP, { expiresInS: -120 })],
    ["not a token", () => "abc.def.ghi"],
  ])("refuses a session token %s with 401", async (_label, token) => {
    const shipment = await world.book("scheduled");
    const response = (await call(
      cancel,
      apiRequest(`/api/shipments/${shipment.id}/cancel`, {
        shop: SHOP,
        token: token(),
        body: { code: "duplicate_order" },
      }),
      { shipmentId: shipment.id },
    )) as Response;
    expect(response.status).toBe(401);
    expect(sandbox.shipment(shipment.courierShipmentId!)!.state).toBe("scheduled");
  });

  it("refuses a method the endpoint does not serve with 405", async () => {
    const shipment = await world.book("scheduled");
    const response = await json(
      await call(cancelLoader, apiRequest(`/api/shipments/${shipment.id}/cancel`, { shop: SHOP }), {
        shipmentId: shipment.id,
      }),
    );
    expect(response.status).toBe(405);
    const post = await json(
      await call(orderShipmentsAction, apiRequest("/api/orders/1/shipments", { shop: SHOP, body: {} }), {
        orderId: "1",
      }),
    );
    expect(post.status).toBe(405);
  });
});

describe("GET /api/orders/:orderId/shipments", () => {
  it("lists the order's deliveries with their permissions and says whether dispatch is offered", async () => {
    const shipment = await world.book("assigned");
    const response = await json<OrderShipmentsResponse>(
      await call(orderShipments, apiRequest(`/api/orders/${orderIdOf(shipment.orderGid)}/shipments`, { shop: SHOP }), {
        orderId: orderIdOf(shipment.orderGid),
      }),
    );
    expect(response.status).toBe(200);
    expect(response.body.order).toEqual({ id: orderIdOf(shipment.orderGid), name: shipment.orderName });
    expect(response.body.shipments).toHaveLength(1);
    expect(response.body.shipments[0]).toMatchObject({
      id: shipment.id,
      state: "assigned",
      trackingNumber: shipment.trackingNumber,
      canCancel: true,
      cancelFeeApplies: false,
      canTip: true,
      canRate: false,
      labelAvailable: true,
    });
    // The driver's full name and phone stay in the app.
    expect(response.body.shipments[0]!.driverFirstName).toBe(shipment.driverName!.split(" ")[0]);
    expect(JSON.stringify(response.body)).not.toContain(shipment.driverName!);
    expect(response.body.dispatch).toEqual({
      allowed: false,
      reason: "This order already has a delivery in progress.",
    });
  });

  it("offers dispatch for a paid US order with no delivery yet", async () => {
    const order = (await import("../../support/installed-shop")).sameDayOrder(world.standIn);
    const orderId = orderIdOf(order.id);
    const response = await json<OrderShipmentsResponse>(
      await call(orderShipments, apiRequest(`/api/orders/${orderId}/shipments`, { shop: SHOP }), { orderId }),
    );
    expect(response.body).toEqual({
      order: { id: orderId, name: order.name },
      shipments: [],
      dispatch: { allowed: true, reason: null },
    });
  });

  it("answers 404 for an order the shop does not have, and 400 for a malformed id", async () => {
    const unknown = await json<ApiErrorBody>(
      await call(orderShipments, apiRequest("/api/orders/777777/shipments", { shop: SHOP }), { orderId: "777777" }),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe("This order was not found in your store.");
    const malformed = await json<ApiErrorBody>(
      await call(orderShipments, apiRequest("/api/orders/abc/shipments", { shop: SHOP }), { orderId: "abc" }),
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.fieldErrors).toEqual({ orderId: "This is not an order id." });
  });

  it("does not show another shop's deliveries of the same order id", async () => {
    const shipment = await world.book("scheduled");
    const orderId = orderIdOf(shipment.orderGid);
    const response = await json<OrderShipmentsResponse | ApiErrorBody>(
      await call(orderShipments, apiRequest(`/api/orders/${orderId}/shipments`, { shop: OTHER_SHOP }), { orderId }),
    );
    expect(response.status).toBe(404);
  });
});

describe("POST /api/shipments/:shipmentId/cancel", () => {
  it("cancels at the courier, records the reason on the timeline and returns the canceled view", async () => {
    const shipment = await world.book("scheduled");
    const response = await json<CancelResponse>(
      await call(
        cancel,
        apiRequest(`/api/shipments/${shipment.id}/cancel`, {
          shop: SHOP,
          body: { code: "item_not_in_stock", comment: "  Sold out of rye  " },
        }),
        { shipmentId: shipment.id },
      ),
    );
    expect(response.status).toBe(200);
    expect(response.body.shipment).toMatchObject({
      id: shipment.id,
      state: "canceled",
      canCancel: false,
      cancellationCode: "item_not_in_stock",
    });
    expect(sandbox.shipment(shipment.courierShipmentId!)!.state).toBe("canceled");
    const cancelCall = courierCalls().find((e) => e.method === "DELETE");
    expect(cancelCall).toMatchObject({ path: `/v1/shipments/${shipment.courierShipmentId}`, status: 200 });
    const activity = await world.runtime.db.shipmentActivity.findFirstOrThrow({ where: { shipmentId: shipment.id } });
    expect(activity).toMatchObject({
      kind: "staff_cancel:item_not_in_stock",
      message: "Canceled by staff: An item is out of stock. Comment: Sold out of rye",
    });
    // The order's delivery summary (app metafield) follows, written by its job.
    await drainJobs(world.runtime);
    const order = world.standIn.shop(SHOP).orders.find((o) => o.id === shipment.orderGid)!;
    const summary = order.metafields.find((m) => m.key === "delivery");
    expect(JSON.parse(summary!.value)).toMatchObject({ shipments: [{ id: shipment.id, state: "canceled" }] });
  });

  it("mentions the courier's fee when the driver was already heading to pickup", async () => {
    const shipment = await world.book("heading_to_pickup");
    const before = await json<OrderShipmentsResponse>(
      await call(orderShipments, apiRequest(`/api/orders/${orderIdOf(shipment.orderGid)}/shipments`, { shop: SHOP }), {
        orderId: orderIdOf(shipment.orderGid),
      }),
    );
    expect(before.body.shipments[0]).toMatchObject({ canCancel: true, cancelFeeApplies: true });
    const response = await json<CancelResponse>(
      await call(
        cancel,
        apiRequest(`/api/shipments/${shipment.id}/cancel`, {
          shop: SHOP,
          body: { code: "order_canceled", comment: "" },
        }),
        { shipmentId: shipment.id },
      ),
    );
    expect(response.status).toBe(200);
    const activity = await world.runtime.db.shipmentActivity.findFirstOrThrow({ where: { shipmentId: shipment.id } });
    expect(activity.message).toMatch(/The courier charged a cancellation fee of \$\d+\.\d\d\./);
  });

  it.each([
    [{ code: "not_a_code", comment: "" }, { code: "Choose a reason for canceling." }],
    [{ code: "other", comment: "   " }, { comment: "Explain the reason in the comment." }],
    [{ code: "driver_canceled", comment: "" }, { code: "Choose a reason for canceling." }],
    [{ code: "order_canceled", comment: "x".repeat(501) }, { comment: "Keep the comment to 500 characters or fewer." }],
    [{ comment: "no code" }, { code: "Choose a reason for canceling." }],
    [[1, 2], { form: "The request must be a JSON object with the form's fields." }],
  ])("refuses %j with 400 and field errors, sending nothing to the courier", async (body, fieldErrors) => {
    const shipment = await world.book("scheduled");
    const response = await json<ApiErrorBody>(
      await call(cancel, apiRequest(`/api/shipments/${shipment.id}/cancel`, { shop: SHOP, body }), {
        shipmentId: shipment.id,
      }),
    );
    expect(response.status).toBe(400);
    expect(response.body.error.fieldErrors).toEqual(fieldErrors);
    expect(courierCalls().some((e) => e.method === "DELETE")).toBe(false);
  });

  it("refuses a body that is not JSON with 400", async () => {
    const shipment = await world.book("scheduled");
    const response = await json<ApiErrorBody>(
      await call(cancel, apiRequest(`/api/shipments/${shipment.id}/cancel`, { shop: SHOP, body: "{not json" }), {
        shipmentId: shipment.id,
      }),
    );
    expect(response).toMatchObject({
      status: 400,
      body: { error: { message: "The request body is not valid JSON." } },
    });
  });

  it("answers 404 for another shop's delivery and leaves it alone", async () => {
    const shipment = await world.book("scheduled");
    const response = await json<ApiErrorBody>(
      await call(
        cancel,
        apiRequest(`/api/shipments/${shipment.id}/cancel`, { shop: OTHER_SHOP, body: { code: "duplicate_order" } }),
        { shipmentId: shipment.id },
      ),
    );
    expect(response).toMatchObject({
      status: 404,
      body: { error: { message: "This delivery was not found in your store." } },
    });
    expect(sandbox.shipment(shipment.courierShipmentId!)!.state).toBe("scheduled");
    expect((await world.runtime.db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).state).toBe("scheduled");
  });

  it("answers 409 once the driver has picked up", async () => {
    const shipment = await world.book("en_route");
    const response = await json<ApiErrorBody>(
      await call(
        cancel,
        apiRequest(`/api/shipments/${shipment.id}/cancel`, { shop: SHOP, body: { code: "duplicate_order" } }),
        { shipmentId: shipment.id },
      ),
    );
    expect(response).toMatchObject({
      status: 409,
      body: {
        error: { message: "This delivery can no longer be canceled: the driver has picked it up or it has ended." },
      },
    });
  });

  it("answers 409 in words when the courier refuses because the state moved on meanwhile", async () => {
    const shipment = await world.book("assigned");
    for (let i = 0; i < 4; i++) sandbox.advance(shipment.courierShipmentId!); // picked up at the courier; the app has not heard yet
    const response = await json<ApiErrorBody>(
      await call(
        cancel,
        apiRequest(`/api/shipments/${shipment.id}/cancel`, { shop: SHOP, body: { code: "duplicate_order" } }),
        { shipmentId: shipment.id },
      ),
    );
    expect(response.status).toBe(409);
    expect(response.body.error.message).toContain("can no longer be canceled");
    expect((await world.runtime.db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).state).toBe("assigned");
  });

  it("answers 503 in words when the courier is down, and changes nothing", async () => {
    const shipment = await world.book("scheduled");
    sandbox.setFaults({ failNext: [{ status: 503, count: 1, method: "DELETE" }] });
    const response = await json<ApiErrorBody>(
      await call(
        cancel,
        apiRequest(`/api/shipments/${shipment.id}/cancel`, { shop: SHOP, body: { code: "duplicate_order" } }),
        { shipmentId: shipment.id },
      ),
    );
    sandbox.resetFaults();
    expect(response).toMatchObject({
      status: 503,
      body: { error: { message: "The courier's service is down for maintenance. Try again in a few minutes." } },
    });
    expect(JSON.stringify(response.body)).not.toContain(world.courierToken);
    expect((await world.runtime.db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).state).toBe("scheduled");
    expect(await world.runtime.db.shipmentActivity.count({ where: { shipmentId: shipment.id } })).toBe(0);
  });
});

describe("POST /api/shipments/:shipmentId/tip", () => {
  it("tips once: the courier gets the amount, the app records it, a second tip is refused", async () => {
    const shipment = await world.book("delivered");
    const first = await json<TipResponse>(
      await call(tip, apiRequest(`/api/shipments/${shipment.id}/tip`, { shop: SHOP, body: { amountDollars: 7.5 } }), {
        shipmentId: shipment.id,
      }),
    );
    expect(first.status).toBe(200);
    expect(first.body.shipment).toMatchObject({ tipped: true, canTip: false });
    expect(sandbox.shipment(shipment.courierShipmentId!)!.tip).toBe(7.5);
    expect((await world.runtime.db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).tipCents).toBe(750);
    const second = await json<ApiErrorBody>(
      await call(tip, apiRequest(`/api/shipments/${shipment.id}/tip`, { shop: SHOP, body: { amountDollars: 5 } }), {
        shipmentId: shipment.id,
      }),
    );
    expect(second).toMatchObject({
      status: 409,
      body: { error: { message: "The driver has already been tipped for this delivery." } },
    });
    expect(sandbox.shipment(shipment.courierShipmentId!)!.tip).toBe(7.5);
  });

  it("refuses a tip more than 3 days after delivery, and before a driver accepted", async () => {
    const delivered = await world.book("delivered");
    await world.runtime.db.shipment.update({
      where: { id: delivered.id },
      data: { lastEventAt: new Date(Date.now() - 3 * 86_400_000 - 60_000) },
    });
    const late = await json<ApiErrorBody>(
      await call(tip, apiRequest(`/api/shipments/${delivered.id}/tip`, { shop: SHOP, body: { amountDollars: 5 } }), {
        shipmentId: delivered.id,
      }),
    );
    expect(late).toMatchObject({
      status: 409,
      body: { error: { message: "Tips can only be left up to 3 days after delivery." } },
    });
    const scheduled = await world.book("scheduled");
    const early = await json<ApiErrorBody>(
      await call(tip, apiRequest(`/api/shipments/${scheduled.id}/tip`, { shop: SHOP, body: { amountDollars: 5 } }), {
        shipmentId: scheduled.id,
      }),
    );
    expect(early).toMatchObject({
      status: 409,
      body: { error: { message: "A tip can be left once a driver has accepted the delivery." } },
    });
    expect(courierCalls().some((e) => e.path.endsWith("/tips"))).toBe(false);
  });

  it.each([
    [{ amountDollars: 0.5 }, "The smallest tip is $1.00."],
    [{ amountDollars: 250 }, "The largest tip is $200.00."],
    [{ amountDollars: 5.555 }, "Enter the tip in dollars, for example 5 or 7.50."],
    [{ amountDollars: "abc" }, "Enter the tip in dollars, for example 5 or 7.50."],
    [{}, "Enter a tip amount."],
  ])("refuses %j with 400", async (body, message) => {
    const shipment = await world.book("assigned");
    const response = await json<ApiErrorBody>(
      await call(tip, apiRequest(`/api/shipments/${shipment.id}/tip`, { shop: SHOP, body }), {
        shipmentId: shipment.id,
      }),
    );
    expect(response.status).toBe(400);
    expect(response.body.error.fieldErrors).toEqual({ amountDollars: message });
  });

  it("answers 404 for another shop's delivery", async () => {
    const shipment = await world.book("delivered");
    const response = await json<ApiErrorBody>(
      await call(
        tip,
        apiRequest(`/api/shipments/${shipment.id}/tip`, { shop: OTHER_SHOP, body: { amountDollars: 5 } }),
        { shipmentId: shipment.id },
      ),
    );
    expect(response.status).toBe(404);
    expect(sandbox.shipment(shipment.courierShipmentId!)!.tip).toBeNull();
  });
});

describe("POST /api/shipments/:shipmentId/rating", () => {
  it("rates once after delivery; a second rating is refused", async () => {
    const shipment = await world.book("delivered");
    const first = await json<RatingResponse>(
      await call(rating, apiRequest(`/api/shipments/${shipment.id}/rating`, { shop: SHOP, body: { value: 4 } }), {
        shipmentId: shipment.id,
      }),
    );
    expect(first.status).toBe(200);
    expect(first.body.shipment).toMatchObject({ rated: true, canRate: false });
    expect(sandbox.shipment(shipment.courierShipmentId!)!.rating).toBe(4);
    const second = await json<ApiErrorBody>(
      await call(rating, apiRequest(`/api/shipments/${shipment.id}/rating`, { shop: SHOP, body: { value: 5 } }), {
        shipmentId: shipment.id,
      }),
    );
    expect(second).toMatchObject({
      status: 409,
      body: { error: { message: "The driver has already been rated for this delivery." } },
    });
  });

  it("says so when the courier already holds a rating the app did not record", async () => {
    const shipment = await world.book("delivered");
    await world.courier.rate(shipment.courierShipmentId!, 3);
    const response = await json<ApiErrorBody>(
      await call(rating, apiRequest(`/api/shipments/${shipment.id}/rating`, { shop: SHOP, body: { value: 5 } }), {
        shipmentId: shipment.id,
      }),
    );
    expect(response).toMatchObject({
      status: 409,
      body: { error: { message: "The courier did not accept the rating: the driver was already rated." } },
    });
  });

  it.each([[{ value: 0 }], [{ value: 6 }], [{ value: 4.5 }], [{ value: "five" }]])(
    "refuses %j with 400",
    async (body) => {
      const shipment = await world.book("delivered");
      const response = await json<ApiErrorBody>(
        await call(rating, apiRequest(`/api/shipments/${shipment.id}/rating`, { shop: SHOP, body }), {
          shipmentId: shipment.id,
        }),
      );
      expect(response.status).toBe(400);
      expect(response.body.error.fieldErrors?.value).toBeTruthy();
    },
  );

  it("refuses to rate a delivery in progress (409) and another shop's (404)", async () => {
    const shipment = await world.book("en_route");
    const early = await json<ApiErrorBody>(
      await call(rating, apiRequest(`/api/shipments/${shipment.id}/rating`, { shop: SHOP, body: { value: 5 } }), {
        shipmentId: shipment.id,
      }),
    );
    expect(early).toMatchObject({
      status: 409,
      body: { error: { message: "A driver can be rated once the delivery has ended." } },
    });
    const other = await json<ApiErrorBody>(
      await call(rating, apiRequest(`/api/shipments/${shipment.id}/rating`, { shop: OTHER_SHOP, body: { value: 5 } }), {
        shipmentId: shipment.id,
      }),
    );
    expect(other.status).toBe(404);
  });
});

describe("labels and photos through the app", () => {
  it("gives a short-lived link to the label; the link serves the courier's PDF without a session token", async () => {
    const shipment = await world.book("assigned");
    const link = await json<LabelResponse>(
      await call(label, apiRequest(`/api/shipments/${shipment.id}/label?format=PDF`, { shop: SHOP }), {
        shipmentId: shipment.id,
      }),
    );
    expect(link.status).toBe(200);
    expect(link.body.format).toBe("PDF");
    expect(link.body.url).toMatch(
      new RegExp(`^https://courier-app\\.test/api/files/${shipment.id}/label\\.pdf\\?exp=\\d+&sig=[A-Za-z0-9_-]{43}$`),
    );
    const url = new URL(link.body.url);
    const file = (await fileLoader({
      request: new Request(url),
      params: { shipmentId: shipment.id, file: "label.pdf" },
      context: {},
    })) as Response;
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/pdf");
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; filename="label-.+\.pdf"$/);
    expect(file.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it("refuses a tampered, expired or other-file link with 404, and never contacts the courier", async () => {
    const shipment = await world.book("assigned");
    const link = await json<LabelResponse>(
      await call(label, apiRequest(`/api/shipments/${shipment.id}/label?format=PNG`, { shop: SHOP }), {
        shipmentId: shipment.id,
      }),
    );
    const url = new URL(link.body.url);
    const before = courierCalls().length;
    const attempts = [
      { params: { shipmentId: shipment.id, file: "label.pdf" }, search: url.search },
      { params: { shipmentId: shipment.id, file: "signature" }, search: url.search },
      { params: { shipmentId: shipment.id, file: "label.png" }, search: url.search.replace(/exp=\d+/, "exp=1") },
      // The signature's first character changed to another (a fixed "A" left one link in 64 valid).
      {
        params: { shipmentId: shipment.id, file: "label.png" },
        search: url.search.replace(/sig=(.)/, (_, first: string) => `sig=${first === "A" ? "B" : "A"}`),
      },
      { params: { shipmentId: "other-id", file: "label.png" }, search: url.search },
    ];
    for (const attempt of attempts) {
      const response = (await fileLoader({
        request: new Request(`https://courier-app.test/x${attempt.search}`),
        params: attempt.params,
        context: {},
      })) as Response;
      expect(response.status).toBe(404);
    }
    expect(courierCalls().length).toBe(before);
  });

  it("answers 400 for an unknown label format, 409 when the delivery has ended", async () => {
    const shipment = await world.book("assigned");
    const bad = await json<ApiErrorBody>(
      await call(label, apiRequest(`/api/shipments/${shipment.id}/label?format=GIF`, { shop: SHOP }), {
        shipmentId: shipment.id,
      }),
    );
    expect(bad).toMatchObject({ status: 400, body: { error: { fieldErrors: { format: "Choose PDF or PNG." } } } });
    const delivered = await world.book("delivered");
    const ended = await json<ApiErrorBody>(
      await call(label, apiRequest(`/api/shipments/${delivered.id}/label?format=PNG`, { shop: SHOP }), {
        shipmentId: delivered.id,
      }),
    );
    expect(ended).toMatchObject({
      status: 409,
      body: { error: { message: "No label is available for this delivery." } },
    });
  });

  it("explains that labels need barcode scanning when the courier account has none", async () => {
    const shipment = await world.book("scheduled");
    sandbox.setAccountOptions(world.courierToken, { barcodeScanning: "off" });
    const link = await json<LabelResponse>(
      await call(label, apiRequest(`/api/shipments/${shipment.id}/label?format=PNG`, { shop: SHOP }), {
        shipmentId: shipment.id,
      }),
    );
    const file = (await fileLoader({
      request: new Request(link.body.url),
      params: { shipmentId: shipment.id, file: "label.png" },
      context: {},
    })) as Response;
    sandbox.setAccountOptions(world.courierToken, { barcodeScanning: "order" });
    expect(file.status).toBe(409);
    expect(((await file.json()) as ApiErrorBody).error.message).toBe(
      "The courier has no label for this delivery. Labels need barcode scanning on your courier account: ask the courier to enable it.",
    );
  });

  it("lists the delivery's photos with links that stream the courier's images", async () => {
    const shipment = await world.book("delivered");
    const response = await json<PhotosResponse>(
      await call(photos, apiRequest(`/api/shipments/${shipment.id}/photos`, { shop: SHOP }), {
        shipmentId: shipment.id,
      }),
    );
    expect(response.body.photos.map((p) => p.kind)).toEqual(["signature", "pickup", "delivery"]);
    for (const photo of response.body.photos) {
      const file = (await fileLoader({
        request: new Request(photo.url),
        params: { shipmentId: shipment.id, file: photo.kind },
        context: {},
      })) as Response;
      expect(file.status).toBe(200);
      expect(file.headers.get("Content-Type")).toBe("image/png");
      expect(file.headers.get("Content-Disposition")).toMatch(/^inline; /);
      expect(
        Buffer.from(await file.arrayBuffer())
          .subarray(1, 4)
          .toString(),
      ).toBe("PNG");
    }
  });

  it("says 'no image yet' when the courier has none", async () => {
    const shipment = await world.book("assigned");
    const files = (await import("~/server/staff-http.server")).staffDeps().files;
    const url = files.link({ shopDomain: SHOP, shipmentId: shipment.id, file: "delivery" });
    const file = (await fileLoader({
      request: new Request(url),
      params: { shipmentId: shipment.id, file: "delivery" },
      context: {},
    })) as Response;
    expect(file.status).toBe(404);
    expect(((await file.json()) as ApiErrorBody).error.message).toBe(
      "The courier has no delivery photo for this delivery yet.",
    );
  });

  it("answers 404 for another shop's photos", async () => {
    const shipment = await world.book("delivered");
    const response = await json<ApiErrorBody>(
      await call(photos, apiRequest(`/api/shipments/${shipment.id}/photos`, { shop: OTHER_SHOP }), {
        shipmentId: shipment.id,
      }),
    );
    expect(response.status).toBe(404);
  });
});
