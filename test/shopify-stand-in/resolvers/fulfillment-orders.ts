import { idConnection, type ConnectionArgs } from "../connection";
import { holdFulfillmentOrder, releaseFulfillmentOrderHold, type FulfillmentOrderHoldInput } from "../domain/holds";
import { filterBySearch, matchText } from "../domain/search-query";
import { gid, legacyIdOf } from "../gid";
import { findRecord, requireRecord } from "../lookup";
import { StandInNotImplementedError } from "../not-implemented";
import type { FulfillmentHoldState, FulfillmentOrderLineItemState, FulfillmentOrderState } from "../shop-state";
import { moneyBag } from "../values";
import { assertGid } from "./common";
import type { IdArgs, ResolverContext, Resolvers } from "./types";

/** What the admin offers for a fulfillment order at a merchant-managed location, by status. */
const SUPPORTED_ACTIONS: Record<string, string[]> = {
  OPEN: ["CREATE_FULFILLMENT", "MOVE", "HOLD", "SPLIT"],
  IN_PROGRESS: ["CREATE_FULFILLMENT", "HOLD", "SPLIT"],
  ON_HOLD: ["RELEASE_HOLD", "HOLD", "MOVE"],
  SCHEDULED: ["MARK_AS_OPEN"],
};

const HOLD_REASON_TEXT: Record<string, string> = {
  AWAITING_PAYMENT: "Awaiting payment",
  AWAITING_RETURN_ITEMS: "Awaiting return items",
  HIGH_RISK_OF_FRAUD: "High risk of fraud",
  INCORRECT_ADDRESS: "Incorrect address",
  INVENTORY_OUT_OF_STOCK: "Inventory out of stock",
  ONLINE_STORE_POST_PURCHASE_CROSS_SELL: "Online store post purchase cross sell",
  OTHER: "Other",
  UNKNOWN_DELIVERY_DATE: "Unknown delivery date",
};

type FulfillmentOrdersArgs = ConnectionArgs & {
  includeClosed?: boolean | null;
  query?: string | null;
  sortKey?: string | null;
};

function lineItemOf(ctx: ResolverContext, line: FulfillmentOrderLineItemState) {
  return requireRecord(ctx.shop, "LineItem", line.lineItemId);
}

function variantOf(ctx: ResolverContext, line: FulfillmentOrderLineItemState) {
  return findRecord(ctx.shop, "ProductVariant", lineItemOf(ctx, line).variantId);
}

export const fulfillmentOrderResolvers: Resolvers = {
  QueryRoot: {
    fulfillmentOrder: (_root: unknown, args: IdArgs, ctx: ResolverContext) => {
      assertGid(args.id);
      return findRecord(ctx.shop, "FulfillmentOrder", args.id);
    },
    fulfillmentOrders: (_root: unknown, args: FulfillmentOrdersArgs, ctx: ResolverContext) => {
      if ((args.sortKey ?? "ID") !== "ID")
        throw new StandInNotImplementedError(`fulfillmentOrders(sortKey: ${args.sortKey})`);
      const all = ctx.shop.orders
        .flatMap((o) => o.fulfillmentOrders)
        .filter((fo) => args.includeClosed || (fo.status !== "CLOSED" && fo.status !== "CANCELLED"))
        .sort((a, b) => Number(legacyIdOf(a.id)) - Number(legacyIdOf(b.id)));
      const matching = filterBySearch(all, args.query, "fulfillmentOrders", {
        status: (fo, term) => matchText(fo.status, term),
        assigned_location_id: (fo, term) => legacyIdOf(fo.assignedLocationId) === term.value,
        id: (fo, term) => legacyIdOf(fo.id) === term.value,
      });
      return idConnection(matching, args);
    },
  },
  FulfillmentOrder: {
    order: (fo: FulfillmentOrderState, _args: unknown, ctx: ResolverContext) =>
      requireRecord(ctx.shop, "Order", fo.orderId),
    orderName: (fo: FulfillmentOrderState, _args: unknown, ctx: ResolverContext) =>
      requireRecord(ctx.shop, "Order", fo.orderId).name,
    orderProcessedAt: (fo: FulfillmentOrderState, _args: unknown, ctx: ResolverContext) =>
      requireRecord(ctx.shop, "Order", fo.orderId).processedAt,
    assignedLocation: (fo: FulfillmentOrderState, _args: unknown, ctx: ResolverContext) => {
      const location = requireRecord(ctx.shop, "Location", fo.assignedLocationId);
      const { address } = location;
      return {
        name: location.name,
        address1: address.address1,
        address2: address.address2,
        city: address.city,
        province: address.province,
        zip: address.zip,
        countryCode: address.countryCode,
        phone: address.phone,
        location,
      };
    },
    destination: (fo: FulfillmentOrderState, _args: unknown, ctx: ResolverContext) => {
      const order = requireRecord(ctx.shop, "Order", fo.orderId);
      const address = order.shippingAddress;
      if (!address) return null;
      return {
        id: gid("FulfillmentOrderDestination", legacyIdOf(fo.id)),
        firstName: address.firstName,
        lastName: address.lastName,
        company: address.company,
        address1: address.address1,
        address2: address.address2,
        city: address.city,
        province: address.province,
        zip: address.zip,
        countryCode: address.countryCodeV2,
        phone: address.phone,
        email: order.email,
        location: null,
      };
    },
    lineItems: (fo: FulfillmentOrderState, args: ConnectionArgs) => idConnection(fo.lineItems, args),
    fulfillments: (fo: FulfillmentOrderState, args: ConnectionArgs, ctx: ResolverContext) => {
      const order = requireRecord(ctx.shop, "Order", fo.orderId);
      return idConnection(
        order.fulfillments.filter((f) => f.fulfillmentOrderIds.includes(fo.id)),
        args,
      );
    },
    supportedActions: (fo: FulfillmentOrderState) =>
      (SUPPORTED_ACTIONS[fo.status] ?? []).map((action) => ({ action, externalUrl: null })),
  },
  FulfillmentOrderLineItem: {
    lineItem: (line: FulfillmentOrderLineItemState, _args: unknown, ctx: ResolverContext) => lineItemOf(ctx, line),
    sku: (line: FulfillmentOrderLineItemState, _args: unknown, ctx: ResolverContext) => lineItemOf(ctx, line).sku,
    productTitle: (line: FulfillmentOrderLineItemState, _args: unknown, ctx: ResolverContext) =>
      lineItemOf(ctx, line).title,
    variantTitle: (line: FulfillmentOrderLineItemState, _args: unknown, ctx: ResolverContext) =>
      lineItemOf(ctx, line).variantTitle,
    vendor: (line: FulfillmentOrderLineItemState, _args: unknown, ctx: ResolverContext) => lineItemOf(ctx, line).vendor,
    requiresShipping: (line: FulfillmentOrderLineItemState, _args: unknown, ctx: ResolverContext) =>
      lineItemOf(ctx, line).requiresShipping,
    variant: (line: FulfillmentOrderLineItemState, _args: unknown, ctx: ResolverContext) => variantOf(ctx, line),
    weight: (line: FulfillmentOrderLineItemState, _args: unknown, ctx: ResolverContext) =>
      variantOf(ctx, line)?.weight ?? null,
    inventoryItemId: (line: FulfillmentOrderLineItemState, _args: unknown, ctx: ResolverContext) =>
      variantOf(ctx, line)?.inventoryItemId ?? null,
    originalUnitPriceSet: (line: FulfillmentOrderLineItemState, _args: unknown, ctx: ResolverContext) =>
      moneyBag(lineItemOf(ctx, line).price, ctx.shop.currencyCode),
  },
  FulfillmentHold: {
    displayReason: (hold: FulfillmentHoldState) => HOLD_REASON_TEXT[hold.reason] ?? hold.reason,
    heldByApp: (hold: FulfillmentHoldState, _args: unknown, ctx: ResolverContext) =>
      hold.heldByRequestingApp
        ? { id: gid("App", ctx.app.apiClientId), apiKey: ctx.app.apiKey, title: ctx.app.title, handle: ctx.app.handle }
        : null,
  },
  Mutation: {
    fulfillmentOrderHold: (
      _root: unknown,
      args: { id: string; fulfillmentHold: FulfillmentOrderHoldInput },
      ctx: ResolverContext,
    ) => holdFulfillmentOrder(ctx.shop, args.id, args.fulfillmentHold, ctx.now()),
    fulfillmentOrderReleaseHold: (
      _root: unknown,
      args: { id: string; holdIds?: string[] | null; externalId?: string | null },
      ctx: ResolverContext,
    ) => releaseFulfillmentOrderHold(ctx.shop, args, ctx.now()),
  },
};
