import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { shopperChangeResponse } from "~/tracking-page/change-http.server";

/** GET /t/:token/windows — the delivery windows the shopper may move to, before a driver has it. */
export const loader = (args: LoaderFunctionArgs) => shopperChangeResponse(args, { kind: "app" }, "windows");
export const action = (args: ActionFunctionArgs) => shopperChangeResponse(args, { kind: "app" }, "windows");
