/**
 * The staff API routes the admin extensions call (app/routes/api.*): each with its params (the
 * world's real order and shipment ids, or hostile text), its JSON body turned hostile, a session token
 * for the shop (or another shop, expired, signed with another key, malformed, none) and mostly its
 * own method. The signed file link route takes the link's own signature instead of a token.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import fc from "fast-check";
import { SENDER_CANCELLATION_CODES } from "../../../extensions/shared/api-contract";
import { mintSessionToken } from "../../support/shopify-signing";
import { TEST_API_KEY, TEST_API_SECRET, TEST_APP_URL } from "../../support/test-env";
import { asWellFormed, hostileString, hostileVariant } from "../arbitraries";
import { bodyArb, preview, type FuzzBody } from "../bodies";
import type { FuzzTarget } from "../runner";
import { ENDPOINT_BUDGET_MS } from "../settings";

type Route = (args: LoaderFunctionArgs) => Promise<unknown>;

export type StaffEndpoint = {
  /** Method and path pattern, e.g. "POST /api/shipments/:shipmentId/cancel". */
  name: string;
  /** The route's action (non-GET) and loader (GET). */
  action: Route;
  loader: Route;
  /** The params' real values (an order id, a shipment id). */
  params: Record<string, string[]>;
  /** A valid body, or null for routes without one. */
  body: unknown;
  query?: Record<string, string[]>;
};

export type StaffWorldIds = { shop: string; otherShop: string };

type Auth = "valid" | "other-shop" | "expired" | "other-secret" | "garbage" | "none";
type Input = {
  params: Record<string, string>;
  body: FuzzBody | null;
  query: Record<string, string>;
  auth: Auth;
  method: string;
};

function paramArb(values: string[]) {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...values) },
    { weight: 3, arbitrary: hostileString.map(asWellFormed).filter((s) => s.length > 0 && s.length < 2_000) },
    { weight: 1, arbitrary: fc.bigInt({ min: 2n ** 53n, max: 2n ** 64n }).map(String) },
  );
}

function recordOf(specs: Record<string, string[]>) {
  return fc.record(Object.fromEntries(Object.entries(specs).map(([key, values]) => [key, paramArb(values)])));
}

function token(world: StaffWorldIds, auth: Auth): string | null {
  if (auth === "none") return null;
  if (auth === "garbage") return "eyJhbGciOiJub25lIn0.e30.";
  return mintSessionToken({
    shop: auth === "other-shop" ? world.otherShop : world.shop,
    apiKey: TEST_API_KEY,
    apiSecret: auth === "other-secret" ? "not-the-app-secret" : TEST_API_SECRET,
    expiresInS: auth === "expired" ? -120 : undefined,
  });
}

export function staffTarget(world: StaffWorldIds, endpoint: StaffEndpoint): FuzzTarget<Input> {
  const [method, pattern] = endpoint.name.split(" ") as [string, string];
  return {
    name: endpoint.name,
    budgetMs: ENDPOINT_BUDGET_MS,
    input: fc.record({
      params: recordOf(endpoint.params),
      body: endpoint.body === null ? fc.constant(null) : bodyArb(hostileVariant(endpoint.body)),
      query: recordOf(endpoint.query ?? {}),
      auth: fc.oneof(
        { weight: 8, arbitrary: fc.constant<Auth>("valid") },
        { weight: 1, arbitrary: fc.constantFrom<Auth>("other-shop", "expired", "other-secret", "garbage", "none") },
      ),
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constant(method) },
        { weight: 1, arbitrary: fc.constantFrom("GET", "PUT", "DELETE", "POST") },
      ),
    }),
    send: async ({ params, body, query, auth, method: sent }) => {
      const path = pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name]!));
      const url = new URL(`${TEST_APP_URL}${path}`);
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
      const headers = new Headers({ Origin: "https://extensions.shopifycdn.com" });
      const bearer = token(world, auth);
      if (bearer) headers.set("Authorization", `Bearer ${bearer}`);
      const withBody = sent !== "GET" && body !== null;
      if (withBody && body.contentType) headers.set("Content-Type", body.contentType);
      const request = new Request(url, { method: sent, headers, ...(withBody ? { body: body.text } : {}) });
      const route = sent === "GET" ? endpoint.loader : endpoint.action;
      const answer = await route({ request, params, context: {} });
      if (!(answer instanceof Response)) throw new Error(`${endpoint.name} answered with data, not a Response`);
      return answer;
    },
    describe: ({ params, body, auth, method: sent, query }) =>
      `${sent} ${auth} params=${preview(JSON.stringify(params), 80)} query=${preview(JSON.stringify(query), 60)} ${body ? `${body.shape} ${preview(body.text, 100)}` : ""}`,
  };
}

/** A valid cancel body: a reason the sender may give and a short comment. */
export const CANCEL_BODY = { code: SENDER_CANCELLATION_CODES[0], comment: "Customer asked to cancel" };

type SignedLink = { shipmentId: string; file: string; exp: string; sig: string };
type LinkInput = { link: SignedLink; shipmentId: string; file: string; exp: string; sig: string };

/** GET /api/files/:shipmentId/:file?exp&sig: real links from the photos route, and every part of them changed. */
export function fileLinkTarget(links: SignedLink[], loader: Route): FuzzTarget<LinkInput> {
  const part = (pick: (link: SignedLink) => string) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...links.map(pick)) },
      { weight: 1, arbitrary: hostileString.map(asWellFormed) },
    );
  return {
    name: "GET /api/files/:shipmentId/:file",
    budgetMs: ENDPOINT_BUDGET_MS,
    input: fc.constantFrom(...links).chain((link) =>
      fc.record({
        link: fc.constant(link),
        shipmentId: fc.oneof(
          { weight: 3, arbitrary: fc.constant(link.shipmentId) },
          part((l) => l.shipmentId),
        ),
        file: fc.oneof(
          { weight: 3, arbitrary: fc.constant(link.file) },
          part((l) => l.file),
        ),
        exp: fc.oneof(
          { weight: 3, arbitrary: fc.constant(link.exp) },
          part((l) => l.exp),
        ),
        sig: fc.oneof(
          { weight: 3, arbitrary: fc.constant(link.sig) },
          part((l) => l.sig),
        ),
      }),
    ),
    send: async ({ shipmentId, file, exp, sig }) => {
      const url = new URL(`${TEST_APP_URL}/api/files/${encodeURIComponent(shipmentId)}/${encodeURIComponent(file)}`);
      url.searchParams.set("exp", exp);
      url.searchParams.set("sig", sig);
      return (await loader({ request: new Request(url), params: { shipmentId, file }, context: {} })) as Response;
    },
    describe: ({ shipmentId, file, exp, sig }) =>
      `${preview(shipmentId, 40)}/${preview(file, 40)} exp=${preview(exp, 30)} sig=${preview(sig, 50)}`,
  };
}
