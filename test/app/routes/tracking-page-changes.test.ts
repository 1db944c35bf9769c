/**
 * The shopper's change endpoints of the tracking page (`<page>/change`, `<page>/windows`) as the
 * page's script and Shopify's app proxy reach them: the method, JSON only, the body's size and
 * shape, the proxy's signature, the token, the shop, the per-delivery limit, and a closed answer
 * (no courier request) once a driver has the order. The changes themselves against the courier
 * sandbox: test/app/tracking-page/shopper-changes.server.test.ts.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { action as proxyChange } from "~/routes/proxy.track.$token_.change";
import { loader as proxyWindows } from "~/routes/proxy.track.$token_.windows";
import { action as appChange, loader as appChangeGet } from "~/routes/t.$token_.change";
import { loader as appWindows } from "~/routes/t.$token_.windows";
import { MAX_CHANGE_BODY_BYTES, SHOPPER_CHANGES_PER_WINDOW } from "~/server/tracking-page-change-http.server";
import { TRACKING_PAGE_REQUESTS_PER_MINUTE } from "~/server/tracking-page-http.server";
import { appProxyQuery } from "../../support/shopify-signing";
import { TEST_API_SECRET, TEST_APP_URL } from "../../support/test-env";
import { shopperText } from "~/text/shopper/shopper-text";
import { trackingPageFor } from "~/tracking-page/lookup.server";
import { staffDeps } from "~/server/staff-http.server";
import { makeCollection, seedTrackedShipment } from "./tracked-shipment";

const SHOP = "sunset-bakery.myshopify.com";
const CLOSED = "A driver has your order now, so the delivery time and the notes for the driver can no longer change.";

type Handler = (args: ActionFunctionArgs) => Promise<Response>;

let clientCounter = 0;
let client = "";

async function call(handler: Handler, url: string, token: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("X-Forwarded-For", client);
  const request = new Request(url, { ...init, headers });
  try {
    return await handler({ request, params: { token }, context: { remoteAddress: client } });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const post = (body: unknown, contentType = "application/json") => ({
  method: "POST",
  headers: { "Content-Type": contentType },
  body: typeof body === "string" ? body : JSON.stringify(body),
});
const NOTES = { change: "notes", notes: "Gate code 4412" };

const proxyUrl = (token: string, path: string, secret = TEST_API_SECRET, shop = SHOP, pathPrefix?: string) =>
  `${TEST_APP_URL}/proxy/track/${token}/${path}?${appProxyQuery({ shop, secret, ...(pathPrefix ? { pathPrefix } : {}) })}`;

beforeEach(async () => {
  client = `203.0.113.${++clientCounter}`;
  for (const table of ["courierEvent", "shipmentActivity", "shipment", "pickupLocation", "shop"] as const)
    await (db[table] as unknown as { deleteMany: () => Promise<unknown> }).deleteMany();
});

describe("the change endpoints", () => {
  it("a return's collection: closed (its notes and window are the store's), with nothing sent or written", async () => {
    const { token, shipment } = await seedTrackedShipment({ shopDomain: SHOP, state: "scheduled" });
    await makeCollection(shipment.id);
    const before = await db.shipment.update({ where: { id: shipment.id }, data: { driverName: null } });
    const response = await call(appChange, `${TEST_APP_URL}/t/${token}/change`, token, post(NOTES));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: shopperText("en").t("page.closed.collection"), closed: true });
    const windows = await call(appWindows, `${TEST_APP_URL}/t/${token}/windows`, token);
    expect(await windows.json()).toMatchObject({ kind: "closed", reason: "collection" });
    const row = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(row.requestJson).toBe(before.requestJson);
    expect(await db.shipmentActivity.count({ where: { shipmentId: shipment.id } })).toBe(0);
  });

  it("a round trip's delivery leg: closed (its legs move together), with nothing sent or written", async () => {
    const { token, shipment } = await seedTrackedShipment({ shopDomain: SHOP, state: "scheduled" });
    // The exchange's new items, leg 1 of the courier round trip (app/returns/round-trip.ts).
    await db.shipment.update({
      where: { id: shipment.id },
      data: {
        driverName: null,
        returnGid: "gid://shopify/Return/1025",
        batchReferenceId: "rt-1025-1",
        batchSequence: 1,
      },
    });
    const response = await call(appChange, `${TEST_APP_URL}/t/${token}/change`, token, post(NOTES));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: shopperText("en").t("page.closed.round_trip"), closed: true });
    const windows = await call(appWindows, `${TEST_APP_URL}/t/${token}/windows`, token);
    expect(await windows.json()).toMatchObject({ kind: "closed", reason: "round_trip" });
    const page = await trackingPageFor(staffDeps(), token, SHOP);
    expect(page.kind === "found" && page.view.changes).toEqual({
      open: false,
      message: shopperText("en").t("page.closed.round_trip"),
    });
    expect(await db.shipmentActivity.count({ where: { shipmentId: shipment.id } })).toBe(0);
  });

  it("after assignment: closed, in the page's words, with nothing sent or written", async () => {
    const { token, shipment } = await seedTrackedShipment({ shopDomain: SHOP, state: "assigned" });
    const response = await call(appChange, `${TEST_APP_URL}/t/${token}/change`, token, post(NOTES));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: CLOSED, closed: true });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const windows = await call(appWindows, `${TEST_APP_URL}/t/${token}/windows`, token);
    expect(windows.status).toBe(200);
    expect(await windows.json()).toEqual({ kind: "closed", reason: "assigned", message: CLOSED });
    const row = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(row.requestJson).toBe(shipment.requestJson);
    expect(await db.shipmentActivity.count({ where: { shipmentId: shipment.id } })).toBe(0);
  });

  it("through the app proxy: the signature and the shop are checked", async () => {
    const { token } = await seedTrackedShipment({ shopDomain: SHOP, state: "assigned" });
    expect((await call(proxyChange, proxyUrl(token, "change"), token, post(NOTES))).status).toBe(409);
    expect((await call(proxyWindows, proxyUrl(token, "windows"), token)).status).toBe(200);
    const unsigned = await call(proxyChange, proxyUrl(token, "change", "wrong-secret"), token, post(NOTES));
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toEqual({ error: "Not authorized." });
    const otherShop = proxyUrl(token, "change", TEST_API_SECRET, "other-shop.myshopify.com");
    expect((await call(proxyChange, otherShop, token, post(NOTES))).status).toBe(404);
  });

  it("through the app proxy, answers in the storefront's language (its folder in path_prefix): French and Spanish", async () => {
    const { token } = await seedTrackedShipment({ shopDomain: SHOP, state: "assigned" });
    await db.shop.update({ where: { domain: SHOP }, data: { locales: "en,fr,es" } });
    const inFolder = (path: string, folder: string) =>
      proxyUrl(token, path, TEST_API_SECRET, SHOP, `/${folder}/apps/courier-track`);
    const french = await call(proxyChange, inFolder("change", "fr"), token, post(NOTES));
    expect(french.status).toBe(409);
    expect(await french.json()).toEqual({ error: shopperText("fr").t("page.closed.assigned"), closed: true });
    expect(shopperText("fr").t("page.closed.assigned")).toMatch(/livreur/);
    const spanish = await call(proxyWindows, inFolder("windows", "es"), token);
    expect(await spanish.json()).toEqual({
      kind: "closed",
      reason: "assigned",
      message: shopperText("es").t("page.closed.assigned"),
    });
    const tooLong = await call(
      proxyChange,
      inFolder("change", "es"),
      token,
      post({ change: "notes", notes: "x".repeat(501) }),
    );
    expect(await tooLong.json()).toEqual({ error: "Las indicaciones no pueden superar los 500 caracteres" });
    const notJson = await call(proxyChange, inFolder("change", "fr"), token, post("{notes"));
    expect(await notJson.json()).toEqual({ error: "La modification n'est pas un JSON valide." });
    const unknown = "A".repeat(22);
    const missing = await call(
      proxyChange,
      proxyUrl(unknown, "change", TEST_API_SECRET, SHOP, "/es/apps/courier-track"),
      unknown,
      post(NOTES),
    );
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "No se ha encontrado esta entrega." });
    const rating = { change: "rating", value: 5 };
    const early = await call(proxyChange, inFolder("change", "fr"), token, post(rating));
    expect(await early.json()).toEqual({
      error: "Vous pourrez noter la livraison une fois qu'elle sera arrivée.",
      closed: true,
    });
  });

  it.each<[string, RequestInit, number, string]>([
    ["a form post", post("notes=x", "application/x-www-form-urlencoded"), 400, "Send the change as JSON"],
    ["text that is not JSON", post("{notes", "application/json"), 400, "The change is not valid JSON."],
    ["an unknown change", post({ change: "state", state: "delivered" }), 400, ""],
    ["notes over 500 characters", post({ change: "notes", notes: "x".repeat(501) }), 400, "500 characters"],
    [
      "a body over the cap",
      post({ change: "notes", notes: "x".repeat(MAX_CHANGE_BODY_BYTES) }),
      400,
      "The change is too large.",
    ],
  ])("refuses %s with a clear error", async (_what, init, status, words) => {
    const { token } = await seedTrackedShipment({ shopDomain: SHOP, state: "scheduled" });
    const response = await call(appChange, `${TEST_APP_URL}/t/${token}/change`, token, init);
    expect(response.status).toBe(status);
    const body = (await response.json()) as { error: string };
    expect(body.error).toContain(words);
    expect(body.error.length).toBeGreaterThan(0);
  });

  it("answers 405 to a GET of the change, and 404 to a token that is malformed or unknown", async () => {
    const { token } = await seedTrackedShipment({ shopDomain: SHOP, state: "scheduled" });
    const get = await call(appChangeGet, `${TEST_APP_URL}/t/${token}/change`, token);
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    for (const bad of ["short", "A".repeat(22)])
      expect((await call(appChange, `${TEST_APP_URL}/t/${bad}/change`, bad, post(NOTES))).status).toBe(404);
  });

  it(`takes at most ${SHOPPER_CHANGES_PER_WINDOW} changes per delivery, from any client`, async () => {
    const { token } = await seedTrackedShipment({ shopDomain: SHOP, state: "assigned" });
    const statuses: number[] = [];
    for (let i = 0; i <= SHOPPER_CHANGES_PER_WINDOW; i++) {
      client = `192.0.2.${i + 1}`;
      statuses.push((await call(appChange, `${TEST_APP_URL}/t/${token}/change`, token, post(NOTES))).status);
    }
    expect(statuses.slice(0, SHOPPER_CHANGES_PER_WINDOW).every((status) => status === 409)).toBe(true);
    const last = await call(appChange, `${TEST_APP_URL}/t/${token}/change`, token, post(NOTES));
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("takes the per-delivery limit only once the token is a delivery: an unknown one is 404 however often", async () => {
    const unknown = "A".repeat(22);
    const statuses: number[] = [];
    for (let i = 0; i <= SHOPPER_CHANGES_PER_WINDOW * 2; i++) {
      client = `198.51.100.${i + 1}`;
      statuses.push((await call(appWindows, `${TEST_APP_URL}/t/${unknown}/windows`, unknown)).status);
      statuses.push((await call(appChange, `${TEST_APP_URL}/t/${unknown}/change`, unknown, post(NOTES))).status);
    }
    expect(new Set(statuses)).toEqual(new Set([404]));
    // A real delivery's budget is its own, untouched by the unknown tokens.
    const { token } = await seedTrackedShipment({ shopDomain: SHOP, state: "assigned" });
    expect((await call(appChange, `${TEST_APP_URL}/t/${token}/change`, token, post(NOTES))).status).toBe(409);
  });

  it(`counts an IPv6 client by its /64: ${TRACKING_PAGE_REQUESTS_PER_MINUTE} requests a minute from any of its addresses`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= TRACKING_PAGE_REQUESTS_PER_MINUTE; i++) {
      // One /64 (one home or one server), a new interface id each time; a new token too, so only the client limit counts.
      client = `2001:db8:77:${clientCounter}:${(i + 1).toString(16)}::${i % 7}`;
      const token = `B${String(i).padStart(21, "0")}`;
      statuses.push((await call(appWindows, `${TEST_APP_URL}/t/${token}/windows`, token)).status);
    }
    expect(statuses.slice(0, TRACKING_PAGE_REQUESTS_PER_MINUTE).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another /64 is another client.
    client = `2001:db8:77:${clientCounter + 1000}::1`;
    const token = "C".repeat(22);
    expect((await call(appWindows, `${TEST_APP_URL}/t/${token}/windows`, token)).status).toBe(404);
  });
});
