/**
 * Courier events posted to a shop's webhook URL: every event name the app knows (and made-up ones),
 * data in the document's shape turned hostile, dated within the replay window; mostly with the
 * shop's secret, sometimes with another one or none, sometimes to a path no shop has.
 */
import fc from "fast-check";
import { action } from "~/routes/courier.webhooks.$pathId";
import { BASIC_AUTH_USER } from "~/shops/courier-credentials.server";
import { EVENT_DATA_SCHEMAS } from "~/courier/events";
import { TEST_APP_URL } from "../../support/test-env";
import { asWellFormed, hostileString, hostileVariant } from "../arbitraries";
import { bodyArb, preview, type FuzzBody } from "../bodies";
import type { FuzzTarget } from "../runner";
import { ENDPOINT_BUDGET_MS } from "../settings";

type Auth = "bearer" | "wrong-secret" | "basic" | "none";
type Input = { body: FuzzBody; auth: Auth; pathId: string };

/** One event of the courier's webhook shape for a shipment the app holds (or another id). */
function event(name: string, shipmentId: number, occurredAt: string) {
  return {
    event: name,
    data: {
      id: shipmentId,
      occurred_at: occurredAt,
      reference_id: "#1001",
      tracking_number: "TRK4711",
      latitude: 40.7,
      longitude: -74,
      driver_id: "d-1",
      eta: occurredAt,
      items: [{ reference_id: "SOUR-LOAF" }],
    },
  };
}

export function courierWebhookTarget(world: {
  pathId: string;
  secret: string;
  shipmentIds: number[];
  recentIso: () => string;
}): FuzzTarget<Input> {
  const names = [...Object.keys(EVENT_DATA_SCHEMAS), "shipment.made_up_event"];
  return {
    name: "POST /courier/webhooks/:pathId",
    budgetMs: ENDPOINT_BUDGET_MS,
    input: fc.record({
      body: bodyArb(
        fc
          .tuple(fc.constantFrom(...names), fc.constantFrom(...world.shipmentIds, 99_999))
          .chain(([name, id]) => hostileVariant(event(name, id, world.recentIso()))),
      ),
      auth: fc.oneof(
        { weight: 8, arbitrary: fc.constant<Auth>("bearer") },
        { weight: 1, arbitrary: fc.constantFrom<Auth>("wrong-secret", "basic", "none") },
      ),
      pathId: fc.oneof(
        { weight: 8, arbitrary: fc.constant(world.pathId) },
        { weight: 1, arbitrary: hostileString.map(asWellFormed) },
      ),
    }),
    send: ({ body, auth, pathId }) => {
      const headers = new Headers();
      if (body.contentType) headers.set("Content-Type", body.contentType);
      if (auth === "bearer") headers.set("Authorization", `Bearer ${world.secret}`);
      if (auth === "wrong-secret") headers.set("Authorization", `Bearer ${world.secret}x`);
      if (auth === "basic")
        headers.set("Authorization", `Basic ${Buffer.from(`${BASIC_AUTH_USER}:${world.secret}`).toString("base64")}`);
      const request = new Request(`${TEST_APP_URL}/courier/webhooks/${encodeURIComponent(pathId)}`, {
        method: "POST",
        headers,
        body: body.text,
      });
      return action({ request, params: { pathId }, context: {} });
    },
    describe: ({ body, auth, pathId }) => `${auth} path=${preview(pathId, 40)} ${body.shape} ${preview(body.text)}`,
  };
}
