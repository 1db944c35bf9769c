/**
 * The staff routes over HTTP (the production server's node adapter in front of the real routes)
 * while Shopify throttles every Admin request of the shop: each answers 2xx, 4xx or a 503 with
 * Retry-After and words the admin extension shows (never a hang: the staff action budget ends a
 * wait; how long it takes is no test's business on a shared machine), and each 5xx is logged once. Before this, the quote and dispatch routes answered "Unexpected Server Error"
 * (500) with no log line.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiErrorBody } from "../../../extensions/shared/api-contract";
import { action as bulkDispatch } from "~/routes/api.orders.dispatch";
import { action as dispatchNow } from "~/routes/api.orders.$orderId.dispatch";
import { action as quote } from "~/routes/api.orders.$orderId.quote";
import { loader as orderShipments } from "~/routes/api.orders.$orderId.shipments";
import { action as cancel } from "~/routes/api.shipments.$shipmentId.cancel";
import { loader as photos } from "~/routes/api.shipments.$shipmentId.photos";
import { action as rating } from "~/routes/api.shipments.$shipmentId.rating";
import { action as tip } from "~/routes/api.shipments.$shipmentId.tip";
import { serviceCodeFor } from "~/schedule/service-code";
import { sendFetchResponse, toFetchRequest } from "~/server/node-adapter.server";
import type { CourierSandbox } from "../../courier-sandbox/server";
import { TEST_APP_URL } from "../../support/test-env";
import { sessionToken } from "../routes/embedded";
import { SHOP, setUpStaffWorld, startSandbox, type StaffWorld } from "../routes/staff-fixture";

type Route = (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<Response>;
const ROUTES: [RegExp, string[], Route][] = [
  [/^\/api\/orders\/dispatch$/, [], bulkDispatch as Route],
  [/^\/api\/orders\/([^/]+)\/dispatch$/, ["orderId"], dispatchNow as Route],
  [/^\/api\/orders\/([^/]+)\/quote$/, ["orderId"], quote as Route],
  [/^\/api\/orders\/([^/]+)\/shipments$/, ["orderId"], orderShipments as Route],
  [/^\/api\/shipments\/([^/]+)\/cancel$/, ["shipmentId"], cancel as Route],
  [/^\/api\/shipments\/([^/]+)\/photos$/, ["shipmentId"], photos as Route],
  [/^\/api\/shipments\/([^/]+)\/rating$/, ["shipmentId"], rating as Route],
  [/^\/api\/shipments\/([^/]+)\/tip$/, ["shipmentId"], tip as Route],
];

let sandbox: CourierSandbox;
let world: StaffWorld;
let server: Server;
let base: string;
let warnings: string[];

beforeAll(async () => {
  sandbox = await startSandbox();
  server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://local").pathname;
    const match = ROUTES.map(([pattern, names, route]) => ({ m: pattern.exec(path), names, route })).find((r) => r.m);
    if (!match) {
      res.writeHead(404).end();
      return;
    }
    const params = Object.fromEntries(match.names.map((name, i) => [name, decodeURIComponent(match.m![i + 1]!)]));
    match
      .route({ request: toFetchRequest(req, res, TEST_APP_URL), params, context: {} })
      .catch((thrown: unknown) => {
        if (thrown instanceof Response) return thrown;
        // What Remix answers for an error a route throws.
        return new Response("Unexpected Server Error", { status: 500 });
      })
      .then((response) => sendFetchResponse(res, response))
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await sandbox.close();
});
beforeEach(async () => {
  world = await setUpStaffWorld(sandbox);
  warnings = [];
  const warn = console.warn.bind(console);
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
    warnings.push(args.map(String).join(" "));
    warn(...args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const orderIdOf = (gid: string) => gid.split("/").pop()!;

async function send(method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${sessionToken(SHOP)}`,
      Origin: "https://extensions.shopifycdn.com",
      // The admin's browser (the library answers 410 to a user agent it takes for a bot, as fetch's own).
      "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    path,
    status: response.status,
    retryAfter: response.headers.get("Retry-After"),
    text,
  };
}

describe("staff routes while Shopify throttles every Admin request", () => {
  it("answer 2xx, 4xx or 503 with Retry-After and words, each 5xx logged once", async () => {
    const booked = await world.book("scheduled");
    const delivered = await world.book("delivered");
    const orders = [booked.orderGid, delivered.orderGid].map(orderIdOf);
    world.standIn.throttle.holdEmpty(SHOP);

    const answers = await Promise.all([
      ...orders.map((id) => send("POST", `/api/orders/${id}/quote`, {})),
      ...orders.map((id) =>
        send("POST", `/api/orders/${id}/dispatch`, { windowServiceCode: serviceCodeFor("within-3-hours") }),
      ),
      send("POST", "/api/orders/dispatch", { orderIds: orders }),
      ...orders.map((id) => send("GET", `/api/orders/${id}/shipments`)),
      send("GET", `/api/shipments/${delivered.id}/photos`),
      send("POST", `/api/shipments/${delivered.id}/tip`, { amountDollars: "2.00" }),
      send("POST", `/api/shipments/${delivered.id}/rating`, { value: 5 }),
      send("POST", `/api/shipments/${booked.id}/cancel`, { code: "duplicate_order" }),
    ]);

    for (const answer of answers) {
      const where = `${answer.path} ${answer.status} ${answer.text.slice(0, 200)}`;
      expect(answer.status === 503 || answer.status < 500, where).toBe(true);
      if (answer.status === 503) {
        expect(Number(answer.retryAfter), where).toBeGreaterThan(0);
        const body = JSON.parse(answer.text) as ApiErrorBody;
        expect(body.error.message, where).toMatch(/try again/i);
      }
    }
    const unavailable = answers.filter((a) => a.status === 503);
    // The routes that read the order from Shopify could not have answered otherwise.
    expect(unavailable.map((a) => a.path)).toEqual(
      expect.arrayContaining([
        `/api/orders/${orders[0]}/quote`,
        `/api/orders/${orders[0]}/dispatch`,
        `/api/orders/${orders[0]}/shipments`,
        "/api/orders/dispatch",
      ]),
    );
    expect(warnings.filter((line) => line.includes("staff action failed"))).toHaveLength(unavailable.length);
  }, 60_000);
});
