/**
 * Access scopes, Shopify's rule: a field is denied when the granted scopes do not meet its own
 * `requiredAccess` or that of the type it returns (through lists, non-nulls and connections: an
 * `XConnection` or `XEdge` stands for its node type), plus the root fields whose scope the schema
 * leaves implicit (an order needs `read_orders`, and so on). For an interface or union, its own
 * requirement applies, and a member's when the resolved object is that member or the selection has a
 * fragment on it. `write_x` implies `read_x`. Texts the stand-in cannot read as "any of these scopes"
 * are not enforced.
 *
 * One rule for the stand-in (executor.ts, per field as it resolves) and for the static scope gate of
 * `npm run graphql:check` (test/tools/scope-gate.ts, per field of every operation the app sends).
 */
import {
  getNamedType,
  GraphQLError,
  isInterfaceType,
  isObjectType,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type SelectionSetNode,
} from "graphql";
import { typeOfGid } from "./gid";
import type { AdminSchema } from "./schema";

const FULFILLMENT_ORDER_READ =
  "`read_assigned_fulfillment_orders` access scope, `read_merchant_managed_fulfillment_orders` access scope or `read_third_party_fulfillment_orders` access scope.";
const FULFILLMENT_ORDER_WRITE =
  "`write_assigned_fulfillment_orders` access scope, `write_merchant_managed_fulfillment_orders` access scope or `write_third_party_fulfillment_orders` access scope.";

/** Root fields whose requirement the 2026-10 schema does not state but Shopify enforces (per the object docs). */
export const IMPLICIT_REQUIRED_ACCESS: Record<string, string> = {
  "QueryRoot.order": "`read_orders` access scope or `read_marketplace_orders` access scope.",
  "QueryRoot.orders": "`read_orders` access scope or `read_marketplace_orders` access scope.",
  "QueryRoot.location": "`read_locations` access scope or `read_inventory` access scope.",
  "QueryRoot.locations": "`read_locations` access scope or `read_inventory` access scope.",
  "QueryRoot.product": "`read_products` access scope.",
  "QueryRoot.products": "`read_products` access scope.",
  "QueryRoot.productVariant": "`read_products` access scope.",
  "QueryRoot.fulfillmentOrder": FULFILLMENT_ORDER_READ,
  "QueryRoot.carrierService": "`read_shipping` access scope.",
  "QueryRoot.deliveryProfile": "`read_shipping` access scope.",
  "QueryRoot.deliveryProfiles": "`read_shipping` access scope.",
  "Mutation.fulfillmentCancel": FULFILLMENT_ORDER_WRITE,
};

/** Scopes that let an app write each owner type (metafieldsSet, tagsAdd need the owner's write access). */
export const OWNER_WRITE_ACCESS: Record<string, string> = {
  Order: "`write_orders` access scope or `write_marketplace_orders` access scope.",
  Product: "`write_products` access scope.",
  ProductVariant: "`write_products` access scope.",
  Customer: "`write_customers` access scope.",
  Location: "`write_locations` access scope.",
  Shop: "",
  AppInstallation: "",
};

/** The scopes any one of which satisfies the text, or null when the text is not a plain list of alternatives. */
export function alternativesIn(requiredAccess: string): string[] | null {
  const text = requiredAccess.split("Also:")[0]!;
  if (/as well as|for queries|for mutations|exemption|the same access level/i.test(text)) return null;
  const scopes = [...text.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!);
  if (scopes.length === 0) return null;
  return scopes.flatMap((scope) => (scope.includes("_") ? [scope] : [`read_${scope}`, `write_${scope}`]));
}

export function hasScope(granted: ReadonlySet<string>, scope: string): boolean {
  if (granted.has(scope)) return true;
  return scope.startsWith("read_") && granted.has(`write_${scope.slice("read_".length)}`);
}

/** One enforceable `requiredAccess` text and the scopes any one of which meets it. */
export type AccessRequirement = { text: string; anyOf: readonly string[] };

type Fragments = Readonly<Record<string, FragmentDefinitionNode>>;
type RuleCache = {
  fields: Map<string, readonly AccessRequirement[]>;
  types: Map<string, readonly AccessRequirement[]>;
};

const ruleCaches = new WeakMap<AdminSchema, RuleCache>();
const nodeCache = new WeakMap<FieldNode, Map<string, readonly AccessRequirement[]>>();

function ruleCache(admin: AdminSchema): RuleCache {
  let cache = ruleCaches.get(admin);
  if (!cache) ruleCaches.set(admin, (cache = { fields: new Map(), types: new Map() }));
  return cache;
}

/** The enforceable requirements among the texts, each once. */
export function requirementsOf(texts: readonly (string | undefined)[]): AccessRequirement[] {
  const found = new Map<string, AccessRequirement>();
  for (const raw of texts) {
    const text = raw?.trim();
    if (!text || found.has(text)) continue;
    const anyOf = alternativesIn(text);
    if (anyOf) found.set(text, { text, anyOf });
  }
  return [...found.values()];
}

/** A connection's or edge's node type (what Shopify authorizes a connection by), else null. */
function nodeTypeOf(type: GraphQLNamedType | undefined): string | null {
  if (!isObjectType(type)) return null;
  const fields = type.getFields();
  if (type.name.endsWith("Connection")) {
    const through = fields.nodes ?? fields.edges;
    return through ? getNamedType(through.type).name : null;
  }
  if (type.name.endsWith("Edge") && fields.node) return getNamedType(fields.node.type).name;
  return null;
}

/** What reaching an object of this type requires: its own text, and for a connection or edge its node type's. */
export function typeAccess(admin: AdminSchema, typeName: string): readonly AccessRequirement[] {
  const cache = ruleCache(admin).types;
  let found = cache.get(typeName);
  if (!found) {
    const node = nodeTypeOf(admin.schema.getType(typeName) ?? undefined);
    const nodeTexts = node && node !== typeName ? typeAccess(admin, node).map((r) => r.text) : [];
    found = requirementsOf([admin.typeRequiredAccess.get(typeName), ...nodeTexts]);
    cache.set(typeName, found);
  }
  return found;
}

/** What selecting `parentType.fieldName` requires: the field's own (or implicit) text and its returned type's. */
export function fieldAccess(admin: AdminSchema, parentType: string, fieldName: string): readonly AccessRequirement[] {
  const key = `${parentType}.${fieldName}`;
  const cache = ruleCache(admin).fields;
  let found = cache.get(key);
  if (!found) {
    const parent = admin.schema.getType(parentType);
    const field = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[fieldName] : undefined;
    const returned = field ? typeAccess(admin, getNamedType(field.type).name).map((r) => r.text) : [];
    found = requirementsOf([admin.requiredAccess.get(key) ?? IMPLICIT_REQUIRED_ACCESS[key], ...returned]);
    cache.set(key, found);
  }
  return found;
}

/** The type conditions of the fragments (inline or spread, nested) that select on the field's value. */
function typeConditionsOf(fieldNodes: readonly FieldNode[], fragments: Fragments): string[] {
  const conditions = new Set<string>();
  const visited = new Set<string>();
  const walk = (selectionSet: SelectionSetNode | undefined) => {
    for (const selection of selectionSet?.selections ?? []) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        if (selection.typeCondition) conditions.add(selection.typeCondition.name.value);
        walk(selection.selectionSet);
      } else if (selection.kind === Kind.FRAGMENT_SPREAD && !visited.has(selection.name.value)) {
        visited.add(selection.name.value);
        const fragment = fragments[selection.name.value];
        if (fragment) conditions.add(fragment.typeCondition.name.value);
        walk(fragment?.selectionSet);
      }
    }
  };
  for (const node of fieldNodes) walk(node.selectionSet);
  return [...conditions];
}

/**
 * Everything selecting this field requires: `fieldAccess` plus the types its fragments select on (a
 * union's or interface's member named in `... on Customer`). Cached per field node of the document
 * (a field in a fragment on an interface is reached from several parent types).
 */
export function accessRequiredAt(
  admin: AdminSchema,
  parentType: string,
  fieldNodes: readonly FieldNode[],
  fragments: Fragments,
): readonly AccessRequirement[] {
  const node = fieldNodes[0]!;
  let byParent = nodeCache.get(node);
  if (!byParent) nodeCache.set(node, (byParent = new Map()));
  let found = byParent.get(parentType);
  if (!found) {
    const own = fieldAccess(admin, parentType, node.name.value);
    const conditions = typeConditionsOf(fieldNodes, fragments).flatMap((type) => typeAccess(admin, type));
    found = conditions.length === 0 ? own : requirementsOf([...own, ...conditions].map((r) => r.text));
    byParent.set(parentType, found);
  }
  return found;
}

/** The mutations whose resolvers (resolvers/metafields.ts, resolvers/tags.ts) add `ownerWriteAccess` per owner. */
export const OWNER_WRITTEN_BY: ReadonlySet<string> = new Set([
  "Mutation.metafieldsSet",
  "Mutation.tagsAdd",
  "Mutation.tagsRemove",
]);

/** The requirement writing this owner (metafieldsSet, tagsAdd) adds, from the owner's global id. */
export function ownerWriteAccess(ownerId: string): string | undefined {
  return OWNER_WRITE_ACCESS[typeOfGid(ownerId) ?? ""] || undefined;
}

/** The first requirement the granted scopes do not meet, or null. */
export function unmetRequirement(
  granted: ReadonlySet<string>,
  requirements: readonly AccessRequirement[],
): AccessRequirement | null {
  return requirements.find((r) => !r.anyOf.some((scope) => hasScope(granted, scope))) ?? null;
}

/** Throws Shopify's ACCESS_DENIED error when the granted scopes do not meet every requirement. */
export function assertAccess(
  granted: ReadonlySet<string> | null,
  fieldName: string,
  required: string | readonly AccessRequirement[] | undefined,
): void {
  if (!granted || !required) return;
  const unmet = unmetRequirement(granted, typeof required === "string" ? requirementsOf([required]) : required);
  if (!unmet) return;
  throw new GraphQLError(`Access denied for ${fieldName} field. Required access: ${unmet.text}`, {
    extensions: {
      code: "ACCESS_DENIED",
      documentation: "https://shopify.dev/api/usage/access-scopes",
      requiredAccess: unmet.text,
    },
  });
}
