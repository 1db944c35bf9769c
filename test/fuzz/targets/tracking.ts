/**
 * The shoppers' side: the tracking page and its status on the app's URL and through the app proxy
 * (signed by Shopify's rule, or tampered with, or unsigned), and the order status block's route with
 * a customer account session token. Tokens, order ids and query values are valid ones or hostile
 * text; each input comes from its own client address (the per-client limit is tested elsewhere), a few
 * from one address, so the limit's 429 is met too.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import fc from "fast-check";
import { loader as customerDelivery } from "~/routes/api.customer.orders.$orderId.delivery";
import { loader as proxyPage } from "~/routes/proxy.track.$token";
import { loader as proxyStatus } from "~/routes/proxy.track.$token_.status";
import { loader as appPage } from "~/routes/t.$token";
import { loader as appStatus } from "~/routes/t.$token_.status";
import { appProxyQuery, mintSessionToken } from "../../support/shopify-signing";
import { TEST_API_KEY, TEST_API_SECRET, TEST_APP_URL } from "../../support/test-env";
import { asWellFormed, hostileString } from "../arbitraries";
import { preview } from "../bodies";
import type { FuzzTarget } from "../runner";
import { ENDPOINT_BUDGET_MS } from "../settings";

type Loader = (args: LoaderFunctionArgs) => Promise<Response>;

export type TrackingWorld = { shop: string; token: string; orderId: string; customerGid: string };

const clientArb = fc.oneof({ weight: 9, arbitrary: fc.ipV4() }, { weight: 1, arbitrary: fc.constant("198.51.100.7") });
const acceptArb = fc.constantFrom(
  "text/html",
  "application/json",
  "*/*",
  "",
  "text/html;q=0.1, \u00e9/\u00e9".normalize(),
);

/** A URL path segment: the real one, hostile text (as a URL can carry it), or a look-alike. */
function segmentArb(real: string) {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(real) },
    { weight: 4, arbitrary: hostileString.map(asWellFormed).filter((s) => s.length > 0 && s.length < 4_000) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(`${real}x`, real.slice(1), real.toUpperCase(), "%00", "..", "a".repeat(3_000)),
    },
  );
}

function header(value: string): string {
  return value.replace(/[^\x20-\x7e]/g, "?");
}

type PageInput = { token: string; client: string; accept: string; extra: Record<string, string>; proxy: string };

export function trackingPageTarget(
  world: TrackingWorld,
  surface: "app" | "proxy",
  what: "page" | "status",
): FuzzTarget<PageInput> {
  const base = surface === "app" ? "/t" : "/proxy/track";
  const loader: Loader =
    surface === "app" ? (what === "page" ? appPage : appStatus) : what === "page" ? proxyPage : proxyStatus;
  return {
    name: `GET ${base}/:token${what === "status" ? "/status" : ""}`,
    budgetMs: ENDPOINT_BUDGET_MS,
    input: fc.record({
      token: segmentArb(world.token),
      client: clientArb,
      accept: acceptArb,
      extra: fc.dictionary(
        fc.constantFrom("shop", "signature", "timestamp", "x", "path_prefix"),
        hostileString.map(asWellFormed),
        {
          maxKeys: 2,
        },
      ),
      proxy: fc.constantFrom("signed", "signed", "signed", "tampered", "other-secret", "unsigned"),
    }),
    send: ({ token, client, accept, extra, proxy }) => {
      const url = new URL(`${TEST_APP_URL}${base}/${encodeURIComponent(token)}${what === "status" ? "/status" : ""}`);
      if (surface === "proxy" && proxy !== "unsigned") {
        const query = appProxyQuery({
          shop: world.shop,
          secret: proxy === "other-secret" ? "not-the-app-secret" : TEST_API_SECRET,
          extra: proxy === "tampered" ? {} : extra,
        });
        for (const [key, value] of query) url.searchParams.set(key, value);
        if (proxy === "tampered") for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value);
      } else for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value);
      const headers = new Headers({ Accept: header(accept), "X-Forwarded-For": client });
      return loader({ request: new Request(url, { headers }), params: { token }, context: { remoteAddress: client } });
    },
    describe: ({ token, proxy, extra }) =>
      `${surface}/${what} ${proxy} token=${preview(token, 60)} extra=${preview(JSON.stringify(extra), 80)}`,
  };
}

type CustomerInput = { orderId: string; client: string; token: string; auth: string };

export function customerDeliveryTarget(world: TrackingWorld): FuzzTarget<CustomerInput> {
  const tokenFor = (auth: string, sub: string) =>
    mintSessionToken({
      shop: auth === "other-shop" ? "rival-florist.myshopify.com" : world.shop,
      apiKey: TEST_API_KEY,
      apiSecret: auth === "other-secret" ? "not-the-app-secret" : TEST_API_SECRET,
      userId: sub,
      expiresInS: auth === "expired" ? -120 : undefined,
    });
  return {
    name: "GET /api/customer/orders/:orderId/delivery",
    budgetMs: ENDPOINT_BUDGET_MS,
    input: fc.record({
      orderId: segmentArb(world.orderId),
      client: clientArb,
      auth: fc.constantFrom("valid", "valid", "valid", "other-shop", "other-secret", "expired", "garbage", "none"),
      token: fc.oneof(
        fc.constant(world.customerGid),
        hostileString.map(asWellFormed),
        fc.constant("gid://shopify/Customer/99999999999999999999"),
      ),
    }),
    send: ({ orderId, client, auth, token }) => {
      const headers = new Headers({ Origin: "https://extensions.shopifycdn.com", "X-Forwarded-For": client });
      if (auth === "garbage") headers.set("Authorization", `Bearer ${header(token)}`);
      else if (auth !== "none") headers.set("Authorization", `Bearer ${tokenFor(auth, token)}`);
      const request = new Request(`${TEST_APP_URL}/api/customer/orders/${encodeURIComponent(orderId)}/delivery`, {
        headers,
      });
      return customerDelivery({ request, params: { orderId }, context: { remoteAddress: client } });
    },
    describe: ({ orderId, auth, token }) => `${auth} order=${preview(orderId, 60)} sub=${preview(token, 60)}`,
  };
}
