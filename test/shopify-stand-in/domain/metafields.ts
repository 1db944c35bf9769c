/** Metafields: app-reserved namespaces, reading by namespace/key, and metafieldsSet (atomic, compare-and-set). */
import { createHash } from "node:crypto";
import { gid, typeOfGid } from "../gid";
import { register } from "../lookup";
import type { HasMetafieldsState, MetafieldState, ShopState } from "../shop-state";
import { isoDateTime } from "../values";

export const METAFIELDS_SET_MAX_INPUTS = 25;
export const NAMESPACE_LENGTH = { min: 3, max: 255 } as const;
export const KEY_LENGTH = { min: 2, max: 64 } as const;
const KEY_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Owner types the stand-in stores metafields for. */
export const METAFIELD_OWNER_TYPES = new Set([
  "Shop",
  "Location",
  "Product",
  "ProductVariant",
  "Customer",
  "Order",
  "AppInstallation",
]);

/** `$app` → `app--<apiClientId>`, `$app:courier` → `app--<apiClientId>--courier`; omitted → the app's namespace. */
export function resolveNamespace(namespace: string | null | undefined, apiClientId: string): string {
  if (namespace == null || namespace === "$app") return `app--${apiClientId}`;
  if (namespace.startsWith("$app:")) return `app--${apiClientId}--${namespace.slice("$app:".length)}`;
  return namespace;
}

/** Digest for compare-and-set; opaque to apps, changes whenever the value is written. */
export function compareDigestOf(metafield: MetafieldState): string {
  return createHash("sha256")
    .update(`${metafield.id}\n${metafield.updatedAt}\n${metafield.type}\n${metafield.value}`)
    .digest("hex");
}

export function findMetafield(owner: HasMetafieldsState, namespace: string, key: string): MetafieldState | null {
  return owner.metafields.find((m) => m.namespace === namespace && m.key === key) ?? null;
}

function isForeignAppNamespace(namespace: string, apiClientId: string): boolean {
  return (
    namespace.startsWith("app--") &&
    !(namespace === `app--${apiClientId}` || namespace.startsWith(`app--${apiClientId}--`))
  );
}

const VALUE_CHECKS: Record<string, (value: string) => string | null> = {
  single_line_text_field: (v) => (/[\r\n]/.test(v) ? "Value must be a single line of text." : null),
  multi_line_text_field: () => null,
  json: (v) => {
    try {
      JSON.parse(v);
      return null;
    } catch (error) {
      return `Value is invalid JSON: ${(error as Error).message}.`;
    }
  },
  number_integer: (v) => (/^-?\d+$/.test(v) ? null : "Value must be an integer."),
  number_decimal: (v) => (/^-?\d+(\.\d+)?$/.test(v) ? null : "Value must be a decimal."),
  boolean: (v) => (v === "true" || v === "false" ? null : "Value must be true or false."),
  date: (v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? null : "Value must be in YYYY-MM-DD format."),
  date_time: (v) => (Number.isNaN(Date.parse(v)) ? "Value must be in YYYY-MM-DDTHH:MM:SS format." : null),
  url: (v) => (/^(https?|mailto|sms|tel):/.test(v) ? null : "Value must be a valid URL."),
  color: (v) => (/^#[0-9A-Fa-f]{6}$/.test(v) ? null : "Value must be a hex color code."),
  weight: (v) => VALUE_CHECKS.json!(v),
  dimension: (v) => VALUE_CHECKS.json!(v),
  volume: (v) => VALUE_CHECKS.json!(v),
  money: (v) => VALUE_CHECKS.json!(v),
  rating: (v) => VALUE_CHECKS.json!(v),
};

function checkValue(type: string, value: string): { code: "INVALID_TYPE" | "INVALID_VALUE"; message: string } | null {
  if (type.startsWith("list.")) {
    const inner = type.slice("list.".length);
    if (!VALUE_CHECKS[inner] && !inner.endsWith("_reference"))
      return { code: "INVALID_TYPE", message: `Type '${type}' is not a valid type.` };
    try {
      return Array.isArray(JSON.parse(value))
        ? null
        : { code: "INVALID_VALUE", message: "Value must be a JSON array." };
    } catch {
      return { code: "INVALID_VALUE", message: "Value must be a JSON array." };
    }
  }
  if (type.endsWith("_reference"))
    return /^gid:\/\/shopify\//.test(value) ? null : { code: "INVALID_VALUE", message: "Value must be a global id." };
  const check = VALUE_CHECKS[type];
  if (!check) return { code: "INVALID_TYPE", message: `Type '${type}' is not a valid type.` };
  const problem = check(value);
  return problem ? { code: "INVALID_VALUE", message: problem } : null;
}

export type MetafieldsSetInput = {
  ownerId: string;
  namespace?: string | null;
  key: string;
  value: string;
  type?: string | null;
  compareDigest?: string | null;
};

export type MetafieldsSetUserError = {
  field: string[] | null;
  message: string;
  code: string | null;
  elementIndex: number | null;
};

type Planned = {
  owner: HasMetafieldsState;
  existing: MetafieldState | null;
  namespace: string;
  input: MetafieldsSetInput;
  type: string;
};

function planOne(
  shop: ShopState,
  input: MetafieldsSetInput,
  index: number,
  apiClientId: string,
): Planned | MetafieldsSetUserError {
  const at = (field: string, code: string, message: string): MetafieldsSetUserError => ({
    field: ["metafields", String(index), field],
    code,
    message,
    elementIndex: index,
  });
  const ownerType = typeOfGid(input.ownerId);
  const owner =
    ownerType && METAFIELD_OWNER_TYPES.has(ownerType)
      ? (shop.index.get(input.ownerId) as HasMetafieldsState | undefined)
      : undefined;
  if (!owner) return at("ownerId", "INVALID", "Owner subject does not exist.");
  const namespace = resolveNamespace(input.namespace, apiClientId);
  if (isForeignAppNamespace(namespace, apiClientId)) {
    return at(
      "namespace",
      "APP_NOT_AUTHORIZED",
      "Access to this namespace and key on Metafields for this resource type is not allowed.",
    );
  }
  if (namespace.length < NAMESPACE_LENGTH.min)
    return at("namespace", "TOO_SHORT", "Namespace is too short (minimum is 3 characters).");
  if (namespace.length > NAMESPACE_LENGTH.max)
    return at("namespace", "TOO_LONG", "Namespace is too long (maximum is 255 characters).");
  if (input.key.length < KEY_LENGTH.min) return at("key", "TOO_SHORT", "Key is too short (minimum is 2 characters).");
  if (input.key.length > KEY_LENGTH.max) return at("key", "TOO_LONG", "Key is too long (maximum is 64 characters).");
  if (!KEY_PATTERN.test(input.key)) return at("key", "INVALID", "Key contains one or more invalid characters.");
  const existing = findMetafield(owner, namespace, input.key);
  const type = input.type ?? existing?.type;
  if (!type) return at("type", "BLANK", "Type can't be blank.");
  if (existing && input.type && input.type !== existing.type) {
    return at(
      "type",
      "INVALID_TYPE",
      `Type '${input.type}' must be consistent with the existing metafield type '${existing.type}'.`,
    );
  }
  const problem = checkValue(type, input.value);
  if (problem) return at(problem.code === "INVALID_TYPE" ? "type" : "value", problem.code, problem.message);
  if ("compareDigest" in input && input.compareDigest !== undefined) {
    if (input.compareDigest !== null && !/^[0-9a-f]{64}$/.test(input.compareDigest)) {
      return at("compareDigest", "INVALID_COMPARE_DIGEST", "The compareDigest is invalid.");
    }
    const current = existing ? compareDigestOf(existing) : null;
    if (current !== input.compareDigest) {
      return at(
        "compareDigest",
        "STALE_OBJECT",
        "The resource has been updated since it was loaded. Try again with an updated `compareDigest` value.",
      );
    }
  }
  return { owner, existing, namespace, input, type };
}

/** All or nothing: any error leaves every metafield as it was. */
export function setMetafields(shop: ShopState, inputs: MetafieldsSetInput[], apiClientId: string, now: Date) {
  if (inputs.length > METAFIELDS_SET_MAX_INPUTS) {
    return {
      metafields: null,
      userErrors: [
        {
          field: ["metafields"],
          code: "LESS_THAN_OR_EQUAL_TO",
          message: "Exceeded the maximum metafields input limit of 25.",
          elementIndex: null,
        },
      ],
    };
  }
  const planned = inputs.map((input, index) => planOne(shop, input, index, apiClientId));
  const errors = planned.filter((p): p is MetafieldsSetUserError => "elementIndex" in p);
  if (errors.length > 0) return { metafields: null, userErrors: errors };
  const at = isoDateTime(now);
  const written = (planned as Planned[]).map(({ owner, existing, namespace, input, type }) => {
    if (existing) {
      existing.value = input.value;
      existing.type = type;
      existing.updatedAt = at;
      return existing;
    }
    const created = register(shop, {
      id: gid("Metafield"),
      ownerId: owner.id,
      namespace,
      key: input.key,
      type,
      value: input.value,
      createdAt: at,
      updatedAt: at,
    });
    owner.metafields.push(created);
    return created;
  });
  return { metafields: written, userErrors: [] as MetafieldsSetUserError[] };
}
