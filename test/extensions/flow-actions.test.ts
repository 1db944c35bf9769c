/**
 * The app's `flow_action` extensions against the code that answers them: each toml's handle is one
 * the app parses, its runtime_url is a route the app serves, its fields are the properties the app
 * reads (the order reference as `order_id`), with field types Flow actions take (Shopify's Flow action
 * reference: `[[settings.fields]]` custom fields need `key` and `name`). Sent through the real parser,
 * a request built from the toml's fields is accepted.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import {
  FLOW_ACTION_HANDLES,
  FLOW_ACTION_PROPERTIES,
  FLOW_ACTION_TITLES,
  parseFlowActionRequest,
} from "~/flow-actions/flow-action-request";

const root = path.resolve(import.meta.dirname, "..", "..");
const extensionsDir = path.join(root, "extensions");

type Field = { type: string; key?: string; name?: string; description?: string; required?: boolean };
type ActionToml = {
  extensions: { type: string; handle: string; name: string; description?: string; runtime_url: string }[];
  settings?: { fields?: Field[] };
};

const actions = readdirSync(extensionsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(path.join(extensionsDir, entry.name, "shopify.extension.toml")))
  .map((entry) => ({
    folder: entry.name,
    toml: parse(readFileSync(path.join(extensionsDir, entry.name, "shopify.extension.toml"), "utf8")) as ActionToml,
  }))
  .filter(({ toml }) => toml.extensions[0]?.type === "flow_action");

/** Custom field types a Flow action may declare (Shopify's Flow action reference). */
const ACTION_FIELD_TYPES = [
  "boolean",
  "email",
  "multi_line_text_field",
  "number_integer",
  "single_line_text_field",
  "url",
  "number_decimal",
];

/** The Remix route file serving a URL path (flat routes: `/flow/actions` → app/routes/flow.actions.ts). */
const routeFileOf = (urlPath: string) =>
  path.join(root, "app", "routes", `${urlPath.slice(1).split("/").join(".")}.ts`);

/** A property value a workflow could send for a field. */
const SAMPLES: Record<string, string> = { shipment_id: "4711", reason: "other", comment: "Sold out of rye" };
const sample = (field: Field) =>
  field.type === "order_reference" ? ["order_id", "820982911946154508"] : [field.key!, SAMPLES[field.key!] ?? "text"];

describe("flow_action extensions", () => {
  it("one extension per action the app answers, and an action for each", () => {
    expect(actions.map((a) => a.toml.extensions[0]!.handle).sort()).toEqual([...FLOW_ACTION_HANDLES].sort());
  });

  it.each(actions.map((a) => [a.folder, a.toml] as const))("%s: names, handle and runtime URL", (folder, toml) => {
    const extension = toml.extensions[0]!;
    expect(extension.handle).toBe(folder);
    expect(extension.handle).toMatch(/^[a-z0-9-]{1,30}$/);
    expect(extension.name).toBe(FLOW_ACTION_TITLES[extension.handle as keyof typeof FLOW_ACTION_TITLES]);
    // Flow's naming guidelines: a verb and its object, sentence case, no punctuation.
    expect(extension.name).toMatch(/^[A-Z][a-z ]+$/);
    expect(extension.description?.length).toBeGreaterThan(0);
    // Relative: resolved against shopify.app.toml's application_url, served by the app's route.
    expect(extension.runtime_url).toBe("/flow/actions");
    expect(existsSync(routeFileOf(extension.runtime_url))).toBe(true);
  });

  it.each(actions.map((a) => [a.folder, a.toml] as const))(
    "%s: the fields are the properties the app reads",
    (_f, toml) => {
      const handle = toml.extensions[0]!.handle as keyof typeof FLOW_ACTION_PROPERTIES;
      const fields = toml.settings?.fields ?? [];
      expect(fields.filter((f) => f.type === "order_reference")).toEqual([{ type: "order_reference", required: true }]);
      const custom = fields.filter((f) => f.type !== "order_reference");
      for (const field of custom) {
        expect(ACTION_FIELD_TYPES).toContain(field.type);
        expect(field.key).toMatch(/^[a-z_]+$/);
        expect(field.name?.length).toBeGreaterThan(0);
        expect(typeof field.required).toBe("boolean");
      }
      const schema = FLOW_ACTION_PROPERTIES[handle];
      const shape = "shape" in schema ? schema.shape : schema.in.shape;
      expect(["order_id", ...custom.map((f) => f.key)].sort()).toEqual(Object.keys(shape).sort());
      // A field the toml marks required is one the app cannot do without, and the other way round.
      for (const field of custom)
        expect(shape[field.key as keyof typeof shape].safeParse(undefined).success, field.key).toBe(!field.required);
    },
  );

  it.each(actions.map((a) => [a.folder, a.toml] as const))("%s: a request with every field is accepted", (_f, toml) => {
    const extension = toml.extensions[0]!;
    const properties = Object.fromEntries((toml.settings?.fields ?? []).map(sample));
    const parsed = parseFlowActionRequest({
      shop_id: "1",
      shopify_domain: "florist.myshopify.com",
      action_run_id: "run-1",
      action_definition_id: extension.handle,
      handle: extension.handle,
      properties,
    });
    expect(parsed).toMatchObject({ ok: true, request: { handle: extension.handle, orderId: "820982911946154508" } });
  });
});
