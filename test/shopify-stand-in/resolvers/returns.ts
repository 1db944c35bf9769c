import { idConnection, type ConnectionArgs } from "../connection";
import {
  createReverseDeliveryWithShipping,
  updateReverseDeliveryShipping,
  type ReverseDeliveryShippingUpdateInput,
  type ReverseDeliveryWithShippingInput,
} from "../domain/returns";
import { findRecord, requireRecord } from "../lookup";
import { StandInNotImplementedError } from "../not-implemented";
import type {
  ExchangeLineItemState,
  OrderState,
  ReturnLineItemState,
  ReturnState,
  ReverseDeliveryLineItemState,
  ReverseDeliveryState,
  ReverseFulfillmentOrderLineItemState,
  ReverseFulfillmentOrderState,
} from "../shop-state";
import { assertGid } from "./common";
import type { IdArgs, ResolverContext, Resolvers } from "./types";

type FilteredConnectionArgs = ConnectionArgs & { processingStatus?: unknown; includeRemovedItems?: boolean | null };

function unfiltered(field: string, args: FilteredConnectionArgs): ConnectionArgs {
  if (args.processingStatus != null || args.includeRemovedItems)
    throw new StandInNotImplementedError(`${field}(processingStatus:/includeRemovedItems:)`);
  return args;
}

/** Returns, their lines, exchanges, reverse fulfillment orders and reverse deliveries (domain/returns.ts). */
export const returnResolvers: Resolvers = {
  QueryRoot: {
    return: (_root: unknown, args: IdArgs, ctx: ResolverContext) => {
      assertGid(args.id);
      return findRecord(ctx.shop, "Return", args.id);
    },
    reverseFulfillmentOrder: (_root: unknown, args: IdArgs, ctx: ResolverContext) => {
      assertGid(args.id);
      return findRecord(ctx.shop, "ReverseFulfillmentOrder", args.id);
    },
    reverseDelivery: (_root: unknown, args: IdArgs, ctx: ResolverContext) => {
      assertGid(args.id);
      return findRecord(ctx.shop, "ReverseDelivery", args.id);
    },
  },
  Order: {
    returns: (order: OrderState, args: ConnectionArgs & { query?: string | null }) => {
      if (args.query) throw new StandInNotImplementedError("Order.returns(query:)");
      return idConnection(order.returns, args);
    },
  },
  Return: {
    order: (r: ReturnState, _args: unknown, ctx: ResolverContext) => requireRecord(ctx.shop, "Order", r.orderId),
    returnLineItems: (r: ReturnState, args: FilteredConnectionArgs) =>
      idConnection(r.returnLineItems, unfiltered("Return.returnLineItems", args)),
    exchangeLineItems: (r: ReturnState, args: FilteredConnectionArgs) =>
      idConnection(r.exchangeLineItems, unfiltered("Return.exchangeLineItems", args)),
    reverseFulfillmentOrders: (r: ReturnState, args: ConnectionArgs) => idConnection(r.reverseFulfillmentOrders, args),
    totalQuantity: (r: ReturnState) => r.returnLineItems.reduce((sum, l) => sum + l.quantity, 0),
  },
  ReturnLineItem: {
    fulfillmentLineItem: (line: ReturnLineItemState, _args: unknown, ctx: ResolverContext) => {
      const order = requireRecord(ctx.shop, "Order", requireRecord(ctx.shop, "Return", line.returnId).orderId);
      const found = order.fulfillments
        .flatMap((f) => f.fulfillmentLineItems)
        .find((f) => f.id === line.fulfillmentLineItemId);
      if (!found) throw new Error(`Shopify stand-in: ${line.fulfillmentLineItemId} is missing`);
      return found;
    },
    totalWeight: (line: ReturnLineItemState, _args: unknown, ctx: ResolverContext) => {
      const order = requireRecord(ctx.shop, "Order", requireRecord(ctx.shop, "Return", line.returnId).orderId);
      const fulfilled = order.fulfillments
        .flatMap((f) => f.fulfillmentLineItems)
        .find((f) => f.id === line.fulfillmentLineItemId);
      const lineItem = fulfilled ? requireRecord(ctx.shop, "LineItem", fulfilled.lineItemId) : null;
      const weight = findRecord(ctx.shop, "ProductVariant", lineItem?.variantId)?.weight;
      return weight ? { unit: weight.unit, value: weight.value * line.quantity } : null;
    },
  },
  ExchangeLineItem: {
    lineItems: (item: ExchangeLineItemState, _args: unknown, ctx: ResolverContext) => [
      requireRecord(ctx.shop, "LineItem", item.lineItemId),
    ],
    variantTitle: (item: ExchangeLineItemState, _args: unknown, ctx: ResolverContext) =>
      requireRecord(ctx.shop, "LineItem", item.lineItemId).variantTitle,
  },
  ReverseFulfillmentOrder: {
    order: (rfo: ReverseFulfillmentOrderState, _args: unknown, ctx: ResolverContext) =>
      requireRecord(ctx.shop, "Order", rfo.orderId),
    lineItems: (rfo: ReverseFulfillmentOrderState, args: ConnectionArgs) => idConnection(rfo.lineItems, args),
    reverseDeliveries: (rfo: ReverseFulfillmentOrderState, args: ConnectionArgs) =>
      idConnection(rfo.reverseDeliveries, args),
  },
  ReverseFulfillmentOrderLineItem: {
    fulfillmentLineItem: (line: ReverseFulfillmentOrderLineItemState, _args: unknown, ctx: ResolverContext) => {
      const rfo = requireRecord(ctx.shop, "ReverseFulfillmentOrder", line.reverseFulfillmentOrderId);
      const order = requireRecord(ctx.shop, "Order", rfo.orderId);
      return (
        order.fulfillments.flatMap((f) => f.fulfillmentLineItems).find((f) => f.id === line.fulfillmentLineItemId) ??
        null
      );
    },
  },
  ReverseDelivery: {
    reverseFulfillmentOrder: (delivery: ReverseDeliveryState, _args: unknown, ctx: ResolverContext) =>
      requireRecord(ctx.shop, "ReverseFulfillmentOrder", delivery.reverseFulfillmentOrderId),
    reverseDeliveryLineItems: (delivery: ReverseDeliveryState, args: ConnectionArgs) =>
      idConnection(delivery.lineItems, args),
    deliverable: (delivery: ReverseDeliveryState) => ({
      __typename: "ReverseDeliveryShippingDeliverable",
      tracking: delivery.tracking,
      label: null,
    }),
  },
  ReverseDeliveryLineItem: {
    reverseFulfillmentOrderLineItem: (line: ReverseDeliveryLineItemState, _args: unknown, ctx: ResolverContext) =>
      requireRecord(ctx.shop, "ReverseFulfillmentOrderLineItem", line.reverseFulfillmentOrderLineItemId),
  },
  Mutation: {
    reverseDeliveryCreateWithShipping: (_root: unknown, args: ReverseDeliveryWithShippingInput, ctx: ResolverContext) =>
      createReverseDeliveryWithShipping(ctx.shop, args, ctx.now()),
    reverseDeliveryShippingUpdate: (_root: unknown, args: ReverseDeliveryShippingUpdateInput, ctx: ResolverContext) =>
      updateReverseDeliveryShipping(ctx.shop, args),
  },
};
