/**
 * The order status block's changes (api.customer.orders.$orderId.deliveries.$deliveryId.change and
 * .windows) as the customer account extension calls them: a customer account session token verified
 * by the library, CORS for the extension's origin, only the signed-in customer's own delivery, and
 * then the tracking page's own change functions, through the real dispatch, the real courier client
 * and the courier sandbox (a notes edit and a window move arrive as PATCHes; refused after
 * assignment; the page's per-delivery limit is the block's too).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { ShopperDeliveriesResponse } from "../../../extensions/shared/shopper-delivery";
import type { ShopperWindowsResponse } from "../../../extensions/shared/shopper-changes";
import {
  action as changeAction,
  loader as changeLoader,
} from "~/routes/api.customer.orders.$orderId.deliveries.$deliveryId.change";
import { loader as windowsLoader } from "~/routes/api.customer.orders.$orderId.deliveries.$deliveryId.windows";
import { loader as deliveriesLoader } from "~/routes/api.customer.orders.$orderId.delivery";
import { action as pageChange } from "~/routes/t.$token_.change";
import { SHOPPER_CHANGES_PER_WINDOW } from "~/server/tracking-page-change-http.server";
import { zonedTimeOnDate } from "~/schedule/time-zone";
import { SHOPPER_CHANGE_ACTIVITY } from "~/shipments/activity-kinds";
import { mintSessionToken } from "../../support/shopify-signing";
import { TEST_API_KEY, TEST_API_SECRET, TEST_APP_URL } from "../../support/test-env";
import { booked, day, db, later, NY, SHOP, useBookedDeliveries } from "../tracking-page/booked-delivery";
import { call, json } from "./embedded";

const COURIER_TOKEN = "sandbox-token-customer-changes";
const CUSTOMER = "gid://shopify/Customer/191167";
const OTHER_CUSTOMER = "gid://shopify/Customer/555";
const EXTENSION_ORIGIN = "https://extensions.shopifycdn.com";
const CLOSED = "A driver has your order now, so the delivery time and the notes for the driver can no longer change.";
let clientCounter = 0;
let client = "";

const { state, bookedDelivery: booking, updatesOf } = useBookedDeliveries(COURIER_TOKEN, null);

beforeEach(async () => {
  client = `198.51.100.${++clientCounter}`;
  await db.webhookDelivery.deleteMany();
});

/** A paid order of CUSTOMER for the 10:00 slot, dispatched: its ids, shipment and page token. */
const bookedDelivery = () => booking(booked, { paid: { customer: { id: 191167, admin_graphql_api_id: CUSTOMER } } });

const customerToken = (options: { customer?: string; secret?: string; apiKey?: string; expiresInS?: number } = {}) =>
  mintSessionToken({
    shop: SHOP,
    apiKey: options.apiKey ?? TEST_API_KEY,
    apiSecret: options.secret ?? TEST_API_SECRET,
    userId: options.customer ?? CUSTOMER,
    expiresInS: options.expiresInS,
    dest: SHOP,
  });

type Target = { orderId: string; deliveryId: string };

function blockRequest(
  target: Target,
  last: "change" | "windows",
  options: { token?: string | null; method?: string; body?: unknown; contentType?: string; locale?: string } = {},
) {
  const headers = new Headers({ Origin: EXTENSION_ORIGIN, "X-Forwarded-For": client });
  if (options.token !== null) headers.set("Authorization", `Bearer ${options.token ?? customerToken()}`);
  if (options.body !== undefined) headers.set("Content-Type", options.contentType ?? "application/json");
  if (options.method === "OPTIONS") headers.set("Access-Control-Request-Method", "POST");
  const query = options.locale ? `?locale=${options.locale}` : "";
  const url = `${TEST_APP_URL}/api/customer/orders/${target.orderId}/deliveries/${target.deliveryId}/${last}${query}`;
  return new Request(url, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers,
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === "string"
          ? options.body
          : JSON.stringify(options.body),
  });
}

const context = () => ({ remoteAddress: client });
const params = (target: Target) => ({ orderId: target.orderId, deliveryId: target.deliveryId });

async function change(
  target: Target,
  body: unknown,
  options: { token?: string | null; contentType?: string; locale?: string } = {},
) {
  const request = blockRequest(target, "change", { ...options, body });
  return json<{ changed?: boolean; message?: string; error?: { message: string } }>(
    await call(changeAction, request, params(target), context()),
  );
}

async function windows(target: Target, token?: string, locale?: string) {
  const request = blockRequest(target, "windows", { token, locale });
  return json<ShopperWindowsResponse & { error?: { message: string } }>(
    await call(windowsLoader, request, params(target), context()),
  );
}

describe("a signed-in customer's changes from the order status block", () => {
  it("the block's answer names the delivery and says it may change; a notes edit arrives as a PATCH, once", async () => {
    const { orderId, shipment } = await bookedDelivery();
    const listed = await json<ShopperDeliveriesResponse>(
      await call(
        deliveriesLoader,
        new Request(`${TEST_APP_URL}/api/customer/orders/${orderId}/delivery`, {
          headers: { Authorization: `Bearer ${customerToken()}`, Origin: EXTENSION_ORIGIN, "X-Forwarded-For": client },
        }),
        { orderId },
        context(),
      ),
    );
    expect(listed.body.deliveries).toHaveLength(1);
    expect(listed.body.deliveries[0]).toMatchObject({ id: shipment.id, changes: { open: true } });

    const target = { orderId, deliveryId: shipment.id };
    const text = "Gate code 4412, leave at the door";
    const first = await change(target, { change: "notes", notes: text });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ changed: true, message: "Your notes for the driver are saved." });
    expect(first.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const patches = updatesOf(shipment.courierShipmentId!);
    expect(patches).toHaveLength(1);
    expect(patches[0]!.status).toBe(200);
    expect((patches[0]!.body as { delivery_location: { notes: string } }).delivery_location.notes).toBe(text);

    const entries = await db.shipmentActivity.findMany({
      where: { shipmentId: shipment.id, kind: SHOPPER_CHANGE_ACTIVITY.notes },
    });
    expect(entries.map((a) => a.message)).toEqual([
      `The shopper changed the notes for the driver on the order status page (${text.length} characters); sent to the courier.`,
    ]);

    // A retried request changes nothing twice (the page's own no-op).
    const again = await change(target, { change: "notes", notes: text });
    expect(again.body).toEqual({ changed: false, message: "Your notes for the driver are saved." });
    expect(updatesOf(shipment.courierShipmentId!)).toHaveLength(1);
  });

  it("lists the page's windows and moves the delivery with one PATCH of pickup_after and deliver_between", async () => {
    const { orderId, shipment } = await bookedDelivery();
    const target = { orderId, deliveryId: shipment.id };
    const listed = await windows(target);
    expect(listed.status).toBe(200);
    expect(listed.body.kind).toBe("open");
    const codes = listed.body.kind === "open" ? listed.body.windows.map((w) => w.serviceCode) : [];
    expect(codes).toContain(later);
    expect(codes).not.toContain(booked);

    const moved = await change(target, { change: "window", serviceCode: later });
    expect(moved.status).toBe(200);
    expect(moved.body.changed).toBe(true);
    const start = zonedTimeOnDate(day, "14:00", NY);
    const end = new Date(start.getTime() + 2 * 3_600_000);
    expect(updatesOf(shipment.courierShipmentId!).map((p) => [p.status, p.body])).toEqual([
      [
        200,
        { pickup_after: start.toISOString(), deliver_between: { start: start.toISOString(), end: end.toISOString() } },
      ],
    ]);
    const row = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id }, include: { activities: true } });
    expect(row.serviceCode).toBe(later);
    expect(row.activities.filter((a) => a.kind === SHOPPER_CHANGE_ACTIVITY.window).map((a) => a.message)).toEqual([
      expect.stringContaining("on the order status page"),
    ]);
  });

  it("after assignment: 409 in the page's words, nothing sent or written; the block's answer says so", async () => {
    const { orderId, shipment } = await bookedDelivery();
    await db.shipment.update({ where: { id: shipment.id }, data: { state: "assigned", driverName: "Dana Whitfield" } });
    const target = { orderId, deliveryId: shipment.id };
    for (const body of [
      { change: "notes", notes: "Ring twice" },
      { change: "window", serviceCode: later },
    ]) {
      const refused = await change(target, body);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ error: { message: CLOSED } });
    }
    expect((await windows(target)).body).toEqual({ kind: "closed", reason: "assigned", message: CLOSED });
    expect(updatesOf(shipment.courierShipmentId!)).toHaveLength(0);
    const row = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(row.requestJson).toBe(shipment.requestJson);
    expect(await db.shipmentActivity.count({ where: { shipmentId: shipment.id } })).toBe(
      await db.shipmentActivity.count({
        where: { shipmentId: shipment.id, kind: { notIn: Object.values(SHOPPER_CHANGE_ACTIVITY) } },
      }),
    );
  });

  it("refused by the courier's 1003 when a driver took it before our state knew: 409, closed", async () => {
    const { orderId, shipment } = await bookedDelivery();
    const courierId = shipment.courierShipmentId!;
    state.sandbox.setAccountOptions(COURIER_TOKEN, { driverPool: null });
    try {
      expect(state.sandbox.advance(courierId)?.state).toBe("assigned");
    } finally {
      state.sandbox.setAccountOptions(COURIER_TOKEN, { driverPool: { minimumPayout: 10_000 } });
    }
    const refused = await change({ orderId, deliveryId: shipment.id }, { change: "notes", notes: "Ring twice" });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: { message: CLOSED } });
    expect(updatesOf(courierId).every((u) => u.status >= 400)).toBe(true);
  });

  it("shares the page's per-delivery change limit: changes made on the page count against the block", async () => {
    const { orderId, shipment, token } = await bookedDelivery();
    for (let i = 0; i < SHOPPER_CHANGES_PER_WINDOW; i++) {
      const response = await call(
        pageChange,
        new Request(`${TEST_APP_URL}/t/${token}/change`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": `192.0.2.${i + 1}` },
          body: JSON.stringify({ change: "notes", notes: `Note ${i % 2}` }),
        }),
        { token },
        { remoteAddress: `192.0.2.${i + 1}` },
      );
      expect((response as Response).status).toBe(200);
    }
    const sent = updatesOf(shipment.courierShipmentId!).length;
    const limited = await change({ orderId, deliveryId: shipment.id }, { change: "notes", notes: "One more" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(updatesOf(shipment.courierShipmentId!)).toHaveLength(sent);
  });
});

describe("refusals, with nothing sent to the courier", () => {
  it.each([
    ["no session token", null],
    ["a forged token (signed with another secret)", customerToken({ secret: "not-the-app-secret" })],
    ["an expired token", customerToken({ expiresInS: -120 })],
    ["a token for another app (wrong audience)", customerToken({ apiKey: "another-apps-client-id" })],
    ["a malformed token", "not.a.token"],
  ])("401 for %s", async (_label, token) => {
    const { orderId, shipment } = await bookedDelivery();
    const refused = await change({ orderId, deliveryId: shipment.id }, { change: "notes", notes: "Hi" }, { token });
    expect(refused.status).toBe(401);
    expect(JSON.stringify(refused.body ?? "")).not.toContain("notes");
    expect(updatesOf(shipment.courierShipmentId!)).toHaveLength(0);
  });

  it("404 for another customer's order, a token naming no customer, or a delivery of another order", async () => {
    const { orderId, shipment } = await bookedDelivery();
    const other = await bookedDelivery();
    const notes = { change: "notes", notes: "Let me in" };
    const target = { orderId, deliveryId: shipment.id };
    expect((await change(target, notes, { token: customerToken({ customer: OTHER_CUSTOMER }) })).status).toBe(404);
    expect((await change(target, notes, { token: customerToken({ customer: "42" }) })).status).toBe(404);
    expect((await windows(target, customerToken({ customer: OTHER_CUSTOMER }))).status).toBe(404);
    // The customer's own order, but a delivery id of another order.
    expect((await change({ orderId, deliveryId: other.shipment.id }, notes)).status).toBe(404);
    expect((await change({ orderId, deliveryId: "no-such-delivery" }, notes)).status).toBe(404);
    expect(updatesOf(shipment.courierShipmentId!)).toHaveLength(0);
    expect(updatesOf(other.shipment.courierShipmentId!)).toHaveLength(0);
  });

  it.each([
    ["text that is not JSON", "notes=hi", "text/plain", "Send the change as JSON (Content-Type: application/json)."],
    ["broken JSON", "{", "application/json", "The change is not valid JSON."],
    [
      "notes over 500 characters",
      { change: "notes", notes: "x".repeat(501) },
      undefined,
      "Keep the notes to 500 characters or fewer",
    ],
    [
      "a rating (made on the tracking page)",
      { change: "rating", value: 5 },
      undefined,
      "Rate the delivery on its tracking page.",
    ],
  ])("400 for %s", async (_label, body, contentType, message) => {
    const { orderId, shipment } = await bookedDelivery();
    const refused = await change({ orderId, deliveryId: shipment.id }, body, { contentType });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: { message } });
    expect(updatesOf(shipment.courierShipmentId!)).toHaveLength(0);
  });

  it("answers in the customer account's language (?locale=) when the shop publishes it: Spanish and French", async () => {
    const { orderId, shipment } = await bookedDelivery();
    await db.shop.update({ where: { domain: SHOP }, data: { locales: "en,es,fr" } });
    const target = { orderId, deliveryId: shipment.id };
    const notes = { change: "notes", notes: "Portón 4412" };
    expect((await change(target, notes, { locale: "es" })).body).toEqual({
      changed: true,
      message: "Tus indicaciones para el repartidor se han guardado.",
    });
    expect((await change(target, notes, { locale: "fr-CA" })).body).toEqual({
      changed: false,
      message: "Vos consignes pour le livreur sont enregistrées.",
    });
    const start = zonedTimeOnDate(day, "14:00", NY);
    const date = new Intl.DateTimeFormat("es", { timeZone: NY, weekday: "long", month: "short", day: "numeric" });
    const listed = await windows(target, undefined, "es");
    expect(listed.body.kind === "open" && listed.body.windows.find((w) => w.serviceCode === later)?.label).toBe(
      `${date.format(start)}, 14:00–16:00`,
    );
    for (const [body, contentType, message] of [
      ["{", "application/json", "El cambio no es un JSON válido."],
      [{ change: "notes", notes: "x".repeat(501) }, undefined, "Las indicaciones no pueden superar los 500 caracteres"],
      [{ change: "rating", value: 5 }, undefined, "Valora la entrega en su página de seguimiento."],
    ] as const) {
      const refused = await change(target, body, { contentType, locale: "es" });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: { message } });
    }
    const unknown = await change({ orderId, deliveryId: "no-such-delivery" }, notes, { locale: "fr" });
    expect(unknown.body).toEqual({ error: { message: "Cette livraison est introuvable." } });
  });

  it("answers a preflight with the library's CORS headers, and 405 to a GET of the change", async () => {
    const { orderId, shipment } = await bookedDelivery();
    const target = { orderId, deliveryId: shipment.id };
    const preflight = (await call(
      changeAction,
      blockRequest(target, "change", { token: null, method: "OPTIONS" }),
      params(target),
    )) as Response;
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(preflight.headers.get("Access-Control-Allow-Headers")).toContain("Content-Type");
    const get = await call(changeLoader, blockRequest(target, "change"), params(target), context());
    expect((get as Response).status).toBe(405);
  });
});
