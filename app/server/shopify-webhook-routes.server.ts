import type { ActionFunctionArgs, ServerBuild } from "@remix-run/node";

/**
 * Shopify's webhooks answered before Remix: a POST to a webhook route's path goes straight to that
 * route's action. They are API (resource) routes, for which Remix only matches the path, calls the
 * action and sends back its Response (a thrown Response too); its request handler around that cost
 * every acknowledgement CPU that a flash sale's 100 orders/paid a second compete for with the worker
 * (issue 37), as courier events and checkout's rate requests did before they were answered here.
 * The actions are the routes' own, so `remix dev` and this path answer alike.
 */

export type WebhookAction = (args: ActionFunctionArgs) => Promise<unknown>;

/** The webhook routes of a build by their path (`/webhooks/orders/paid`): API routes with an action and no parameters. */
export function shopifyWebhookActions(routes: ServerBuild["routes"]): ReadonlyMap<string, WebhookAction> {
  const actions = new Map<string, WebhookAction>();
  for (const route of Object.values(routes)) {
    const { path, module } = route;
    if (!path?.startsWith("webhooks/") || path.includes(":") || !module.action || module.default) continue;
    actions.set(`/${path}`, module.action as WebhookAction);
  }
  return actions;
}

/** The action's answer, a thrown Response (401, 405 ...) included; anything else it throws is the caller's 500. */
export async function answerWebhookAction(action: WebhookAction, request: Request): Promise<Response> {
  let result: unknown;
  try {
    result = await action({ request, params: {}, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  if (!(result instanceof Response))
    throw new Error(`The webhook route ${new URL(request.url).pathname} answered no Response.`);
  return result;
}
