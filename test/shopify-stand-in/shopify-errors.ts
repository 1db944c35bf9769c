/**
 * graphql-js reports problems in its own words; Shopify's Admin API (graphql-ruby) uses others.
 * These functions rewrite the common validation and variable errors into Shopify's message, path
 * and `extensions.code`, so an app sees what it would see from Shopify. Anything not recognised keeps
 * graphql-js's message with code GRAPHQL_VALIDATION_FAILED / INVALID_VARIABLE.
 */
import {
  isEnumType,
  Kind,
  visit,
  type ASTNode,
  type DocumentNode,
  type GraphQLError,
  type GraphQLSchema,
  type VariableDefinitionNode,
} from "graphql";

export type ShopifyGraphqlError = {
  message: string;
  locations?: { line: number; column: number }[];
  path?: (string | number)[];
  extensions?: Record<string, unknown>;
};

type Rewrite = { message: string; extensions: Record<string, unknown> };

/** graphql-ruby's validation path: "query Name", then field names down to the offending node. */
function shopifyPath(document: DocumentNode, target: ASTNode | undefined): string[] | undefined {
  if (!target) return undefined;
  let found: string[] | undefined;
  visit(document, {
    enter(node, _key, _parent, _path, ancestors) {
      if (node !== target) return undefined;
      found = [...ancestors, node]
        .filter((a): a is ASTNode => !Array.isArray(a) && typeof a === "object" && a !== null && "kind" in a)
        .flatMap((a) => {
          if (a.kind === Kind.OPERATION_DEFINITION) return [a.name ? `${a.operation} ${a.name.value}` : a.operation];
          if (a.kind === Kind.FRAGMENT_DEFINITION) return [`fragment ${a.name.value}`];
          if (a.kind === Kind.INLINE_FRAGMENT)
            return [a.typeCondition ? `... on ${a.typeCondition.name.value}` : "..."];
          if (a.kind === Kind.FIELD || a.kind === Kind.ARGUMENT || a.kind === Kind.OBJECT_FIELD) return [a.name.value];
          return [];
        });
      return false;
    },
  });
  return found;
}

/** The argument (or input field) a variable is passed to, for "Type mismatch on variable $x and argument y". */
function argumentUsing(document: DocumentNode, usage: ASTNode | undefined): string {
  let name = "?";
  if (!usage) return name;
  visit(document, {
    Argument(node) {
      if (node.value === usage) name = node.name.value;
    },
    ObjectField(node) {
      if (node.value === usage) name = node.name.value;
    },
  });
  return name;
}

function operationLabel(document: DocumentNode, name: string | undefined): string {
  if (name) return name;
  const op = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
  return op && op.kind === Kind.OPERATION_DEFINITION ? `anonymous ${op.operation}` : "anonymous query";
}

function rewriteValidation(error: GraphQLError, document: DocumentNode): Rewrite {
  const m = (pattern: RegExp) => pattern.exec(error.message);
  let match: RegExpExecArray | null;
  if ((match = m(/^Cannot query field "(\w+)" on type "(\w+)"\./))) {
    const [, fieldName, typeName] = match;
    return {
      message: `Field '${fieldName}' doesn't exist on type '${typeName}'`,
      extensions: { code: "undefinedField", typeName, fieldName },
    };
  }
  if ((match = m(/^Unknown argument "(\w+)" on field "\w+\.(\w+)"\./))) {
    const [, argumentName, name] = match;
    return {
      message: `Field '${name}' doesn't accept argument '${argumentName}'`,
      extensions: { code: "argumentNotAccepted", name, typeName: "Field", argumentName },
    };
  }
  if ((match = m(/^Field "(\w+)" argument "(\w+)" of type "[^"]+" is required, but it was not provided\./))) {
    const [, name, argument] = match;
    return {
      message: `Field '${name}' is missing required arguments: ${argument}`,
      extensions: { code: "missingRequiredArguments", className: "Field", name, arguments: argument },
    };
  }
  if ((match = m(/^Variable "\$(\w+)" of type "([^"]+)" used in position expecting type "([^"]+)"\./))) {
    const [, variableName, typeName, expected] = match;
    const argumentName = argumentUsing(document, error.nodes?.[1]);
    return {
      message: `Type mismatch on variable $${variableName} and argument ${argumentName} (${typeName} / ${expected})`,
      extensions: { code: "variableMismatch", variableName, typeName, argumentName, errorMessage: "Type mismatch" },
    };
  }
  if ((match = m(/^Unknown type "(\w+)"\./))) {
    const [, typeName] = match;
    let variableName = "?";
    visit(document, {
      VariableDefinition(node: VariableDefinitionNode) {
        const named =
          node.type.kind === Kind.NAMED_TYPE
            ? node.type
            : node.type.kind === Kind.NON_NULL_TYPE && node.type.type.kind === Kind.NAMED_TYPE
              ? node.type.type
              : null;
        if (named?.name.value === typeName) variableName = node.variable.name.value;
      },
    });
    return {
      message: `${typeName} isn't a defined input type (on $${variableName})`,
      extensions: { code: "variableRequiresValidType", typeName, variableName },
    };
  }
  if ((match = m(/^Field "(\w+)" must not have a selection since type "([^"]+)" has no subfields\./))) {
    const [, name, typeName] = match;
    return {
      message: `Selections can't be made on scalars (field '${name}' returns ${typeName} but has selections [...])`,
      extensions: { code: "selectionMismatch", nodeName: `field '${name}'`, typeName },
    };
  }
  if ((match = m(/^Field "(\w+)" of type "([^"]+)" must have a selection of subfields\./))) {
    const [, name, typeName] = match;
    return {
      message: `Field must have selections (field '${name}' returns ${typeName!.replace(/[![\]]/g, "")} but has no selections. Did you mean '${name} { ... }'?)`,
      extensions: { code: "selectionMismatch", nodeName: `field '${name}'`, typeName },
    };
  }
  if ((match = m(/^Variable "\$(\w+)" is never used(?: in operation "(\w+)")?\./))) {
    const [, variableName, op] = match;
    return {
      message: `Variable $${variableName} is declared by ${operationLabel(document, op)} but not used`,
      extensions: { code: "variableNotUsed", variableName },
    };
  }
  if ((match = m(/^Variable "\$(\w+)" is not defined(?: by operation "(\w+)")?\./))) {
    const [, variableName, op] = match;
    return {
      message: `Variable $${variableName} is used by ${operationLabel(document, op)} but not declared`,
      extensions: { code: "variableNotDefined", variableName },
    };
  }
  if ((match = m(/^Unknown fragment "(\w+)"\./))) {
    return {
      message: `Fragment ${match[1]} was used, but not defined`,
      extensions: { code: "useAndDefineFragment", fragmentName: match[1] },
    };
  }
  if ((match = m(/^Fragment "(\w+)" is never used\./))) {
    return {
      message: `Fragment ${match[1]} was defined, but not used`,
      extensions: { code: "useAndDefineFragment", fragmentName: match[1] },
    };
  }
  if (m(/does not exist in "\w+" enum|cannot represent|Expected value of type|Expected type/)) {
    return { message: error.message, extensions: { code: "argumentLiteralsIncompatible" } };
  }
  return { message: error.message, extensions: { code: "GRAPHQL_VALIDATION_FAILED" } };
}

export function validationErrorToShopify(error: GraphQLError, document: DocumentNode): ShopifyGraphqlError {
  const { message, extensions } = rewriteValidation(error, document);
  const path = shopifyPath(document, error.nodes?.[0]);
  return {
    message,
    ...(error.locations ? { locations: [...error.locations] } : {}),
    ...(path ? { path } : {}),
    extensions,
  };
}

function explain(schema: GraphQLSchema, inner: string): { extraPath: string[]; explanation: string } {
  let match: RegExpExecArray | null;
  if ((match = /^Field "(\w+)" is not defined by type "(\w+)"\./.exec(inner))) {
    return { extraPath: [match[1]!], explanation: `Field is not defined on ${match[2]}` };
  }
  if ((match = /^Field "\w+\.(\w+)" of required type "[^"]+" was not provided\./.exec(inner))) {
    return { extraPath: [match[1]!], explanation: "Expected value to not be null" };
  }
  if (/^Expected non-nullable type "[^"]+" not to be null\./.test(inner))
    return { extraPath: [], explanation: "Expected value to not be null" };
  if ((match = /^Value "?([^"]*?)"? does not exist in "(\w+)" enum\./.exec(inner))) {
    const type = schema.getType(match[2]!);
    const values =
      type && isEnumType(type)
        ? type
            .getValues()
            .map((v) => v.name)
            .join(", ")
        : "";
    return { extraPath: [], explanation: `Expected "${match[1]}" to be one of: ${values}` };
  }
  if ((match = /^(\w+) cannot represent [^:]*: (.*)$/.exec(inner))) {
    return { extraPath: [], explanation: `Could not coerce value ${match[2]} to ${match[1]}` };
  }
  return { extraPath: [], explanation: inner };
}

function pathAfterVariable(printed: string | undefined): (string | number)[] {
  if (!printed) return [];
  return [...printed.matchAll(/\.(\w+)|\[(\d+)\]/g)].map((p) => (p[1] !== undefined ? p[1] : Number(p[2])));
}

/** A variable value the operation cannot accept → Shopify's INVALID_VARIABLE error. */
export function variableErrorToShopify(
  error: GraphQLError,
  schema: GraphQLSchema,
  definitions: readonly VariableDefinitionNode[],
  variables: Record<string, unknown>,
): ShopifyGraphqlError {
  const nameMatch = /^Variable "\$(\w+)"/.exec(error.message);
  const name = nameMatch?.[1] ?? "?";
  const definition = definitions.find((d) => d.variable.name.value === name);
  const typeName = definition ? printType(definition.type) : "?";
  const invalid = /^Variable "\$\w+" got invalid value .*?(?: at "\w+((?:\.\w+|\[\d+\])*)")?; ([\s\S]*)$/.exec(
    error.message,
  );
  let problem: { path: (string | number)[]; explanation: string };
  if (invalid) {
    const { extraPath, explanation } = explain(schema, invalid[2]!);
    problem = { path: [...pathAfterVariable(invalid[1]), ...extraPath], explanation };
  } else {
    problem = { path: [], explanation: "Expected value to not be null" };
  }
  const where = problem.path.length > 0 ? ` for ${problem.path.join(".")} (${problem.explanation})` : "";
  return {
    message: `Variable $${name} of type ${typeName} was provided invalid value${where}`,
    ...(error.locations ? { locations: [...error.locations] } : {}),
    extensions: { code: "INVALID_VARIABLE", value: variables[name] ?? null, problems: [problem] },
  };
}

function printType(type: VariableDefinitionNode["type"]): string {
  if (type.kind === Kind.NON_NULL_TYPE) return `${printType(type.type)}!`;
  if (type.kind === Kind.LIST_TYPE) return `[${printType(type.type)}]`;
  return type.name.value;
}
