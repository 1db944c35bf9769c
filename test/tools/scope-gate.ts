/**
 * The static scope gate of `npm run graphql:check`: walks every field an operation selects (through
 * its fragments) and applies the stand-in's access rule (test/shopify-stand-in/access.ts) with the
 * scopes shopify.app.toml asks for, so an operation Shopify would deny fails before any test runs.
 *
 * What only the values decide is left to the stand-in at run time: the concrete object behind an
 * interface or union selected without a fragment, and an owner given in a variable to metafieldsSet or
 * tagsAdd (an owner written as a literal id is checked here).
 */
import {
  getNamedType,
  isCompositeType,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type SelectionSetNode,
  type ValueNode,
} from "graphql";
import {
  accessRequiredAt,
  OWNER_WRITTEN_BY,
  ownerWriteAccess,
  requirementsOf,
  unmetRequirement,
  type AccessRequirement,
} from "../shopify-stand-in/access";
import type { AdminSchema } from "../shopify-stand-in/schema";

export type ScopeViolation = {
  operation: string;
  /** Field names from the operation's root, fragments left out: `order.customer`. */
  path: string;
  requirement: AccessRequirement;
};

type Fragments = Readonly<Record<string, FragmentDefinitionNode>>;

/** Every string literal in the field's arguments (an owner id may sit inside an input list). */
function stringLiterals(values: readonly ValueNode[]): string[] {
  return values.flatMap((value) => {
    if (value.kind === Kind.STRING) return [value.value];
    if (value.kind === Kind.LIST) return stringLiterals(value.values);
    if (value.kind === Kind.OBJECT) return stringLiterals(value.fields.map((f) => f.value));
    return [];
  });
}

function requiredFor(admin: AdminSchema, parent: GraphQLCompositeType, field: FieldNode, fragments: Fragments) {
  const required = accessRequiredAt(admin, parent.name, [field], fragments);
  if (!OWNER_WRITTEN_BY.has(`${parent.name}.${field.name.value}`)) return required;
  const owners = stringLiterals((field.arguments ?? []).map((a) => a.value)).map(ownerWriteAccess);
  return requirementsOf([...required.map((r) => r.text), ...owners]);
}

/** The fields of the document's operations that the granted scopes do not give access to. */
export function scopeViolations(
  admin: AdminSchema,
  document: DocumentNode,
  fragments: Fragments,
  granted: ReadonlySet<string>,
): ScopeViolation[] {
  const violations: ScopeViolation[] = [];
  const walk = (
    operation: string,
    parent: GraphQLCompositeType,
    selectionSet: SelectionSetNode | undefined,
    path: readonly string[],
    spread: ReadonlySet<string>,
  ) => {
    for (const selection of selectionSet?.selections ?? []) {
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        if (name.startsWith("__")) continue;
        const fieldPath = [...path, name];
        const unmet = unmetRequirement(granted, requiredFor(admin, parent, selection, fragments));
        if (unmet) {
          violations.push({ operation, path: fieldPath.join("."), requirement: unmet });
          continue;
        }
        const definition = "getFields" in parent ? parent.getFields()[name] : undefined;
        const returned = definition ? getNamedType(definition.type) : undefined;
        if (isCompositeType(returned)) walk(operation, returned, selection.selectionSet, fieldPath, spread);
      } else {
        const fragment = selection.kind === Kind.FRAGMENT_SPREAD ? fragments[selection.name.value] : selection;
        if (!fragment || (selection.kind === Kind.FRAGMENT_SPREAD && spread.has(selection.name.value))) continue;
        const condition = fragment.typeCondition ? admin.schema.getType(fragment.typeCondition.name.value) : parent;
        const inside = selection.kind === Kind.FRAGMENT_SPREAD ? new Set([...spread, selection.name.value]) : spread;
        if (isCompositeType(condition)) walk(operation, condition, fragment.selectionSet, path, inside);
      }
    }
  };
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const root = admin.schema.getRootType(definition.operation);
    const name = definition.name?.value ?? "(anonymous operation)";
    if (root) walk(name, root, definition.selectionSet, [], new Set());
  }
  return violations;
}

/** `OrderForDispatch: order.customer needs `read_customers` access scope. (missing: read_customers)` */
export function describeViolation(violation: ScopeViolation): string {
  const { operation, path, requirement } = violation;
  const missing = requirement.anyOf.length === 1 ? requirement.anyOf[0] : `one of ${requirement.anyOf.join(", ")}`;
  return `${operation}: ${path} needs ${requirement.text} (missing: ${missing})`;
}
