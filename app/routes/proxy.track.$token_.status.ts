import type { LoaderFunctionArgs } from "@remix-run/node";
import { authenticate } from "~/shopify.server";
import { trackingPageResponse } from "~/server/tracking-page-http.server";

/** GET /proxy/track/:token/status — the proxied page's updates, signed by Shopify like the page. */
export const loader = (args: LoaderFunctionArgs) =>
  trackingPageResponse(args, { kind: "proxy", verify: authenticate.public.appProxy }, "status");
