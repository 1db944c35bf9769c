/**
 * Fuzzing the app's Shopify Flow actions (POST /flow/actions) against the courier sandbox and the
 * Shopify stand-in: a world with deliveries the actions may change (scheduled), one a driver has and
 * one delivered, each booked at the sandbox; another installed shop.
 */
import { afterAll, beforeAll, beforeEach, describe } from "vitest";
import { db } from "~/db.server";
import * as flowActions from "~/routes/flow.actions";
import { STAFF_ACTION_BUDGET_MS } from "~/staff/failures.server";
import type { CourierSandbox } from "../courier-sandbox/server";
import { OTHER_SHOP, SHOP, setUpStaffWorld, startSandbox } from "../app/routes/staff-fixture";
import { mswServer } from "../support/msw-server";
import { fuzzes } from "./settings";
import { flowActionTarget, type FlowActionWorld } from "./targets/flow-actions";

/** Flow waits 10 s for an action's answer; the app answers within its 8 s staff budget (a 503 past it). */
const FLOW_ACTION_BUDGET_MS = STAFF_ACTION_BUDGET_MS + 1_000;
const SCHEDULED_DELIVERIES = 8;

let sandbox: CourierSandbox;
let standInHandlers: Parameters<typeof mswServer.use> = [];
let world: FlowActionWorld;

beforeAll(async () => {
  sandbox = await startSandbox();
  const staff = await setUpStaffWorld(sandbox);
  standInHandlers = staff.standIn.handlers;
  mswServer.use(...standInHandlers);
  const states = [...Array.from({ length: SCHEDULED_DELIVERIES }, () => "scheduled" as const), "assigned" as const];
  const rows = [];
  for (const state of [...states, "delivered" as const]) rows.push(await staff.book(state));
  world = {
    shop: SHOP,
    otherShop: OTHER_SHOP,
    orderIds: rows.map((row) => row.orderGid.split("/").pop()!),
    courierShipmentIds: rows.map((row) => row.courierShipmentId!),
  };
});
afterAll(() => sandbox.close());

// The setup file resets MSW's handlers after each test.
beforeEach(() => {
  mswServer.use(...standInHandlers);
});

describe("Shopify Flow actions", () => {
  fuzzes(
    "POST /flow/actions",
    () => db,
    () => flowActionTarget(world, flowActions, FLOW_ACTION_BUDGET_MS),
  );
});
