import type { ActionFunctionArgs } from "@remix-run/node";
import { answerFlowAction } from "~/server/flow-actions-http.server";

/** POST /flow/actions — Shopify Flow runs one of the app's actions (extensions/*: type flow_action). */
export const action = ({ request }: ActionFunctionArgs) => answerFlowAction(request);

export const loader = () =>
  Response.json({ message: "Flow actions are POST requests." }, { status: 405, headers: { Allow: "POST" } });
