/**
 * The shopper's changes from the tracking page: POST `<page>/change` (notes, window, rating) and GET
 * `<page>/windows`, on the app's URL and through the app proxy (signed, tampered with, unsigned).
 * Tokens are real ones (a delivery the courier still lets change, one a driver has, one delivered)
 * or hostile text; bodies are valid changes or hostile variants of them in every shape and type.
 * Each input comes from its own client address, a few from one, so the page's limit is met too; the
 * per-delivery limit on changes is met by the real tokens within a few inputs.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import fc from "fast-check";
import * as proxyChange from "~/routes/proxy.track.$token_.change";
import * as proxyWindows from "~/routes/proxy.track.$token_.windows";
import * as appChange from "~/routes/t.$token_.change";
import * as appWindows from "~/routes/t.$token_.windows";
import { appProxyQuery } from "../../support/shopify-signing";
import { TEST_API_SECRET, TEST_APP_URL } from "../../support/test-env";
import { asWellFormed, hostileString, hostileVariant } from "../arbitraries";
import { bodyArb, preview, type FuzzBody } from "../bodies";
import type { FuzzTarget } from "../runner";
import { ENDPOINT_BUDGET_MS } from "../settings";

type Route = {
  loader: (args: ActionFunctionArgs) => Promise<Response>;
  action: (args: ActionFunctionArgs) => Promise<Response>;
};

export type ShopperChangeWorld = { shop: string; tokens: string[]; serviceCodes: string[] };

type Input = { token: string; client: string; body: FuzzBody | null; method: string; proxy: string };

const clientArb = fc.oneof({ weight: 9, arbitrary: fc.ipV4() }, { weight: 1, arbitrary: fc.constant("198.51.100.9") });

/** The changes the page's script sends, with hostile values put into them. */
function changeBodyArb(world: ShopperChangeWorld): fc.Arbitrary<FuzzBody> {
  const valid = fc.oneof(
    fc.record({ change: fc.constant("notes"), notes: fc.constantFrom("Gate code 4412", "Leave at the door", "") }),
    fc.record({ change: fc.constant("window"), serviceCode: fc.constantFrom(...world.serviceCodes, "no-such-slot") }),
    fc.record({ change: fc.constant("rating"), value: fc.integer({ min: 0, max: 6 }), reasons: fc.constant([]) }),
  );
  return bodyArb(valid.chain((base) => fc.oneof({ weight: 1, arbitrary: fc.constant(base) }, hostileVariant(base))));
}

export function shopperChangeTarget(
  world: ShopperChangeWorld,
  surface: "app" | "proxy",
  answer: "change" | "windows",
): FuzzTarget<Input> {
  const base = surface === "app" ? "/t" : "/proxy/track";
  const route: Route =
    surface === "app"
      ? answer === "change"
        ? appChange
        : appWindows
      : answer === "change"
        ? proxyChange
        : proxyWindows;
  const method = answer === "change" ? "POST" : "GET";
  return {
    name: `${method} ${base}/:token/${answer}`,
    budgetMs: ENDPOINT_BUDGET_MS,
    input: fc.record({
      token: fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...world.tokens) },
        { weight: 2, arbitrary: hostileString.map(asWellFormed).filter((s) => s.length > 0 && s.length < 4_000) },
        { weight: 1, arbitrary: fc.constantFrom(...world.tokens.map((t) => `${t}x`), "..", "%00") },
      ),
      client: clientArb,
      body: answer === "change" ? changeBodyArb(world) : fc.constant(null),
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constant(method) },
        { weight: 1, arbitrary: fc.constantFrom("GET", "POST", "PUT", "DELETE") },
      ),
      proxy: fc.constantFrom("signed", "signed", "signed", "tampered", "other-secret", "unsigned"),
    }),
    send: async ({ token, client, body, method: sent, proxy }) => {
      const url = new URL(`${TEST_APP_URL}${base}/${encodeURIComponent(token)}/${answer}`);
      if (surface === "proxy" && proxy !== "unsigned") {
        const query = appProxyQuery({
          shop: world.shop,
          secret: proxy === "other-secret" ? "not-the-app-secret" : TEST_API_SECRET,
        });
        for (const [key, value] of query) url.searchParams.set(key, value);
        if (proxy === "tampered") url.searchParams.set("path_prefix", "/apps/elsewhere");
      }
      const headers = new Headers({ "X-Forwarded-For": client });
      const withBody = sent !== "GET" && body !== null;
      if (withBody && body.contentType) headers.set("Content-Type", body.contentType);
      const request = new Request(url, { method: sent, headers, ...(withBody ? { body: body.text } : {}) });
      try {
        const handler = sent === "GET" ? route.loader : route.action;
        return await handler({ request, params: { token }, context: { remoteAddress: client } });
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    },
    describe: ({ token, body, method: sent, proxy }) =>
      `${sent} ${surface}/${answer} ${proxy} token=${preview(token, 40)} ${body ? `${body.shape} ${preview(body.text, 100)}` : ""}`,
  };
}
