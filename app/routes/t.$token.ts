import type { LoaderFunctionArgs } from "@remix-run/node";
import { trackingPageResponse } from "~/server/tracking-page-http.server";

/** GET /t/:token — the shoppers' tracking page on the app's URL (the link in Shopify's emails). */
export const loader = (args: LoaderFunctionArgs) => trackingPageResponse(args, { kind: "app" }, "page");
