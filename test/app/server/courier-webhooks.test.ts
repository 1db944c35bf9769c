import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getRuntime } from "~/runtime.server";
import { answerCourierWebhook, courierWebhookPathOf } from "~/server/courier-webhooks.server";
import { rotateWebhookSecret } from "~/shops/courier-credentials.server";
import { authenticateCourierWebhook } from "~/tracking/receive.server";
import { recentIso } from "../../support/recent-time";

const SHOP = "corner-bakery.myshopify.com";
const runtime = getRuntime();
const { db } = runtime;
let server: Server;
let base: string;
let secret: string;

beforeAll(async () => {
  // The production server's direct path, on a real HTTP server.
  server = createServer((req, res) => {
    const pathId = courierWebhookPathOf(req.method, new URL(req.url ?? "/", "http://local").pathname);
    if (pathId === null) {
      res.writeHead(404).end();
      return;
    }
    void answerCourierWebhook(runtime.courierWebhooks, req, res, pathId);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(async () => {
  await db.courierEvent.deleteMany();
  await db.job.deleteMany();
  await db.shipment.deleteMany();
  await db.shop.deleteMany();
  const shop = await db.shop.create({ data: { domain: SHOP, webhookPathId: "path-direct" } });
  await db.shipment.create({
    data: {
      shopId: shop.id,
      orderGid: "gid://shopify/Order/1",
      orderName: "#1001",
      fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/1",
      locationGid: "gid://shopify/Location/1",
      idempotencyKey: "k1",
      courierShipmentId: "4711",
      state: "assigned",
    },
  });
  secret = await rotateWebhookSecret({ db, keys: runtime.keys }, SHOP, "x-api-key");
});

const event = JSON.stringify({
  event: "shipment.driver_enroute_to_dropoff",
  data: { id: 4711, occurred_at: recentIso(50), latitude: 40.7, longitude: -74 },
});

describe("the server's direct path for courier events", () => {
  it("recognises only POSTs to /courier/webhooks/<id>", () => {
    expect(courierWebhookPathOf("POST", "/courier/webhooks/path-direct")).toBe("path-direct");
    expect(courierWebhookPathOf("GET", "/courier/webhooks/path-direct")).toBeNull();
    expect(courierWebhookPathOf("POST", "/courier/webhooks/a/b")).toBeNull();
    expect(courierWebhookPathOf("POST", "/courier/webhooks/%E0%A4%A")).toBeNull();
  });

  it("stores an authentic event and answers like the Remix route", async () => {
    const response = await fetch(`${base}/courier/webhooks/path-direct`, {
      method: "POST",
      headers: { "x-api-key": secret, "content-type": "application/json" },
      body: event,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual({ received: true, duplicate: false, matched: true });
    expect(await db.courierEvent.count()).toBe(1);
  });

  it("refuses a wrong secret and an overlong path id with 401, and writes nothing", async () => {
    const wrong = await fetch(`${base}/courier/webhooks/path-direct`, {
      method: "POST",
      headers: { "x-api-key": "guess" },
      body: event,
    });
    expect(wrong.status).toBe(401);
    const overlong = await fetch(`${base}/courier/webhooks/${"p".repeat(65)}`, {
      method: "POST",
      headers: { "x-api-key": secret },
      body: event,
    });
    expect(overlong.status).toBe(401);
    expect(await db.courierEvent.count()).toBe(0);
  });

  it("stops reading a body that grows past the limit (no Content-Length) and answers 413", async () => {
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ >= 20) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${base}/courier/webhooks/path-direct`, {
      method: "POST",
      headers: { "x-api-key": secret },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await db.courierEvent.count()).toBe(0);
  });

  it("answers a wrong secret 401 on its headers, while its body is still being sent", async () => {
    const { request: send } = await import("node:http");
    const { port } = server.address() as AddressInfo;
    const answer = await new Promise<{ status: number }>((resolve, reject) => {
      const request = send({
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/courier/webhooks/path-direct",
        headers: { "x-api-key": "guess", "content-type": "application/json", "content-length": String(1024 * 1024) },
      });
      request.on("response", (response) => {
        resolve({ status: response.statusCode ?? 0 });
        response.resume();
        request.destroy();
      });
      request.on("error", (error) => (request.destroyed ? undefined : reject(error)));
      // A few bytes of a body announced as 1 MiB; the rest never comes.
      request.write("{");
    });
    expect(answer).toEqual({ status: 401 });
    expect(await db.courierEvent.count()).toBe(0);
  });

  it("looks up an unknown path at most once, and a request with no credentials not at all", async () => {
    const lookups: string[] = [];
    const deps = {
      ...runtime.courierWebhooks,
      credentials: {
        get: (pathId: string) => (lookups.push(pathId), runtime.courierWebhooks.credentials.get(pathId)),
        forget: (pathId: string) => runtime.courierWebhooks.credentials.forget(pathId),
      },
    };
    expect(await authenticateCourierWebhook(deps, "no-such-path", new Headers({ "x-api-key": "guess" }))).toBeNull();
    expect(lookups).toEqual(["no-such-path"]);
    expect(await authenticateCourierWebhook(deps, "path-direct", new Headers())).toBeNull();
    expect(lookups).toEqual(["no-such-path"]);
    expect(await authenticateCourierWebhook(deps, "path-direct", new Headers({ "x-api-key": secret }))).toMatchObject({
      shopDomain: SHOP,
    });
  });
});
