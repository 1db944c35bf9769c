/**
 * Executes Admin GraphQL requests against the real 2026-10 schema: parse, validate, coerce variables,
 * charge the cost bucket, execute with the stand-in's resolvers, refund the unused cost.
 *
 * Everything Shopify would answer with `errors` (except THROTTLED, which is normal traffic) is a
 * problem in the app or in the stand-in: it is answered like Shopify, recorded, and reported through
 * `onProblem` so the test fails loudly. A field the stand-in has no data or resolver for throws
 * "Shopify stand-in does not implement Type.field" instead of returning null.
 */
import { randomUUID } from "node:crypto";
import {
  execute,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLFieldResolver,
  type GraphQLTypeResolver,
} from "graphql";
import { accessRequiredAt, assertAccess, typeAccess } from "./access";
import { operationCost } from "./cost";
import { typeOfGid } from "./gid";
import { StandInNotImplementedError } from "./not-implemented";
import { resolvers, type AppIdentity, type ResolverContext } from "./resolvers";
import { adminSchema } from "./schema";
import { validationErrorToShopify, variableErrorToShopify, type ShopifyGraphqlError } from "./shopify-errors";
import type { ShopState } from "./shop-state";
import { RATE_LIMITS_DOCUMENTATION, SINGLE_QUERY_MAX_COST, type CostBuckets, type ThrottleStatus } from "./throttle";
import { isoDateTime } from "./values";

export type ProblemKind = "parse" | "validation" | "variables" | "max-cost" | "access" | "unimplemented" | "execution";

/** One request Shopify would have answered with errors. */
export type GraphqlProblem = {
  shop: string;
  operationName: string | null;
  kind: ProblemKind;
  errors: ShopifyGraphqlError[];
  query: string;
  variables: Record<string, unknown>;
  /** The underlying exception, for stand-in internal errors. */
  cause?: unknown;
};

export type OperationLogEntry = {
  shop: string;
  operationName: string | null;
  operationType: "query" | "mutation" | null;
  rootFields: string[];
  variables: Record<string, unknown>;
  requestedQueryCost: number | null;
  actualQueryCost: number | null;
  throttled: boolean;
  errors: string[];
  at: string;
};

export type CostExtension = {
  requestedQueryCost: number;
  actualQueryCost: number | null;
  throttleStatus: ThrottleStatus;
};

export type GraphqlResponseBody = {
  data?: unknown;
  errors?: ShopifyGraphqlError[];
  extensions?: { cost: CostExtension };
};

export type GraphqlRequest = {
  shop: ShopState;
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
  /** Scopes of the access token used; null skips scope checks. */
  scopes: ReadonlySet<string> | null;
};

export type ExecutorDeps = {
  app: AppIdentity;
  clock: () => Date;
  buckets: CostBuckets;
  onProblem: (problem: GraphqlProblem) => void;
  onLog: (entry: OperationLogEntry) => void;
  onThrottled: () => void;
};

const fieldResolver: GraphQLFieldResolver<unknown, ResolverContext> = (source, args, context, info) => {
  const key = `${info.parentType.name}.${info.fieldName}`;
  if (context.scopes) {
    const required = accessRequiredAt(adminSchema(), info.parentType.name, info.fieldNodes, info.fragments);
    assertAccess(context.scopes, info.fieldName, required);
  }
  const resolver = resolvers[info.parentType.name]?.[info.fieldName] as
    ((source: unknown, args: unknown, context: ResolverContext, info: unknown) => unknown) | undefined;
  if (resolver) return resolver(source, args, context, info);
  const value =
    source !== null && typeof source === "object" ? (source as Record<string, unknown>)[info.fieldName] : undefined;
  if (value === undefined) throw new StandInNotImplementedError(key);
  const passedArguments = info.fieldNodes[0]?.arguments?.map((a) => a.name.value) ?? [];
  if (passedArguments.length > 0) throw new StandInNotImplementedError(`${key}(${passedArguments.join(", ")})`);
  return value;
};

/** Resolves an interface's or union's object, which must also meet its own type's access (access.ts). */
const typeResolver: GraphQLTypeResolver<unknown, ResolverContext> = (value, context, info) => {
  const record = value as { __typename?: string; id?: string };
  const name = record.__typename ?? (record.id ? typeOfGid(record.id) : null);
  if (!name) throw new StandInNotImplementedError(`resolving the concrete type of ${JSON.stringify(value)}`);
  assertAccess(context.scopes, info.fieldName, typeAccess(adminSchema(), name));
  return name;
};

function rootFields(
  document: DocumentNode,
  operationName: string | null,
): { type: "query" | "mutation" | null; fields: string[] } {
  const operation = getOperationAST(document, operationName);
  if (!operation || operation.operation === "subscription") return { type: null, fields: [] };
  const fields = operation.selectionSet.selections.flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : []));
  return { type: operation.operation, fields };
}

function classify(error: GraphQLError): { kind: ProblemKind; shopify: ShopifyGraphqlError } {
  const base = {
    message: error.message,
    ...(error.locations ? { locations: [...error.locations] } : {}),
    ...(error.path ? { path: [...error.path] } : {}),
  };
  const original = error.originalError;
  if (original instanceof StandInNotImplementedError) {
    return { kind: "unimplemented", shopify: { ...base, extensions: { code: "STAND_IN_NOT_IMPLEMENTED" } } };
  }
  const code = (original instanceof GraphQLError ? original.extensions.code : error.extensions.code) as
    string | undefined;
  if (code === "ACCESS_DENIED")
    return { kind: "access", shopify: { ...base, extensions: { ...(original as GraphQLError).extensions } } };
  if (original instanceof GraphQLError)
    return { kind: "execution", shopify: { ...base, extensions: { ...original.extensions } } };
  return {
    kind: "execution",
    shopify: { ...base, extensions: { code: "INTERNAL_SERVER_ERROR", requestId: randomUUID() } },
  };
}

/** Distinct query texts whose parsed and validated document is kept (the app sends a few dozen). */
const KEPT_DOCUMENTS = 256;

export function createExecutor(deps: ExecutorDeps) {
  const { schema } = adminSchema();
  // A query's document and its validation against the schema depend on its text alone. Validating
  // against the whole Admin schema was 38 % of the stand-in's CPU in bench:tenants, taken from the
  // app under test on the same cores; each text is now parsed and validated once.
  const kept = new Map<string, { document: DocumentNode; validationErrors: readonly GraphQLError[] }>();

  return async function executeRequest(request: GraphqlRequest): Promise<GraphqlResponseBody> {
    const shop = request.shop.myshopifyDomain;
    const variables = request.variables ?? {};
    const operationName = request.operationName ?? null;
    const entry: OperationLogEntry = {
      shop,
      operationName,
      operationType: null,
      rootFields: [],
      variables,
      requestedQueryCost: null,
      actualQueryCost: null,
      throttled: false,
      errors: [],
      at: isoDateTime(deps.clock()),
    };
    const answer = (
      body: GraphqlResponseBody,
      problem?: Omit<GraphqlProblem, "shop" | "operationName" | "query" | "variables">,
    ) => {
      entry.errors = (body.errors ?? []).map((e) => e.message);
      deps.onLog(entry);
      if (problem && problem.errors.length > 0) {
        deps.onProblem({ shop, operationName: entry.operationName, query: request.query, variables, ...problem });
      }
      return body;
    };

    const known = kept.get(request.query);
    let document: DocumentNode;
    try {
      document = known?.document ?? parse(request.query);
    } catch (error) {
      const syntax = error as GraphQLError;
      const errors = [
        {
          message: syntax.message,
          ...(syntax.locations ? { locations: [...syntax.locations] } : {}),
          extensions: { code: "parseError" },
        },
      ];
      return answer({ errors }, { kind: "parse", errors });
    }
    const operation = getOperationAST(document, operationName);
    entry.operationName = operationName ?? operation?.name?.value ?? null;
    const root = rootFields(document, operationName);
    entry.operationType = root.type;
    entry.rootFields = root.fields;

    const validationErrors = known?.validationErrors ?? validate(schema, document);
    if (!known) {
      if (kept.size >= KEPT_DOCUMENTS) kept.clear();
      kept.set(request.query, { document, validationErrors });
    }
    if (validationErrors.length > 0) {
      const errors = validationErrors.map((e) => validationErrorToShopify(e, document));
      return answer({ errors }, { kind: "validation", errors });
    }
    if (!operation) {
      const message = operationName
        ? `No operation named "${operationName}"`
        : "An operation name is required when sending multiple operations";
      const errors = [{ message, extensions: { code: "OPERATION_NOT_FOUND" } }];
      return answer({ errors }, { kind: "validation", errors });
    }
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables);
    if (coerced.errors) {
      const errors = coerced.errors.map((e) =>
        variableErrorToShopify(e, schema, operation.variableDefinitions ?? [], variables),
      );
      return answer({ errors }, { kind: "variables", errors });
    }

    const fragments = Object.fromEntries(
      document.definitions
        .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
        .map((d) => [d.name.value, d]),
    );
    const requested = operationCost(schema, operation, fragments, coerced.coerced);
    entry.requestedQueryCost = requested;
    if (requested > SINGLE_QUERY_MAX_COST) {
      const errors = [
        {
          message: `Query cost is ${requested}, which exceeds the single query max cost limit (${SINGLE_QUERY_MAX_COST}).\n\nSee https://shopify.dev/concepts/about-apis/rate-limits for more information on how the\ncost of a query is calculated.\n\nTo query larger amounts of data with fewer limits, bulk operations should be used instead.\nSee https://shopify.dev/tutorials/perform-bulk-operations-with-admin-api for usage details.\n`,
          extensions: {
            code: "MAX_COST_EXCEEDED",
            cost: requested,
            maxCost: SINGLE_QUERY_MAX_COST,
            documentation: RATE_LIMITS_DOCUMENTATION,
          },
        },
      ];
      return answer({ errors }, { kind: "max-cost", errors });
    }
    if (!deps.buckets.tryCharge(shop, requested)) {
      entry.throttled = true;
      deps.onThrottled();
      return answer({
        errors: [{ message: "Throttled", extensions: { code: "THROTTLED", documentation: RATE_LIMITS_DOCUMENTATION } }],
        extensions: {
          cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: deps.buckets.status(shop) },
        },
      });
    }

    const context: ResolverContext = { shop: request.shop, app: deps.app, scopes: request.scopes, now: deps.clock };
    const result = await execute({
      schema,
      document,
      rootValue: {},
      contextValue: context,
      variableValues: variables,
      operationName,
      fieldResolver,
      typeResolver,
    });
    const actual = operationCost(schema, operation, fragments, coerced.coerced, result.data ?? null);
    entry.actualQueryCost = actual;
    if (requested > actual) deps.buckets.refund(shop, requested - actual);
    const cost: CostExtension = {
      requestedQueryCost: requested,
      actualQueryCost: actual,
      throttleStatus: deps.buckets.status(shop),
    };
    if (!result.errors?.length) return answer({ data: result.data, extensions: { cost } });

    const classified = result.errors.map(classify);
    const errors = classified.map((c) => c.shopify);
    const kind = classified.find((c) => c.kind === "unimplemented")?.kind ?? classified[0]!.kind;
    const cause = result.errors.find(
      (e) => e.originalError && !(e.originalError instanceof GraphQLError),
    )?.originalError;
    return answer({ errors, data: result.data, extensions: { cost } }, { kind, errors, ...(cause ? { cause } : {}) });
  };
}
