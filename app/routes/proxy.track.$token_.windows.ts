import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { authenticate } from "~/shopify.server";
import { shopperChangeResponse } from "~/tracking-page/change-http.server";

/** GET /proxy/track/:token/windows — the windows the shopper may move to, through the app proxy. */
const surface = { kind: "proxy", verify: authenticate.public.appProxy } as const;
export const loader = (args: LoaderFunctionArgs) => shopperChangeResponse(args, surface, "windows");
export const action = (args: ActionFunctionArgs) => shopperChangeResponse(args, surface, "windows");
