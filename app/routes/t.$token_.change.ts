import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { shopperChangeResponse } from "~/tracking-page/change-http.server";

/** POST /t/:token/change — the shopper's notes edit or window move from the tracking page (JSON). */
export const action = (args: ActionFunctionArgs) => shopperChangeResponse(args, { kind: "app" }, "change");
export const loader = (args: LoaderFunctionArgs) => shopperChangeResponse(args, { kind: "app" }, "change");
