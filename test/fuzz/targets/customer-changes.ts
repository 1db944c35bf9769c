/**
 * The order status block's changes (POST /api/customer/orders/:orderId/deliveries/:deliveryId/change,
 * GET …/windows; app/server/customer-change-http.server.ts): the world's real order and delivery ids
 * or hostile text, a customer account session token (the order's customer, another customer, another
 * shop, expired, signed with another secret, malformed, none), the extension's origin or another one,
 * mostly the route's own method (and CORS preflights), and for a change a valid body or a hostile
 * variant of it. Each input comes from its own client address, a few from one, so the limits are met.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import fc from "fast-check";
import { mintSessionToken } from "../../support/shopify-signing";
import { TEST_API_KEY, TEST_API_SECRET, TEST_APP_URL } from "../../support/test-env";
import { asWellFormed, hostileString, hostileVariant } from "../arbitraries";
import { bodyArb, preview, type FuzzBody } from "../bodies";
import type { FuzzTarget } from "../runner";
import { ENDPOINT_BUDGET_MS } from "../settings";

type Route = {
  loader: (args: ActionFunctionArgs) => Promise<Response>;
  action: (args: ActionFunctionArgs) => Promise<Response>;
};

export type CustomerChangeWorld = {
  shop: string;
  otherShop: string;
  customer: string;
  /** The order ids (numeric) and their deliveries' ids, pairwise. */
  deliveries: { orderId: string; deliveryId: string }[];
  serviceCodes: string[];
};

type Auth = "customer" | "other-customer" | "other-shop" | "expired" | "other-secret" | "garbage" | "none";
type Input = {
  orderId: string;
  deliveryId: string;
  auth: Auth;
  origin: string | null;
  client: string;
  body: FuzzBody | null;
  method: string;
};

const EXTENSION_ORIGIN = "https://extensions.shopifycdn.com";
const clientArb = fc.oneof({ weight: 9, arbitrary: fc.ipV4() }, { weight: 1, arbitrary: fc.constant("198.51.100.9") });
const hostileId = hostileString.map(asWellFormed).filter((s) => s.length > 0 && s.length < 2_000);

function token(world: CustomerChangeWorld, auth: Auth): string | null {
  if (auth === "none") return null;
  if (auth === "garbage") return "eyJhbGciOiJub25lIn0.e30.";
  const shop = auth === "other-shop" ? world.otherShop : world.shop;
  return mintSessionToken({
    shop,
    apiKey: TEST_API_KEY,
    apiSecret: auth === "other-secret" ? "not-the-app-secret" : TEST_API_SECRET,
    userId: auth === "other-customer" ? "gid://shopify/Customer/555" : world.customer,
    expiresInS: auth === "expired" ? -600 : undefined,
    dest: shop,
  });
}

/** The block's changes (a notes edit, a window move), with hostile values put into them. */
function changeBodyArb(world: CustomerChangeWorld): fc.Arbitrary<FuzzBody> {
  const valid = fc.oneof(
    fc.record({ change: fc.constant("notes"), notes: fc.constantFrom("Gate code 4412", "Leave at the door", "") }),
    fc.record({ change: fc.constant("window"), serviceCode: fc.constantFrom(...world.serviceCodes, "no-such-slot") }),
  );
  return bodyArb(valid.chain((base) => fc.oneof({ weight: 1, arbitrary: fc.constant(base) }, hostileVariant(base))));
}

export function customerChangeTarget(
  world: CustomerChangeWorld,
  route: Route,
  answer: "change" | "windows",
): FuzzTarget<Input> {
  const method = answer === "change" ? "POST" : "GET";
  const pair = fc.constantFrom(...world.deliveries);
  return {
    name: `${method} /api/customer/orders/:orderId/deliveries/:deliveryId/${answer}`,
    budgetMs: ENDPOINT_BUDGET_MS,
    input: fc.record({
      orderId: fc.oneof(
        { weight: 8, arbitrary: pair.map((p) => p.orderId) },
        { weight: 2, arbitrary: hostileId },
        { weight: 1, arbitrary: fc.bigInt({ min: 2n ** 53n, max: 2n ** 64n }).map(String) },
      ),
      deliveryId: fc.oneof(
        { weight: 8, arbitrary: pair.map((p) => p.deliveryId) },
        { weight: 2, arbitrary: hostileId },
        { weight: 1, arbitrary: fc.constantFrom("..", "%2e%2e", "%00") },
      ),
      auth: fc.constantFrom<Auth>(
        "customer",
        "customer",
        "customer",
        "customer",
        "other-customer",
        "other-shop",
        "expired",
        "other-secret",
        "garbage",
        "none",
      ),
      origin: fc.constantFrom<string | null>(
        EXTENSION_ORIGIN,
        EXTENSION_ORIGIN,
        EXTENSION_ORIGIN,
        "https://evil.example",
        null,
      ),
      client: clientArb,
      body: answer === "change" ? changeBodyArb(world) : fc.constant(null),
      method: fc.oneof(
        { weight: 17, arbitrary: fc.constant(method) },
        { weight: 3, arbitrary: fc.constantFrom("GET", "POST", "PUT", "DELETE", "OPTIONS") },
      ),
    }),
    send: async ({ orderId, deliveryId, auth, origin, client, body, method: sent }) => {
      // Params as Remix gives them: decoded from the path.
      const url = `${TEST_APP_URL}/api/customer/orders/${encodeURIComponent(orderId)}/deliveries/${encodeURIComponent(deliveryId)}/${answer}`;
      const headers = new Headers({ "X-Forwarded-For": client });
      if (origin) headers.set("Origin", origin);
      const bearer = token(world, auth);
      if (bearer) headers.set("Authorization", `Bearer ${bearer}`);
      if (sent === "OPTIONS") headers.set("Access-Control-Request-Method", method);
      const withBody = sent !== "GET" && sent !== "OPTIONS" && body !== null;
      if (withBody && body.contentType) headers.set("Content-Type", body.contentType);
      const request = new Request(url, { method: sent, headers, ...(withBody ? { body: body.text } : {}) });
      try {
        const handler = sent === "GET" ? route.loader : route.action;
        return await handler({ request, params: { orderId, deliveryId }, context: { remoteAddress: client } });
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    },
    describe: ({ orderId, deliveryId, auth, origin, body, method: sent }) =>
      `${sent} ${answer} ${auth} origin=${origin ?? "none"} order=${preview(orderId, 30)} delivery=${preview(deliveryId, 30)} ${body ? `${body.shape} ${preview(body.text, 100)}` : ""}`,
  };
}
