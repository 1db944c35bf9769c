import { firstOf, idConnection, type ConnectionArgs } from "../connection";
import {
  cancelFulfillment,
  createFulfillment,
  createFulfillmentEvent,
  updateTrackingInfo,
  type FulfillmentEventInput,
  type FulfillmentInput,
  type FulfillmentTrackingInput,
} from "../domain/fulfillments";
import { legacyIdOf } from "../gid";
import { findRecord, requireRecord } from "../lookup";
import { StandInNotImplementedError } from "../not-implemented";
import type { FulfillmentEventState, FulfillmentLineItemState, FulfillmentState } from "../shop-state";
import { decimalFromCents, moneyBag, toCents } from "../values";
import { assertGid, legacyResourceId } from "./common";
import type { IdArgs, ResolverContext, Resolvers } from "./types";

const EVENT_SORTS: Record<string, (a: FulfillmentEventState, b: FulfillmentEventState) => number> = {
  HAPPENED_AT: (a, b) => a.happenedAt.localeCompare(b.happenedAt),
  ID: (a, b) => Number(legacyIdOf(a.id)) - Number(legacyIdOf(b.id)),
};

function lineTotal(line: FulfillmentLineItemState, ctx: ResolverContext) {
  const lineItem = requireRecord(ctx.shop, "LineItem", line.lineItemId);
  return moneyBag(decimalFromCents(toCents(lineItem.price) * line.quantity), ctx.shop.currencyCode);
}

export const fulfillmentResolvers: Resolvers = {
  QueryRoot: {
    fulfillment: (_root: unknown, args: IdArgs, ctx: ResolverContext) => {
      assertGid(args.id);
      return findRecord(ctx.shop, "Fulfillment", args.id);
    },
  },
  Fulfillment: {
    legacyResourceId,
    order: (f: FulfillmentState, _args: unknown, ctx: ResolverContext) => requireRecord(ctx.shop, "Order", f.orderId),
    location: (f: FulfillmentState, _args: unknown, ctx: ResolverContext) =>
      findRecord(ctx.shop, "Location", f.locationId),
    trackingInfo: (f: FulfillmentState, args: { first?: number | null }) => firstOf(f.trackingInfo, args.first),
    events: (f: FulfillmentState, args: ConnectionArgs & { sortKey?: string | null }) => {
      const sort = EVENT_SORTS[args.sortKey ?? "HAPPENED_AT"];
      if (!sort) throw new StandInNotImplementedError(`Fulfillment.events(sortKey: ${args.sortKey})`);
      return idConnection([...f.events].sort(sort), args);
    },
    fulfillmentLineItems: (f: FulfillmentState, args: ConnectionArgs) => idConnection(f.fulfillmentLineItems, args),
    fulfillmentOrders: (f: FulfillmentState, args: ConnectionArgs, ctx: ResolverContext) =>
      idConnection(
        f.fulfillmentOrderIds.map((id) => requireRecord(ctx.shop, "FulfillmentOrder", id)),
        args,
      ),
    requiresShipping: (f: FulfillmentState, _args: unknown, ctx: ResolverContext) =>
      f.fulfillmentLineItems.some((l) => requireRecord(ctx.shop, "LineItem", l.lineItemId).requiresShipping),
    totalQuantity: (f: FulfillmentState) => f.fulfillmentLineItems.reduce((sum, l) => sum + l.quantity, 0),
  },
  FulfillmentLineItem: {
    lineItem: (line: FulfillmentLineItemState, _args: unknown, ctx: ResolverContext) =>
      requireRecord(ctx.shop, "LineItem", line.lineItemId),
    originalTotalSet: (line: FulfillmentLineItemState, _args: unknown, ctx: ResolverContext) => lineTotal(line, ctx),
    discountedTotalSet: (line: FulfillmentLineItemState, _args: unknown, ctx: ResolverContext) => lineTotal(line, ctx),
  },
  Mutation: {
    fulfillmentCreate: (
      _root: unknown,
      args: { fulfillment: FulfillmentInput; message?: string | null },
      ctx: ResolverContext,
    ) => createFulfillment(ctx.shop, args.fulfillment, ctx.now()),
    fulfillmentTrackingInfoUpdate: (
      _root: unknown,
      args: { fulfillmentId: string; trackingInfoInput: FulfillmentTrackingInput; notifyCustomer?: boolean | null },
      ctx: ResolverContext,
    ) => updateTrackingInfo(ctx.shop, args, ctx.now()),
    fulfillmentEventCreate: (_root: unknown, args: { fulfillmentEvent: FulfillmentEventInput }, ctx: ResolverContext) =>
      createFulfillmentEvent(ctx.shop, args.fulfillmentEvent, ctx.now()),
    fulfillmentCancel: (_root: unknown, args: IdArgs, ctx: ResolverContext) =>
      cancelFulfillment(ctx.shop, args.id, ctx.now()),
  },
};
