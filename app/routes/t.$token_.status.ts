import type { LoaderFunctionArgs } from "@remix-run/node";
import { trackingPageResponse } from "~/server/tracking-page-http.server";

/** GET /t/:token/status — what the open tracking page polls to update itself. */
export const loader = (args: LoaderFunctionArgs) => trackingPageResponse(args, { kind: "app" }, "status");
