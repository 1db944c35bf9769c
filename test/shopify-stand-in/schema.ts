/**
 * The real Admin GraphQL 2026-10 schema (introspection JSON obtained by test/tools/admin-schema.ts),
 * built once per process (about 0.2 s) with Shopify's scalar rules for the scalars apps send.
 */
import {
  buildClientSchema,
  GraphQLError,
  Kind,
  type GraphQLScalarType,
  type GraphQLSchema,
  type IntrospectionQuery,
} from "graphql";
import { loadAdminIntrospection } from "../tools/admin-schema";

export type AdminSchema = {
  schema: GraphQLSchema;
  /** `Type.field` → the schema's `requiredAccess` text (scopes the app must hold). */
  requiredAccess: ReadonlyMap<string, string>;
  /** Type name → the schema's `requiredAccess` text for the type itself (objects, interfaces, unions). */
  typeRequiredAccess: ReadonlyMap<string, string>;
};

type RawField = { name: string; requiredAccess?: string | null };
type RawType = { name: string; requiredAccess?: string | null; fields?: RawField[] | null };

let cached: AdminSchema | null = null;

function stringScalar(check: (value: string) => string | null) {
  const parse = (value: unknown): string => {
    if (typeof value !== "string")
      throw new GraphQLError(`Could not coerce value ${JSON.stringify(value)} to a string`);
    const problem = check(value);
    if (problem) throw new GraphQLError(problem);
    return value;
  };
  return {
    parseValue: parse,
    parseLiteral: (node: { kind: string; value?: string }) => {
      if (node.kind !== Kind.STRING) throw new GraphQLError("Expected a string");
      return parse(node.value);
    },
  };
}

const SCALAR_RULES: Record<string, ReturnType<typeof stringScalar>> = {
  DateTime: stringScalar((v) =>
    /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)) ? null : `Invalid DateTime: ${v}`,
  ),
  URL: stringScalar((v) => {
    try {
      const url = new URL(v);
      return url.host || url.protocol === "mailto:" ? null : `Invalid url '${v}', missing host`;
    } catch {
      return `Invalid url '${v}', missing scheme`;
    }
  }),
  Decimal: stringScalar((v) => (/^-?\d+(\.\d+)?$/.test(v) ? null : `Invalid decimal '${v}'`)),
  UnsignedInt64: stringScalar((v) => (/^\d+$/.test(v) ? null : `Invalid UnsignedInt64 '${v}'`)),
};

/** Decimal and Money are also accepted as JSON numbers from variables, as Shopify does. */
function acceptNumbers(rule: ReturnType<typeof stringScalar>) {
  return {
    ...rule,
    parseValue: (value: unknown) => rule.parseValue(typeof value === "number" ? String(value) : value),
  };
}

export function adminSchema(): AdminSchema {
  if (cached) return cached;
  const introspection = loadAdminIntrospection() as unknown as IntrospectionQuery;
  const schema = buildClientSchema(introspection);
  for (const [name, rule] of Object.entries(SCALAR_RULES)) {
    const scalar = schema.getType(name) as GraphQLScalarType | undefined;
    if (scalar) Object.assign(scalar, name === "Decimal" ? acceptNumbers(rule) : rule);
  }
  const money = schema.getType("Money") as GraphQLScalarType | undefined;
  if (money) Object.assign(money, acceptNumbers(SCALAR_RULES.Decimal!));
  const requiredAccess = new Map<string, string>();
  const typeRequiredAccess = new Map<string, string>();
  for (const type of (introspection as unknown as { __schema: { types: RawType[] } }).__schema.types) {
    if (type.requiredAccess) typeRequiredAccess.set(type.name, type.requiredAccess);
    for (const field of type.fields ?? []) {
      if (field.requiredAccess) requiredAccess.set(`${type.name}.${field.name}`, field.requiredAccess);
    }
  }
  cached = { schema, requiredAccess, typeRequiredAccess };
  return cached;
}
