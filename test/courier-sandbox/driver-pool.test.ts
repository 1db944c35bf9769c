import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestSchemas } from "~/courier/requests";
import { startCourierSandbox, type CourierSandbox } from "./server";
import { createRequest } from "./testing";

/** The sandbox's driver pool: a shipment is taken once its payout reaches the pool's minimum. */

const TOKEN = "tok-driver-pool";
let sandbox: CourierSandbox;

beforeAll(async () => {
  // 1000× faster: the first driver step comes 30 ms after a shipment is taken.
  sandbox = await startCourierSandbox({ timeScale: 1000, tokens: [TOKEN] });
});
afterAll(() => sandbox.close());

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const options = (extra: number) => ({ signature_required: true, decline_insurance: false, extra_compensation: extra });

describe("driver pool", () => {
  it("takes a shipment only once price plus extra compensation reaches the minimum, and records each update", async () => {
    sandbox.setAccountOptions(TOKEN, { driverPool: { minimumPayout: 1_000 } });
    // Its window starts within 30 minutes: without a pool a driver would come at once.
    const request = requestSchemas(() => new Date()).createShipment.parse(createRequest(new Date()));
    const created = await call("POST", "/v1/shipments", request);
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const price = created.body.price as number;
    sandbox.setAccountOptions(TOKEN, { driverPool: { minimumPayout: price + 3.5 } });

    const first = await call("PATCH", `/v1/shipments/${id}`, { options: options(2) });
    expect(first).toMatchObject({ status: 200, body: { state: "scheduled", price: price + 2 } });
    await pause(150);
    expect(sandbox.shipment(id)).toMatchObject({ state: "scheduled", driver: null });

    const second = await call("PATCH", `/v1/shipments/${id}`, { options: options(4) });
    expect(second).toMatchObject({ status: 200, body: { price: price + 4 } });
    for (let i = 0; i < 100 && !sandbox.shipment(id)?.driver; i++) await pause(10);
    expect(sandbox.shipment(id)?.driver).not.toBeNull();

    const late = await call("PATCH", `/v1/shipments/${id}`, { options: options(6) });
    expect(late.status).toBe(400);
    expect(late.body.errors).toEqual([expect.objectContaining({ code: 1003, parameter: "state" })]);

    expect(sandbox.updates.filter((u) => u.shipmentId === id).map((u) => [u.status, u.body])).toEqual([
      [200, { options: options(2) }],
      [200, { options: options(4) }],
      [400, { options: options(6) }],
    ]);
  });

  it("without a pool the 30-minute rule still decides", async () => {
    sandbox.setAccountOptions(TOKEN, { driverPool: null });
    const request = requestSchemas(() => new Date()).createShipment.parse(createRequest(new Date()));
    const created = await call("POST", "/v1/shipments", request);
    const id = created.body.id as number;
    for (let i = 0; i < 100 && !sandbox.shipment(id)?.driver; i++) await pause(10);
    expect(sandbox.shipment(id)?.driver).not.toBeNull();
  });
});
