/**
 * A POST from another origin (the order status block sends `Origin: https://extensions.shopifycdn.com`)
 * to a URL that is no API route, sent to the production server (`npm start`'s build, a real process
 * on 127.0.0.1) as raw bytes, so a path like `deliveries/%2e%2e/change` arrives unnormalised. Remix
 * refuses a cross-site post to a page by throwing, which was a bare 500 every time; the server
 * answers 404 for a URL no route handles and 403 for a page, and API routes still answer themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRefusingAppServer, type AppServer, type TempDatabase } from "../../support/app-server";
import { openRawConnection, rawRequest, type RawConnection } from "../../support/raw-http";

const ANSWER_WITHIN_MS = 15_000;
const BLOCK_ORIGIN = "https://extensions.shopifycdn.com";

let app: AppServer;
let database: TempDatabase;
const open: RawConnection[] = [];

beforeAll(async () => {
  ({ app, database } = await startRefusingAppServer("cross-site"));
}, 600_000);

afterAll(async () => {
  for (const connection of open) connection.close();
  await app?.stop();
  database?.remove();
});

async function post(path: string, headers: Record<string, string>) {
  const conn = await openRawConnection(app.port);
  open.push(conn);
  conn.send(rawRequest("POST", path, { "Content-Type": "application/json", ...headers }, '{"windowStart":"x"}'));
  return conn.nextResponse(ANSWER_WITHIN_MS);
}

describe("a cross-site POST to what is not an API route (issue 38 item 11)", () => {
  it.each([
    "/api/customer/orders/1/deliveries/%2e%2e/change",
    "/api/customer/orders/1/deliveries/%2E%2E/windows",
    "/no-such-page",
  ])("%s: 404, not a bare 500", async (path) => {
    const response = await post(path, { Origin: BLOCK_ORIGIN });
    expect(response.status).toBe(404);
    expect(response.body.length).toBeGreaterThan(0);
  });

  it.each(["/app/settings", "/app/settings.data"])("a page route (%s): 403", async (path) => {
    const response = await post(path, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
  });

  it("the order status block's change route still answers itself (a missing session token: 401)", async () => {
    const response = await post("/api/customer/orders/1/deliveries/2/change", { Origin: BLOCK_ORIGIN });
    expect(response.status).toBe(401);
  });
});
