import { appConfig } from "~/config/env.server";
import { authenticate } from "~/shopify.server";

/**
 * `authenticate.public.customerAccount` for the order status block's routes, and the token's audience.
 * The library verifies the signature with the app secret, the expiry and not-before
 * (`validateSessionToken`), but for extension tokens it turns its own audience check off
 * (@shopify/shopify-app-remix, server/authenticate/public/extension/authenticate: `checkAudience:
 * false`). This adds back the comparison the library makes when that check is on (@shopify/shopify-api,
 * lib/session/decode-session-token: `payload.aud !== config.apiKey`), on the payload it verified, and
 * answers as the library answers an invalid token (401), with the CORS headers so the block can read it.
 */
export async function authenticateCustomerAccount(request: Request) {
  const context = await authenticate.public.customerAccount(request);
  if (context.sessionToken.aud !== appConfig().shopify.apiKey)
    throw context.cors(new Response(undefined, { status: 401, statusText: "Unauthorized" }));
  return context;
}
