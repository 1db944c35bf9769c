/**
 * Query cost, approximating Shopify's calculation of a query's requested cost:
 * - scalar and enum fields cost 0; an object (or interface/union) field costs 1 plus its selection;
 * - a connection (a `…Connection` type) costs 2 plus `first`/`last` × (1 + the cost of the node
 *   selection under `edges.node` / `nodes`); `pageInfo` is free;
 * - a plain list of objects costs `first` (or the number of `ids`) × (1 + selection), else 1 + selection;
 * - fragments on different concrete types of an abstract field count the most expensive one;
 * - every top-level mutation field costs 10 (its payload is not charged).
 * The actual cost uses the same rules with the sizes and nulls of the data actually returned.
 */
import {
  getArgumentValues,
  getNamedType,
  getNullableType,
  isCompositeType,
  isListType,
  isObjectType,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";

export const MUTATION_COST = 10;
export const CONNECTION_BASE_COST = 2;

type Walk = {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  /** Count with returned data (actual cost) instead of requested sizes. */
  actual: boolean;
};

type FieldGroups = { own: FieldNode[]; byType: Map<string, FieldNode[]> };

/** The fields selected on `type`, with fragments on other (narrower) types kept apart. */
function collectFields(
  walk: Walk,
  type: GraphQLCompositeType,
  selectionSet: SelectionSetNode,
  groups: FieldGroups = { own: [], byType: new Map() },
  condition?: string,
): FieldGroups {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (condition && condition !== type.name)
        groups.byType.set(condition, [...(groups.byType.get(condition) ?? []), selection]);
      else groups.own.push(selection);
      continue;
    }
    const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : walk.fragments[selection.name.value];
    if (!fragment) continue;
    collectFields(walk, type, fragment.selectionSet, groups, fragment.typeCondition?.name.value ?? condition);
  }
  return groups;
}

function typeNamed(walk: Walk, name: string, fallback: GraphQLCompositeType): GraphQLCompositeType {
  const type = walk.schema.getType(name);
  return type && isCompositeType(type) ? type : fallback;
}

function selectionCost(walk: Walk, type: GraphQLCompositeType, selectionSet: SelectionSetNode, data: unknown): number {
  const groups = collectFields(walk, type, selectionSet);
  const own = groups.own.reduce((sum, field) => sum + fieldCost(walk, type, field, data), 0);
  let narrowest = 0;
  for (const [typeName, fields] of groups.byType) {
    const narrowType = typeNamed(walk, typeName, type);
    narrowest = Math.max(
      narrowest,
      fields.reduce((sum, field) => sum + fieldCost(walk, narrowType, field, data), 0),
    );
  }
  return own + narrowest;
}

function childData(data: unknown, field: FieldNode): unknown {
  if (data === null || typeof data !== "object") return undefined;
  return (data as Record<string, unknown>)[field.alias?.value ?? field.name.value];
}

function fieldDefinition(type: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined {
  return "getFields" in type ? type.getFields()[name] : undefined;
}

function connectionCost(
  walk: Walk,
  def: GraphQLField<unknown, unknown>,
  field: FieldNode,
  args: Record<string, unknown>,
  value: unknown,
): number {
  const connectionType = getNamedType(def.type) as GraphQLCompositeType;
  const nodesDef = fieldDefinition(connectionType, "nodes");
  const nodeType = nodesDef ? (getNamedType(nodesDef.type) as GraphQLCompositeType) : connectionType;
  const perNode = (node: unknown) => {
    let cost = 0;
    for (const sub of collectFields(walk, connectionType, field.selectionSet!).own) {
      if (sub.name.value === "nodes" && sub.selectionSet)
        cost = Math.max(cost, selectionCost(walk, nodeType, sub.selectionSet, node));
      if (sub.name.value === "edges" && sub.selectionSet) {
        for (const edgeField of collectFields(walk, connectionType, sub.selectionSet).own) {
          if (edgeField.name.value === "node" && edgeField.selectionSet)
            cost = Math.max(cost, selectionCost(walk, nodeType, edgeField.selectionSet, node));
        }
      }
    }
    return 1 + cost;
  };
  if (!walk.actual) {
    const size = Number(args.first ?? args.last ?? 0);
    return CONNECTION_BASE_COST + size * perNode(undefined);
  }
  if (value === null || value === undefined) return 0;
  const returned = value as { nodes?: unknown[]; edges?: { node?: unknown }[] };
  const nodes = returned.nodes ?? returned.edges?.map((e) => e.node) ?? [];
  return CONNECTION_BASE_COST + nodes.reduce<number>((sum, node) => sum + perNode(node), 0);
}

function fieldCost(walk: Walk, parent: GraphQLCompositeType, field: FieldNode, data: unknown): number {
  if (field.name.value.startsWith("__")) return 0;
  const def = fieldDefinition(parent, field.name.value);
  if (!def || !field.selectionSet) return 0;
  const named = getNamedType(def.type);
  if (!isCompositeType(named)) return 0;
  const args = getArgumentValues(def, field, walk.variables);
  const value = walk.actual ? childData(data, field) : undefined;
  if (named.name.endsWith("Connection") && def.args.some((a) => a.name === "first")) {
    return connectionCost(walk, def, field, args, value);
  }
  const perItem = (item: unknown) => 1 + selectionCost(walk, named, field.selectionSet!, item);
  if (isListType(getNullableType(def.type))) {
    if (walk.actual)
      return Array.isArray(value)
        ? value.reduce<number>((sum, item) => sum + (item == null ? 0 : perItem(item)), 0)
        : 0;
    const size = typeof args.first === "number" ? args.first : Array.isArray(args.ids) ? args.ids.length : 1;
    return size * perItem(undefined);
  }
  if (walk.actual && (value === null || value === undefined)) return 0;
  return perItem(value);
}

export function operationCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
  data?: unknown,
): number {
  if (operation.operation === "mutation") {
    return (
      operation.selectionSet.selections.filter((s) => s.kind === Kind.FIELD && !s.name.value.startsWith("__")).length *
      MUTATION_COST
    );
  }
  const root = schema.getQueryType();
  if (!root || !isObjectType(root)) return 0;
  const walk: Walk = { schema, fragments, variables, actual: data !== undefined };
  return selectionCost(walk, root, operation.selectionSet, data);
}
