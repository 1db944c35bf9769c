import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { authenticate } from "~/shopify.server";
import { shopperChangeResponse } from "~/tracking-page/change-http.server";

/** POST /proxy/track/:token/change — the shopper's change through the app proxy (signature verified). */
const surface = { kind: "proxy", verify: authenticate.public.appProxy } as const;
export const action = (args: ActionFunctionArgs) => shopperChangeResponse(args, surface, "change");
export const loader = (args: LoaderFunctionArgs) => shopperChangeResponse(args, surface, "change");
