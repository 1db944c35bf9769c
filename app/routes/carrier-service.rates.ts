import type { ActionFunctionArgs } from "@remix-run/node";
import { appConfig } from "~/config/env.server";
import { BodyTooLargeError, readRequestBytes } from "~/http/capped-body.server";
import {
  answerRateCallback,
  RATE_METHOD_NOT_ALLOWED,
  RATE_REQUEST_TOO_LARGE,
  type RateCallbackAnswer,
} from "~/quote/rate-callback.server";
import { MAX_RATE_REQUEST_BYTES } from "~/quote/rate-request";
import { getRuntime } from "~/runtime.server";

/**
 * Shopify's carrier-service callback (RATES_CALLBACK_PATH), as answerRateCallback answers it. The
 * production server answers this path itself before Remix (app/server/carrier-rates.server.ts); this
 * route serves every other way the app is run (`remix dev`, the tests' in-process requests).
 */
export const action = async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return toResponse(RATE_METHOD_NOT_ALLOWED());
  let rawBody: Uint8Array;
  try {
    rawBody = await readRequestBytes(request, MAX_RATE_REQUEST_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return toResponse(RATE_REQUEST_TOO_LARGE());
    throw error;
  }
  return toResponse(
    await answerRateCallback(getRuntime().quote, {
      rawBody,
      hmac: request.headers.get("x-shopify-hmac-sha256"),
      shopDomain: request.headers.get("x-shopify-shop-domain"),
      apiSecret: appConfig().shopify.apiSecret,
    }),
  );
};

export const loader = () => toResponse(RATE_METHOD_NOT_ALLOWED());

function toResponse(answer: RateCallbackAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
