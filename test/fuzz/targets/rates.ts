/**
 * Carrier-service rate requests: Shopify's body (a distinct cart each time, so some reach the courier
 * sandbox and some its cache) turned hostile, mostly signed; answered within the shop's time budget
 * plus RATE_ANSWER_MARGIN_MS, one at a time or eight at a time.
 */
import fc from "fast-check";
import { RATES_CALLBACK_PATH } from "~/carrier-service/register.server";
import { action } from "~/routes/carrier-service.rates";
import { getRuntime } from "~/runtime.server";
import { TEST_APP_URL } from "../../support/test-env";
import { distinctCart } from "../../app/quote/rate-request-fixture";
import { hostileVariant } from "../arbitraries";
import { bodyArb, preview, type FuzzBody } from "../bodies";
import type { FuzzTarget } from "../runner";
import { signatureArb, signatureHeader, type Signature } from "./shopify-webhooks";

/** What an answer may take beyond the shop's budget: the response itself and a busy event loop. */
export const RATE_ANSWER_MARGIN_MS = 250;

type Input = { body: FuzzBody; signature: Signature; shop: string; timeoutHeader: string };

export function ratesTarget(shop: string, timeBudgetMs: number, batch = 1): FuzzTarget<Input> {
  return {
    name: `POST ${RATES_CALLBACK_PATH}`,
    budgetMs: timeBudgetMs + RATE_ANSWER_MARGIN_MS,
    batch,
    // An answer waits for its quote memory write only so long: an earlier answer's write may land during the
    // next input's, and would read as that input's write (seen on PostgreSQL).
    settle: () => getRuntime().quote.memory.settled(),
    input: fc.record({
      body: bodyArb(fc.nat(50_000).chain((n) => hostileVariant(distinctCart(n)))),
      signature: signatureArb,
      shop: fc.oneof(
        { weight: 8, arbitrary: fc.constant(shop) },
        {
          weight: 1,
          arbitrary: fc.constantFrom("unknown.myshopify.com", "evil.example", "", ` ${shop.toUpperCase()} `),
        },
      ),
      timeoutHeader: fc.constantFrom("10000", "5000", "0", "-1", "abc", ""),
    }),
    send: ({ body, signature, shop: shopHeader, timeoutHeader }) => {
      const headers = new Headers({ "X-Shopify-Shop-Domain": shopHeader, "X-Shopify-Timeout": timeoutHeader });
      if (body.contentType) headers.set("Content-Type", body.contentType);
      const hmac = signatureHeader(signature, body.text);
      if (hmac !== null) headers.set("X-Shopify-Hmac-Sha256", hmac);
      const request = new Request(`${TEST_APP_URL}${RATES_CALLBACK_PATH}`, {
        method: "POST",
        headers,
        body: body.text,
      });
      return action({ request, params: {}, context: {} });
    },
    describe: ({ body, signature, shop: shopHeader }) =>
      `${signature} ${body.shape} ${body.contentType} shop=${JSON.stringify(shopHeader)} ${preview(body.text)}`,
  };
}
