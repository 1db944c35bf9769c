/**
 * The app's Shopify Flow actions (POST /flow/actions, app/server/flow-actions-http.server.ts): Flow's
 * documented request body for each action (the world's real orders and courier shipment ids, or
 * hostile values), turned hostile, signed like a webhook with the app's secret (or unsigned, signed
 * with another secret, or changed after signing), mostly POSTed. Action run ids come from a small
 * pool, so resends of a run (done, failed, still running) are met as often as new runs.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import fc from "fast-check";
import { SENDER_CANCELLATION_CODES } from "../../../extensions/shared/api-contract";
import { signWebhook } from "../../support/shopify-signing";
import { TEST_API_SECRET, TEST_APP_URL } from "../../support/test-env";
import { hostileVariant } from "../arbitraries";
import { bodyArb, preview, type FuzzBody } from "../bodies";
import type { FuzzTarget } from "../runner";

export type FlowActionWorld = { shop: string; otherShop: string; orderIds: string[]; courierShipmentIds: string[] };

type Signing = "signed" | "unsigned" | "other-secret" | "tampered";
type Input = { body: FuzzBody; signing: Signing; method: string };
type Route = { action: (args: ActionFunctionArgs) => Promise<Response>; loader: () => Response | Promise<Response> };

const HANDLES = ["cancel-delivery", "raise-driver-pay", "dispatch-delivery-again"] as const;
const RUN_IDS = Array.from({ length: 12 }, (_, i) => `3f6c2a9e-0000-4000-8000-${String(i).padStart(12, "0")}`);

/** One action run as Flow sends it. */
function flowRunArb(world: FlowActionWorld) {
  return fc
    .record({
      shop: fc.constantFrom(world.shop, world.shop, world.shop, world.otherShop),
      runId: fc.oneof(fc.constantFrom(...RUN_IDS), fc.uuid()),
      handle: fc.constantFrom(...HANDLES),
      orderId: fc.constantFrom(...world.orderIds, "777777"),
      shipmentId: fc.option(fc.constantFrom(...world.courierShipmentIds, "999999"), { nil: undefined }),
      reason: fc.constantFrom(...SENDER_CANCELLATION_CODES),
      comment: fc.option(fc.constantFrom("Customer asked by phone", ""), { nil: undefined }),
    })
    .map((run) => ({
      shop_id: "1",
      shopify_domain: run.shop,
      action_run_id: run.runId,
      action_definition_id: run.handle,
      handle: run.handle,
      properties: {
        step_reference: "b1a6e3c0-5f0e-4b7a-9d7e-2f9c8e1d0a11",
        order_id: run.orderId,
        ...(run.shipmentId === undefined ? {} : { shipment_id: run.shipmentId }),
        ...(run.handle === "cancel-delivery"
          ? { reason: run.reason, ...(run.comment === undefined ? {} : { comment: run.comment }) }
          : {}),
      },
    }));
}

export function flowActionTarget(world: FlowActionWorld, route: Route, budgetMs: number): FuzzTarget<Input> {
  return {
    name: "POST /flow/actions",
    budgetMs,
    input: fc.record({
      body: bodyArb(
        flowRunArb(world).chain((base) =>
          fc.oneof({ weight: 2, arbitrary: fc.constant(base) }, { weight: 1, arbitrary: hostileVariant(base) }),
        ),
      ),
      signing: fc.constantFrom<Signing>("signed", "signed", "signed", "signed", "unsigned", "other-secret", "tampered"),
      method: fc.oneof(
        { weight: 19, arbitrary: fc.constant("POST") },
        { weight: 1, arbitrary: fc.constantFrom("GET", "PUT", "DELETE") },
      ),
    }),
    send: async ({ body, signing, method }) => {
      const headers = new Headers();
      if (body.contentType) headers.set("Content-Type", body.contentType);
      if (signing !== "unsigned") {
        const secret = signing === "other-secret" ? "not-the-app-secret" : TEST_API_SECRET;
        headers.set("X-Shopify-Hmac-Sha256", signWebhook(signing === "tampered" ? `${body.text} ` : body.text, secret));
      }
      const withBody = method !== "GET";
      const request = new Request(`${TEST_APP_URL}/flow/actions`, {
        method,
        headers,
        ...(withBody ? { body: body.text } : {}),
      });
      try {
        return method === "GET" ? await route.loader() : await route.action({ request, params: {}, context: {} });
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    },
    describe: ({ body, signing, method }) => `${method} ${signing} ${body.shape} ${preview(body.text, 160)}`,
  };
}
