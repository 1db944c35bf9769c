import type { LoaderFunctionArgs } from "@remix-run/node";
import { authenticate } from "~/shopify.server";
import { trackingPageResponse } from "~/server/tracking-page-http.server";

/**
 * GET /proxy/track/:token — the tracking page on the shop's domain (`/apps/courier-track/:token`,
 * `[app_proxy]` in shopify.app.toml); the library verifies Shopify's signature.
 */
export const loader = (args: LoaderFunctionArgs) =>
  trackingPageResponse(args, { kind: "proxy", verify: authenticate.public.appProxy }, "page");
