import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SHIPMENT_STATES as APP_SHIPMENT_STATES } from "~/shipments/states";
import {
  SHIPMENT_STATES,
  API_ROUTES,
  apiPaths,
  isApiErrorBody,
  orderGidFromId,
  orderIdFromGid,
} from "../../extensions/shared/api-contract";

describe("order ids", () => {
  it.each<[string, string | null]>([
    ["gid://shopify/Order/5501234567", "5501234567"],
    ["gid://shopify/Order/1", "1"],
    ["gid://shopify/Order/0", null],
    ["gid://shopify/Order/12/extra", null],
    ["gid://shopify/Order/", null],
    ["gid://shopify/DraftOrder/1", null],
    ["5501234567", null],
  ])("%s → %s", (gid, id) => {
    expect(orderIdFromGid(gid)).toBe(id);
  });

  it("round-trips", () => {
    expect(orderIdFromGid(orderGidFromId("42"))).toBe("42");
  });
});

describe("apiPaths", () => {
  /** Each concrete path must match the pattern the app declares for it. */
  function matches(pattern: string, path: string): boolean {
    const regex = new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, "[^/?]+")}(\\?.*)?$`);
    return regex.test(path);
  }

  it.each([
    [API_ROUTES.orderShipments, apiPaths.orderShipments("123"), "/api/orders/123/shipments"],
    [API_ROUTES.orderQuote, apiPaths.orderQuote("123"), "/api/orders/123/quote"],
    [API_ROUTES.orderDispatch, apiPaths.orderDispatch("123"), "/api/orders/123/dispatch"],
    [API_ROUTES.bulkDispatch, apiPaths.bulkDispatch(), "/api/orders/dispatch"],
    [API_ROUTES.shipmentCancel, apiPaths.shipmentCancel("shp_1"), "/api/shipments/shp_1/cancel"],
    [API_ROUTES.shipmentRedispatch, apiPaths.shipmentRedispatch("shp_1"), "/api/shipments/shp_1/redispatch"],
    [API_ROUTES.shipmentTip, apiPaths.shipmentTip("shp_1"), "/api/shipments/shp_1/tip"],
    [API_ROUTES.shipmentRating, apiPaths.shipmentRating("shp_1"), "/api/shipments/shp_1/rating"],
    [API_ROUTES.shipmentLabel, apiPaths.shipmentLabel("shp_1", "PDF"), "/api/shipments/shp_1/label?format=PDF"],
    [API_ROUTES.shipmentPhotos, apiPaths.shipmentPhotos("shp_1"), "/api/shipments/shp_1/photos"],
    [API_ROUTES.orderReturns, apiPaths.orderReturns("123"), "/api/orders/123/returns"],
    [API_ROUTES.returnPickup, apiPaths.returnPickup("123", "77"), "/api/orders/123/returns/77/pickup"],
  ])("%s → %s", (pattern, path, expected) => {
    expect(path).toBe(expected);
    expect(matches(pattern, path)).toBe(true);
  });

  it.each(Object.entries(API_ROUTES))("%s has its Remix route module (%s)", (_name, pattern) => {
    // Remix flat routes: "/api/shipments/:shipmentId/cancel" → app/routes/api.shipments.$shipmentId.cancel.ts
    const file = `${pattern
      .slice(1)
      .split("/")
      .map((part) => part.replace(/^:/, "$"))
      .join(".")}.ts`;
    expect(existsSync(path.resolve(import.meta.dirname, "..", "..", "app", "routes", file)), file).toBe(true);
  });

  it("encodes ids so that one cannot change the route", () => {
    expect(apiPaths.shipmentTip("../orders/1")).toBe("/api/shipments/..%2Forders%2F1/tip");
    expect(apiPaths.orderQuote("1?x=2")).toBe("/api/orders/1%3Fx%3D2/quote");
  });
});

describe("isApiErrorBody", () => {
  it.each<[unknown, boolean]>([
    [{ error: { message: "No." } }, true],
    [{ error: { message: "No.", fieldErrors: { code: "Choose one." } } }, true],
    [{ error: { message: 3 } }, false],
    [{ error: "No." }, false],
    [{ message: "No." }, false],
    [null, false],
    ["No.", false],
  ])("%j → %s", (value, expected) => {
    expect(isApiErrorBody(value)).toBe(expected);
  });
});

describe("SHIPMENT_STATES", () => {
  it("are the app's shipment states (the contract cannot import app/, so this guards drift)", () => {
    expect([...SHIPMENT_STATES].sort()).toEqual([...APP_SHIPMENT_STATES].sort());
  });
});
