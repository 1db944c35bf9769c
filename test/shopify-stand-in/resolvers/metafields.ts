import { assertAccess, ownerWriteAccess } from "../access";
import { typeOfGid } from "../gid";
import { idConnection, type ConnectionArgs } from "../connection";
import {
  compareDigestOf,
  findMetafield,
  resolveNamespace,
  setMetafields,
  type MetafieldsSetInput,
} from "../domain/metafields";
import type { HasMetafieldsState, MetafieldState } from "../shop-state";
import { legacyResourceId } from "./common";
import type { ResolverContext, Resolvers } from "./types";

/** `metafield(namespace, key)` and `metafields(...)` for every HasMetafields type. */
export const hasMetafields = {
  metafield: (owner: HasMetafieldsState, args: { namespace?: string | null; key: string }, ctx: ResolverContext) =>
    findMetafield(owner, resolveNamespace(args.namespace, ctx.app.apiClientId), args.key),
  metafields: (
    owner: HasMetafieldsState,
    args: ConnectionArgs & { namespace?: string | null; keys?: string[] | null },
    ctx: ResolverContext,
  ) => {
    const namespace = args.namespace == null ? null : resolveNamespace(args.namespace, ctx.app.apiClientId);
    const keys = args.keys?.map((k) => {
      const dot = k.lastIndexOf(".");
      return `${resolveNamespace(k.slice(0, dot), ctx.app.apiClientId)}.${k.slice(dot + 1)}`;
    });
    const visible = owner.metafields.filter(
      (m) =>
        (namespace === null || m.namespace === namespace) &&
        (!keys || keys.includes(`${m.namespace}.${m.key}`)) &&
        // Other apps' reserved namespaces are private to them.
        (!m.namespace.startsWith("app--") || m.namespace.startsWith(`app--${ctx.app.apiClientId}`)),
    );
    return idConnection(visible, args);
  },
};

/** metafieldsSet needs the access that writing the owner needs (write_orders for an order, ...). */
function assertOwnerWriteAccess(inputs: MetafieldsSetInput[], ctx: ResolverContext) {
  for (const input of inputs) assertAccess(ctx.scopes, "metafieldsSet", ownerWriteAccess(input.ownerId));
}

export const metafieldResolvers: Resolvers = {
  Metafield: {
    legacyResourceId,
    compareDigest: (m: MetafieldState) => compareDigestOf(m),
    jsonValue: (m: MetafieldState) => {
      if (
        m.type === "json" ||
        m.type.startsWith("list.") ||
        ["weight", "dimension", "volume", "money", "rating"].includes(m.type)
      ) {
        return JSON.parse(m.value);
      }
      if (m.type === "number_integer" || m.type === "number_decimal") return Number(m.value);
      if (m.type === "boolean") return m.value === "true";
      return m.value;
    },
    ownerType: (m: MetafieldState) => {
      const type = typeOfGid(m.ownerId);
      const ownerTypes: Record<string, string> = {
        Order: "ORDER",
        Product: "PRODUCT",
        ProductVariant: "PRODUCTVARIANT",
        Customer: "CUSTOMER",
        Location: "LOCATION",
        Shop: "SHOP",
        AppInstallation: "API_PERMISSION",
      };
      return ownerTypes[type ?? ""] ?? null;
    },
    owner: (m: MetafieldState, _args: unknown, ctx: ResolverContext) => ctx.shop.index.get(m.ownerId) ?? null,
    sizeInBytes: (m: MetafieldState) => Buffer.byteLength(m.value),
  },
  Mutation: {
    metafieldsSet: (_root: unknown, args: { metafields: MetafieldsSetInput[] }, ctx: ResolverContext) => {
      assertOwnerWriteAccess(args.metafields, ctx);
      return setMetafields(ctx.shop, args.metafields, ctx.app.apiClientId, ctx.now());
    },
  },
};
