/**
 * The embedded pages' form actions: the settings page (settings save, carrier service name, the setup
 * forms it shares) and Home's setup forms (courier account, carrier service, webhook secret, dispatch
 * mode). Fields are the real forms' fields turned hostile, posted as the browser posts them
 * (urlencoded or multipart) or under a content type that is not a form's, with the session token of
 * the shop, of another shop, a malformed one or none.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import fc from "fast-check";
import { mintSessionToken } from "../../support/shopify-signing";
import { TEST_API_KEY, TEST_API_SECRET, TEST_APP_URL } from "../../support/test-env";
import { hostileVariant } from "../arbitraries";
import { contentTypeArb, jsonText, preview } from "../bodies";
import type { FuzzTarget } from "../runner";
import { ENDPOINT_BUDGET_MS } from "../settings";

type Action = (args: ActionFunctionArgs) => Promise<unknown>;
type Encoding = "urlencoded" | "multipart" | "other-type" | "truncated";
type Input = {
  fields: Record<string, string>;
  encoding: Encoding;
  contentType: string | null;
  auth: string;
  cut: number;
};

/** A fuzzed form value as a form field's text (forms carry text only). */
function fieldsOf(value: unknown): Record<string, string> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { intent: jsonText(value) };
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, typeof v === "string" ? v : jsonText(v)]),
  );
}

export function formTarget(options: {
  name: string;
  path: string;
  action: Action;
  forms: Record<string, string>[];
  shop: string;
  otherShop: string;
}): FuzzTarget<Input> {
  const token = (auth: string) =>
    mintSessionToken({
      shop: auth === "other-shop" ? options.otherShop : options.shop,
      apiKey: TEST_API_KEY,
      apiSecret: auth === "other-secret" ? "not-the-app-secret" : TEST_API_SECRET,
    });
  return {
    name: options.name,
    budgetMs: ENDPOINT_BUDGET_MS,
    input: fc.record({
      fields: fc.constantFrom(...options.forms).chain((form) => hostileVariant(form).map(fieldsOf)),
      encoding: fc.oneof(
        { weight: 6, arbitrary: fc.constant<Encoding>("urlencoded") },
        { weight: 2, arbitrary: fc.constant<Encoding>("multipart") },
        { weight: 1, arbitrary: fc.constantFrom<Encoding>("other-type", "truncated") },
      ),
      contentType: contentTypeArb,
      auth: fc.constantFrom("valid", "valid", "valid", "valid", "other-shop", "other-secret", "none"),
      cut: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
    send: async ({ fields, encoding, contentType, auth, cut }) => {
      const headers = new Headers();
      if (auth !== "none") headers.set("Authorization", `Bearer ${token(auth)}`);
      let body: BodyInit;
      if (encoding === "multipart") {
        const form = new FormData();
        for (const [key, value] of Object.entries(fields)) form.append(key, value);
        body = form;
      } else {
        const text = new URLSearchParams(fields).toString();
        body = encoding === "truncated" ? text.slice(0, Math.floor(text.length * cut)) : text;
        if (encoding === "other-type") {
          if (contentType) headers.set("Content-Type", contentType);
        } else headers.set("Content-Type", "application/x-www-form-urlencoded");
      }
      const request = new Request(`${TEST_APP_URL}${options.path}`, { method: "POST", headers, body });
      const answer = await options.action({ request, params: {}, context: {} });
      // A page action's plain data is answered by Remix as JSON with 200.
      return answer instanceof Response ? answer : Response.json(answer);
    },
    describe: ({ fields, encoding, auth }) => `${auth} ${encoding} ${preview(JSON.stringify(fields), 200)}`,
  };
}
