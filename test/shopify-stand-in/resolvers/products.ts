import { idConnection, type ConnectionArgs } from "../connection";
import { filterBySearch, matchDate, matchText } from "../domain/search-query";
import { legacyIdOf } from "../gid";
import { findRecord, requireRecord } from "../lookup";
import { StandInNotImplementedError } from "../not-implemented";
import type { ProductState, ProductVariantState } from "../shop-state";
import { assertGid, legacyResourceId } from "./common";
import { hasMetafields } from "./metafields";
import type { IdArgs, ResolverContext, Resolvers } from "./types";

type ProductsArgs = ConnectionArgs & { query?: string | null; sortKey?: string | null };

const PRODUCT_SORTS: Record<string, (a: ProductState, b: ProductState) => number> = {
  ID: (a, b) => Number(legacyIdOf(a.id)) - Number(legacyIdOf(b.id)),
  TITLE: (a, b) => a.title.localeCompare(b.title),
  CREATED_AT: (a, b) => a.createdAt.localeCompare(b.createdAt),
  UPDATED_AT: (a, b) => a.updatedAt.localeCompare(b.updatedAt),
};

export const productResolvers: Resolvers = {
  QueryRoot: {
    product: (_root: unknown, args: IdArgs, ctx: ResolverContext) => {
      assertGid(args.id);
      return findRecord(ctx.shop, "Product", args.id);
    },
    productVariant: (_root: unknown, args: IdArgs, ctx: ResolverContext) => {
      assertGid(args.id);
      return findRecord(ctx.shop, "ProductVariant", args.id);
    },
    products: (_root: unknown, args: ProductsArgs, ctx: ResolverContext) => {
      const sort = PRODUCT_SORTS[args.sortKey ?? "ID"];
      if (!sort) throw new StandInNotImplementedError(`products(sortKey: ${args.sortKey})`);
      const matching = filterBySearch(ctx.shop.products, args.query, "products", {
        id: (p, term) => legacyIdOf(p.id) === term.value,
        title: (p, term) => matchText(p.title, term),
        tag: (p, term) => p.tags.some((t) => matchText(t, term)),
        sku: (p, term) => p.variants.some((v) => matchText(v.sku, term)),
        status: (p, term) => matchText(p.status, term),
        vendor: (p, term) => matchText(p.vendor, term),
        product_type: (p, term) => matchText(p.productType, term),
        created_at: (p, term) => matchDate(p.createdAt, term),
        updated_at: (p, term) => matchDate(p.updatedAt, term),
        text: (p, term) => p.title.toLowerCase().includes(term.value.toLowerCase()),
      });
      return idConnection([...matching].sort(sort), args);
    },
  },
  Product: {
    ...hasMetafields,
    legacyResourceId,
    variants: (product: ProductState, args: ConnectionArgs) => idConnection(product.variants, args),
    hasOnlyDefaultVariant: (product: ProductState) =>
      product.variants.length === 1 && product.variants[0]!.title === "Default Title",
  },
  ProductVariant: {
    ...hasMetafields,
    legacyResourceId,
    product: (variant: ProductVariantState, _args: unknown, ctx: ResolverContext) =>
      requireRecord(ctx.shop, "Product", variant.productId),
    displayName: (variant: ProductVariantState, _args: unknown, ctx: ResolverContext) =>
      `${requireRecord(ctx.shop, "Product", variant.productId).title} - ${variant.title}`,
    selectedOptions: (variant: ProductVariantState) => [{ name: "Title", value: variant.title }],
    inventoryItem: (variant: ProductVariantState) => ({
      id: variant.inventoryItemId,
      legacyResourceId: legacyIdOf(variant.inventoryItemId),
      sku: variant.sku,
      requiresShipping: variant.requiresShipping,
      tracked: true,
      measurement: {
        id: variant.inventoryItemId.replace("InventoryItem", "InventoryItemMeasurement"),
        weight: variant.weight,
      },
      createdAt: variant.createdAt,
      updatedAt: variant.updatedAt,
    }),
  },
};
