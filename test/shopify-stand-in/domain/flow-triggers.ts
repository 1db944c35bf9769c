/**
 * Shopify Flow triggers: `flowTriggerReceive(handle, payload)` over the app's `flow_trigger`
 * extensions (the tomls in the repository's extensions/ folder stand for the deployed app):
 *
 * - the handle must name one of the app's trigger extensions;
 * - the payload is a JSON object of at most 50 KB whose keys are exactly the extension's fields: a
 *   reference field (`order_reference`, `customer_reference`, ...) as `<resource>_id` holding the
 *   resource's numeric id (a JSON number, exact beyond 2^53: a BigInt in `shop.flowTriggers` then; a
 *   string or a global id is refused), a custom field under its `key` with a value of its type;
 * - an accepted trigger starts the shop's workflows: the stand-in records it in `shop.flowTriggers`.
 *
 * userError texts are the stand-in's own plain sentences. The fields and payload keys follow Shopify's
 * Flow trigger reference (shopify.dev/docs/apps/build/flow/triggers/reference).
 */
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "smol-toml";
import type { ShopState } from "../shop-state";
import { isoDateTime } from "../values";
import type { UserError } from "./fulfillments";

export const FLOW_PAYLOAD_MAX_BYTES = 50 * 1024;

export type FlowTriggerField = { type: string; key?: string };
export type FlowTriggerDefinition = { handle: string; name: string; description: string; fields: FlowTriggerField[] };

const EXTENSIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../extensions");

type ExtensionToml = {
  extensions?: { type?: string; handle?: string; name?: string; description?: string }[];
  settings?: { fields?: FlowTriggerField[] };
};

/** Every `flow_trigger` extension under `dir` (one folder each, shopify.extension.toml). */
export function loadFlowTriggerDefinitions(dir = EXTENSIONS_DIR): FlowTriggerDefinition[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, "shopify.extension.toml")))
    .flatMap((entry) => {
      const toml = parse(readFileSync(path.join(dir, entry.name, "shopify.extension.toml"), "utf8")) as ExtensionToml;
      return (toml.extensions ?? [])
        .filter((e) => e.type === "flow_trigger")
        .map((e) => ({
          handle: String(e.handle),
          name: String(e.name),
          description: String(e.description),
          fields: toml.settings?.fields ?? [],
        }));
    });
}

/** The payload key of a field: `order_reference` → `order_id`; a custom field's own key. */
export function payloadKeyOf(field: FlowTriggerField): string {
  return field.type.endsWith("_reference") ? `${field.type.slice(0, -"_reference".length)}_id` : String(field.key);
}

const isText = (v: unknown): v is string => typeof v === "string";
const VALUE_RULES: Record<string, (value: unknown) => boolean> = {
  single_line_text_field: (v) => isText(v) && !/[\r\n]/.test(v),
  multi_line_text_field: isText,
  number_integer: (v) => Number.isInteger(v),
  number_decimal: (v) => typeof v === "number" && Number.isFinite(v),
  boolean: (v) => typeof v === "boolean",
  email: (v) => isText(v) && /^[^@\s]+@[^@\s]+$/.test(v),
  url: (v) => isText(v) && URL.canParse(v),
};

function valueFits(field: FlowTriggerField, value: unknown): boolean {
  // A resource's numeric id: a JSON number, read exactly beyond 2^53 (a BigInt then; http.ts).
  if (field.type.endsWith("_reference"))
    return (Number.isSafeInteger(value) && (value as number) > 0) || (typeof value === "bigint" && value > 0n);
  const rule = VALUE_RULES[field.type];
  return rule ? rule(value) : false;
}

/** Why Flow would refuse the payload for this trigger (empty when it is accepted). */
export function payloadProblems(definition: FlowTriggerDefinition, payload: unknown): string[] {
  if (payload === null || typeof payload !== "object" || Array.isArray(payload)) return ["Payload must be an object"];
  const bytes = Buffer.byteLength(
    JSON.stringify(payload, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value)),
    "utf8",
  );
  const problems = bytes > FLOW_PAYLOAD_MAX_BYTES ? [`Payload is ${bytes} bytes; the limit is 50 KB`] : [];
  const values = payload as Record<string, unknown>;
  const declared = new Map(definition.fields.map((field) => [payloadKeyOf(field), field]));
  for (const [key, field] of declared) {
    if (!(key in values)) problems.push(`Missing property '${key}'`);
    else if (!valueFits(field, values[key])) problems.push(`Property '${key}' is not a valid ${field.type}`);
  }
  for (const key of Object.keys(values)) if (!declared.has(key)) problems.push(`Unknown property '${key}'`);
  return problems;
}

let definitions: FlowTriggerDefinition[] | null = null;

export function receiveFlowTrigger(
  shop: ShopState,
  args: { handle?: string | null; payload?: unknown; body?: string | null },
  now: Date,
): { userErrors: UserError[] } {
  definitions ??= loadFlowTriggerDefinitions();
  const definition = definitions.find((d) => d.handle === args.handle);
  if (!definition) return { userErrors: [{ field: ["handle"], message: `Invalid handle '${args.handle ?? ""}'` }] };
  const problems = payloadProblems(definition, args.payload);
  if (problems.length > 0) return { userErrors: problems.map((message) => ({ field: ["payload"], message })) };
  shop.flowTriggers.push({
    handle: definition.handle,
    payload: args.payload as Record<string, unknown>,
    receivedAt: isoDateTime(now),
  });
  return { userErrors: [] };
}
