/**
 * The production server (`npm start`'s build, a real process on 127.0.0.1) keeps a kept-alive
 * connection usable after answering a request before reading its whole body: an oversized or
 * early-refused request, then a normal one on the same connection, which is answered at once.
 * (Before, the unread rest of the first body blocked the connection: the next request was never
 * parsed, and Node answered it 408 a minute later.) A body past the server's 1 MiB cap is answered
 * with `Connection: close` instead, and the connection ends.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_RATE_REQUEST_BYTES } from "~/quote/rate-request";
import { MAX_REQUEST_BODY_BYTES } from "~/http/body-limit";
import { startRefusingAppServer, type AppServer, type TempDatabase } from "../../support/app-server";
import { openRawConnection, rawRequest, type RawConnection } from "../../support/raw-http";

/** Long enough for a loaded machine; the connection this guards against never answers at all (408 after 60 s). */
const ANSWER_WITHIN_MS = 15_000;
const SHOP = "corner-bakery.myshopify.com";

let app: AppServer;
let database: TempDatabase;
const open: RawConnection[] = [];

beforeAll(async () => {
  ({ app, database } = await startRefusingAppServer("kept-alive"));
}, 600_000);

afterAll(async () => {
  for (const connection of open) connection.close();
  await app?.stop();
  database?.remove();
});

async function connection(): Promise<RawConnection> {
  const opened = await openRawConnection(app.port);
  open.push(opened);
  return opened;
}

const healthz = rawRequest("GET", "/healthz", {});
const body = (bytes: number) => Buffer.alloc(bytes, "a");

/** An early answer to `first`, then GET /healthz on the same connection, answered. */
async function earlyAnswerThenNext(first: Buffer) {
  const conn = await connection();
  conn.send(first);
  const refused = await conn.nextResponse(ANSWER_WITHIN_MS);
  conn.send(healthz);
  const next = await conn.nextResponse(ANSWER_WITHIN_MS);
  return { refused, next };
}

describe("an early answer leaves the kept-alive connection usable", () => {
  it("the rate callback's 413 for a body over its own cap (300,000 bytes)", async () => {
    expect(300_000).toBeGreaterThan(MAX_RATE_REQUEST_BYTES);
    const { refused, next } = await earlyAnswerThenNext(
      rawRequest(
        "POST",
        "/carrier-service/rates",
        {
          "Content-Type": "application/json",
          "X-Shopify-Shop-Domain": SHOP,
          "X-Shopify-Hmac-Sha256": Buffer.alloc(32).toString("base64"),
        },
        body(300_000),
      ),
    );
    expect(refused.status).toBe(413);
    expect(refused.headers.get("connection")).not.toBe("close");
    expect(next.status).toBe(200);
  });

  it("a Shopify webhook refused for its signature (600,000 bytes)", async () => {
    const { refused, next } = await earlyAnswerThenNext(
      rawRequest(
        "POST",
        "/webhooks/orders/paid",
        {
          "Content-Type": "application/json",
          "X-Shopify-Topic": "orders/paid",
          "X-Shopify-Shop-Domain": SHOP,
          "X-Shopify-Webhook-Id": "b54557e4-bdd9-4b37-8a5f-bf7d70bcd043",
          "X-Shopify-API-Version": "2026-10",
          "X-Shopify-Hmac-Sha256": Buffer.alloc(32).toString("base64"),
        },
        body(600_000),
      ),
    );
    expect(refused.status).toBe(401);
    expect(next.status).toBe(200);
  });

  it("a courier event post refused before its body is read (an unknown path, 500,000 bytes)", async () => {
    const { refused, next } = await earlyAnswerThenNext(
      rawRequest(
        "POST",
        "/courier/webhooks/not-a-path-id",
        { "Content-Type": "application/json", Authorization: "Bearer x" },
        body(500_000),
      ),
    );
    expect(refused.status).toBe(401);
    expect(refused.headers.get("connection")).not.toBe("close");
    expect(next.status).toBe(200);
  });

  it("a staff route refused without a session token (500,000 bytes)", async () => {
    const { refused, next } = await earlyAnswerThenNext(
      rawRequest("POST", "/api/shipments/shp_1/tip", { "Content-Type": "application/json" }, body(500_000)),
    );
    expect(refused.status).toBe(401);
    expect(refused.headers.get("connection")).not.toBe("close");
    expect(next.status).toBe(200);
  });

  it("a page's action refused without a session (800,000 bytes)", async () => {
    const { refused, next } = await earlyAnswerThenNext(
      rawRequest(
        "POST",
        `/app/settings?shop=${SHOP}`,
        { "Content-Type": "application/x-www-form-urlencoded" },
        body(800_000),
      ),
    );
    expect(refused.status).toBeGreaterThanOrEqual(300);
    expect(refused.status).toBeLessThan(500);
    expect(next.status).toBe(200);
  });

  it("several early answers in a row on one connection", async () => {
    const conn = await connection();
    for (let i = 0; i < 3; i++) {
      conn.send(rawRequest("POST", "/api/shipments/shp_1/tip", { "Content-Type": "application/json" }, body(500_000)));
      expect((await conn.nextResponse(ANSWER_WITHIN_MS)).status).toBe(401);
    }
    conn.send(healthz);
    expect((await conn.nextResponse(ANSWER_WITHIN_MS)).status).toBe(200);
  });
});

describe("a body past the server's cap", () => {
  it("is answered 413 with Connection: close, and the connection ends", async () => {
    const conn = await connection();
    // Declared over 1 MiB; only a part is sent (the answer comes before the rest).
    conn.send(
      Buffer.concat([
        rawRequest("POST", "/api/shipments/shp_1/tip", {
          "Content-Type": "application/json",
          "Content-Length": String(MAX_REQUEST_BODY_BYTES + 1),
        }),
        body(64 * 1024),
      ]),
    );
    const refused = await conn.nextResponse(ANSWER_WITHIN_MS);
    expect(refused.status).toBe(413);
    expect(refused.headers.get("connection")).toBe("close");
    await conn.ended;
  });

  it("a chunked body the route did not read (its size unknown) is answered with Connection: close", async () => {
    const conn = await connection();
    const chunk = body(256 * 1024);
    const chunks = Array.from({ length: 5 }, () =>
      Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]),
    );
    const head =
      "POST /api/shipments/shp_1/tip HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n";
    conn.send(Buffer.concat([Buffer.from(head), ...chunks]));
    const refused = await conn.nextResponse(ANSWER_WITHIN_MS);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("connection")).toBe("close");
    await conn.ended;
  });
});
