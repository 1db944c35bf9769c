import type { GraphQLResolveInfo } from "graphql";
import type { ShopState } from "../shop-state";

/** The app calling the stand-in (one app per stand-in). */
export type AppIdentity = {
  apiKey: string;
  /** The numeric app id Shopify uses in `app--<id>` metafield namespaces and `gid://shopify/App/<id>`. */
  apiClientId: string;
  title: string;
  handle: string;
};

export type ResolverContext = {
  shop: ShopState;
  app: AppIdentity;
  /** Scopes of the access token; null when the caller bypasses tokens and scope checks. */
  scopes: ReadonlySet<string> | null;
  now: () => Date;
};

/**
 * A field resolver; `never` parameters let each resolver declare the exact source and argument
 * types it works with (they come from the schema-validated execution).
 */
export type FieldResolver = (source: never, args: never, context: ResolverContext, info: GraphQLResolveInfo) => unknown;

export type Resolvers = Record<string, Record<string, FieldResolver>>;

export type IdArgs = { id: string };
