import type { WebhookAuth } from "./model";

/** `--webhook-auth bearer:<token>|basic:<user>:<password>|x-api-key:<token>` */
export function parseWebhookAuth(text: string): WebhookAuth {
  const colon = text.indexOf(":");
  const method = colon < 0 ? text : text.slice(0, colon);
  const rest = colon < 0 ? "" : text.slice(colon + 1);
  if (method === "bearer" && rest) return { method: "bearer", token: rest };
  if (method === "x-api-key" && rest) return { method: "x-api-key", token: rest };
  if (method === "basic") {
    const split = rest.indexOf(":");
    if (split > 0 && split < rest.length - 1)
      return { method: "basic", user: rest.slice(0, split), password: rest.slice(split + 1) };
  }
  throw new Error(
    `--webhook-auth must be bearer:<token>, basic:<user>:<password> or x-api-key:<token> (got "${method}")`,
  );
}
