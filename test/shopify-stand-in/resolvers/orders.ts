import { hasScope } from "../access";
import { firstOf, idConnection, type ConnectionArgs } from "../connection";
import { compare, filterBySearch, matchDate, matchText, type SearchTerm } from "../domain/search-query";
import { legacyIdOf } from "../gid";
import { findRecord } from "../lookup";
import { StandInNotImplementedError } from "../not-implemented";
import type {
  CustomerState,
  FulfillmentOrderState,
  LineItemState,
  MailingAddressState,
  OrderState,
  ShippingLineState,
  ShopState,
} from "../shop-state";
import { decimal, moneyBag, sumDecimals, toCents, decimalFromCents } from "../values";
import { assertGid, legacyResourceId } from "./common";
import { hasMetafields } from "./metafields";
import type { IdArgs, ResolverContext, Resolvers } from "./types";

type OrdersArgs = ConnectionArgs & { query?: string | null; sortKey?: string | null };

const ORDER_SORTS: Record<string, (a: OrderState, b: OrderState) => number> = {
  ID: (a, b) => Number(legacyIdOf(a.id)) - Number(legacyIdOf(b.id)),
  ORDER_NUMBER: (a, b) => a.number - b.number,
  CREATED_AT: (a, b) => a.createdAt.localeCompare(b.createdAt) || a.number - b.number,
  PROCESSED_AT: (a, b) => a.processedAt.localeCompare(b.processedAt) || a.number - b.number,
  UPDATED_AT: (a, b) => a.updatedAt.localeCompare(b.updatedAt) || a.number - b.number,
};

/** `fulfillment_status:` values of the orders search and the display statuses they stand for. */
const FULFILLMENT_STATUS_FILTER: Record<string, string[]> = {
  shipped: ["FULFILLED"],
  fulfilled: ["FULFILLED"],
  partial: ["PARTIALLY_FULFILLED"],
  unshipped: ["UNFULFILLED"],
  unfulfilled: ["UNFULFILLED", "PARTIALLY_FULFILLED", "ON_HOLD", "SCHEDULED", "IN_PROGRESS"],
  on_hold: ["ON_HOLD"],
  scheduled: ["SCHEDULED"],
};

function orderStatusMatches(order: OrderState, term: SearchTerm): boolean {
  switch (term.value.toLowerCase()) {
    case "open":
      return !order.closedAt && !order.cancelledAt;
    case "closed":
      return Boolean(order.closedAt);
    case "cancelled":
      return Boolean(order.cancelledAt);
    case "any":
      return true;
    default:
      throw new StandInNotImplementedError(`orders(query: "status:${term.value}")`);
  }
}

function customerOf(shop: ShopState, order: OrderState): CustomerState | null {
  return findRecord(shop, "Customer", order.customerId);
}

function subtotal(order: OrderState): string {
  return sumDecimals(order.lineItems.map((l) => decimalFromCents(toCents(l.price) * l.quantity)));
}

function shippingTotal(order: OrderState): string {
  return sumDecimals(order.shippingLines.map((s) => s.price));
}

function total(order: OrderState): string {
  return sumDecimals([subtotal(order), shippingTotal(order), order.totalTax]);
}

function bag(order: OrderState, amount: string) {
  return moneyBag(amount, order.currencyCode);
}

function totalWeightGrams(order: OrderState, shop: ShopState): string {
  const perUnit: Record<string, number> = { GRAMS: 1, KILOGRAMS: 1000, OUNCES: 28.349523125, POUNDS: 453.59237 };
  const grams = order.lineItems.reduce((sum, line) => {
    const weight = findRecord(shop, "ProductVariant", line.variantId)?.weight;
    return sum + (weight ? weight.value * perUnit[weight.unit]! * line.quantity : 0);
  }, 0);
  return String(Math.round(grams));
}

/** Fulfillment orders are only visible to apps holding one of the fulfillment-order read scopes. */
function visibleFulfillmentOrders(order: OrderState, ctx: ResolverContext): FulfillmentOrderState[] {
  if (ctx.scopes) {
    const prefixes = ["read_merchant_managed", "read_assigned", "read_third_party", "read_marketplace"];
    if (!prefixes.some((p) => hasScope(ctx.scopes!, `${p}_fulfillment_orders`))) return [];
  }
  return order.fulfillmentOrders;
}

export function unfulfilledQuantity(shop: ShopState, line: LineItemState): number {
  const order = findRecord(shop, "Order", line.orderId);
  return (order?.fulfillmentOrders ?? [])
    .filter((fo) => fo.status !== "CLOSED" && fo.status !== "CANCELLED")
    .flatMap((fo) => fo.lineItems)
    .filter((l) => l.lineItemId === line.id)
    .reduce((sum, l) => sum + l.remainingQuantity, 0);
}

function lineMoney(shop: ShopState, line: LineItemState, amount: string) {
  return moneyBag(amount, shop.currencyCode);
}

export const orderResolvers: Resolvers = {
  QueryRoot: {
    order: (_root: unknown, args: IdArgs, ctx: ResolverContext) => {
      assertGid(args.id);
      return findRecord(ctx.shop, "Order", args.id);
    },
    orders: (_root: unknown, args: OrdersArgs, ctx: ResolverContext) => {
      const sort = ORDER_SORTS[args.sortKey ?? "PROCESSED_AT"];
      if (!sort) throw new StandInNotImplementedError(`orders(sortKey: ${args.sortKey})`);
      const matching = filterBySearch(ctx.shop.orders, args.query, "orders", {
        name: (o, term) => o.name.replace(/^#/, "").toLowerCase() === term.value.replace(/^#/, "").toLowerCase(),
        id: (o, term) =>
          compare(
            Number(legacyIdOf(o.id)),
            term.comparator,
            Number(term.value.replace(/^gid:\/\/shopify\/Order\//, "")),
          ),
        tag: (o, term) => o.tags.some((t) => matchText(t, term)),
        tag_not: (o, term) => !o.tags.some((t) => matchText(t, term)),
        email: (o, term) => matchText(o.email, term),
        status: orderStatusMatches,
        financial_status: (o, term) => matchText(o.displayFinancialStatus, term),
        fulfillment_status: (o, term) =>
          term.value === "any" ||
          (FULFILLMENT_STATUS_FILTER[term.value.toLowerCase()] ?? [term.value.toUpperCase()]).includes(
            o.displayFulfillmentStatus,
          ),
        created_at: (o, term) => matchDate(o.createdAt, term),
        processed_at: (o, term) => matchDate(o.processedAt, term),
        updated_at: (o, term) => matchDate(o.updatedAt, term),
        text: (o, term) => [o.name, o.email ?? ""].some((v) => v.toLowerCase().includes(term.value.toLowerCase())),
      });
      return idConnection([...matching].sort(sort), args);
    },
  },
  Order: {
    ...hasMetafields,
    legacyResourceId,
    customer: (order: OrderState, _args: unknown, ctx: ResolverContext) => customerOf(ctx.shop, order),
    lineItems: (order: OrderState, args: ConnectionArgs) => idConnection(order.lineItems, args),
    shippingLines: (order: OrderState, args: ConnectionArgs) => idConnection(order.shippingLines, args),
    shippingLine: (order: OrderState) => order.shippingLines[0] ?? null,
    fulfillmentOrders: (
      order: OrderState,
      args: ConnectionArgs & { displayable?: boolean | null; query?: string | null },
      ctx: ResolverContext,
    ) => {
      const visible = visibleFulfillmentOrders(order, ctx).filter(
        (fo) => !args.displayable || fo.status !== "CANCELLED",
      );
      const matching = filterBySearch(visible, args.query, "Order.fulfillmentOrders", {
        status: (fo, term) => matchText(fo.status, term),
        assigned_location_id: (fo, term) => legacyIdOf(fo.assignedLocationId) === term.value,
        id: (fo, term) => legacyIdOf(fo.id) === term.value,
      });
      return idConnection(matching, args);
    },
    fulfillments: (order: OrderState, args: { first?: number | null; query?: string | null }) => {
      if (args.query) throw new StandInNotImplementedError("Order.fulfillments(query:)");
      return firstOf(order.fulfillments, args.first);
    },
    displayAddress: (order: OrderState) => order.shippingAddress ?? order.billingAddress,
    billingAddressMatchesShippingAddress: (order: OrderState) => {
      const strip = (a: MailingAddressState | null) => (a ? JSON.stringify({ ...a, id: null }) : null);
      return strip(order.billingAddress) === strip(order.shippingAddress);
    },
    presentmentCurrencyCode: (order: OrderState) => order.currencyCode,
    closed: (order: OrderState) => order.closedAt !== null,
    confirmed: () => true,
    fullyPaid: (order: OrderState) => order.displayFinancialStatus === "PAID",
    unpaid: (order: OrderState) =>
      order.displayFinancialStatus === "PENDING" || order.displayFinancialStatus === "AUTHORIZED",
    requiresShipping: (order: OrderState) => order.lineItems.some((l) => l.requiresShipping),
    fulfillable: (order: OrderState) =>
      !order.cancelledAt &&
      order.fulfillmentOrders.some(
        (fo) =>
          (fo.status === "OPEN" || fo.status === "IN_PROGRESS") && fo.lineItems.some((l) => l.remainingQuantity > 0),
      ),
    subtotalLineItemsQuantity: (order: OrderState) => order.lineItems.reduce((sum, l) => sum + l.quantity, 0),
    currentSubtotalLineItemsQuantity: (order: OrderState) => order.lineItems.reduce((sum, l) => sum + l.quantity, 0),
    totalWeight: (order: OrderState, _args: unknown, ctx: ResolverContext) => totalWeightGrams(order, ctx.shop),
    currentTotalWeight: (order: OrderState, _args: unknown, ctx: ResolverContext) => totalWeightGrams(order, ctx.shop),
    subtotalPriceSet: (order: OrderState) => bag(order, subtotal(order)),
    currentSubtotalPriceSet: (order: OrderState) => bag(order, subtotal(order)),
    totalShippingPriceSet: (order: OrderState) => bag(order, shippingTotal(order)),
    currentShippingPriceSet: (order: OrderState) => bag(order, shippingTotal(order)),
    totalTaxSet: (order: OrderState) => bag(order, order.totalTax),
    currentTotalTaxSet: (order: OrderState) => bag(order, order.totalTax),
    totalDiscountsSet: (order: OrderState) => bag(order, "0"),
    currentTotalDiscountsSet: (order: OrderState) => bag(order, "0"),
    totalPriceSet: (order: OrderState) => bag(order, total(order)),
    currentTotalPriceSet: (order: OrderState) => bag(order, total(order)),
    originalTotalPriceSet: (order: OrderState) => bag(order, total(order)),
    totalRefundedSet: (order: OrderState) => bag(order, "0"),
    totalReceivedSet: (order: OrderState) => bag(order, order.displayFinancialStatus === "PAID" ? total(order) : "0"),
    totalOutstandingSet: (order: OrderState) =>
      bag(order, order.displayFinancialStatus === "PAID" ? "0" : total(order)),
    subtotalPrice: (order: OrderState) => subtotal(order),
    totalPrice: (order: OrderState) => total(order),
    totalShippingPrice: (order: OrderState) => shippingTotal(order),
    totalTax: (order: OrderState) => decimal(order.totalTax),
  },
  LineItem: {
    name: (line: LineItemState) => (line.variantTitle ? `${line.title} - ${line.variantTitle}` : line.title),
    currentQuantity: (line: LineItemState) => line.quantity,
    unfulfilledQuantity: (line: LineItemState, _args: unknown, ctx: ResolverContext) =>
      unfulfilledQuantity(ctx.shop, line),
    fulfillableQuantity: (line: LineItemState, _args: unknown, ctx: ResolverContext) =>
      unfulfilledQuantity(ctx.shop, line),
    nonFulfillableQuantity: () => 0,
    refundableQuantity: (line: LineItemState) => line.quantity,
    restockable: () => true,
    variant: (line: LineItemState, _args: unknown, ctx: ResolverContext) =>
      findRecord(ctx.shop, "ProductVariant", line.variantId),
    product: (line: LineItemState, _args: unknown, ctx: ResolverContext) => {
      const variant = findRecord(ctx.shop, "ProductVariant", line.variantId);
      return variant ? findRecord(ctx.shop, "Product", variant.productId) : null;
    },
    weight: (line: LineItemState, _args: unknown, ctx: ResolverContext) =>
      findRecord(ctx.shop, "ProductVariant", line.variantId)?.weight ?? null,
    originalUnitPriceSet: (line: LineItemState, _args: unknown, ctx: ResolverContext) =>
      lineMoney(ctx.shop, line, line.price),
    discountedUnitPriceSet: (line: LineItemState, _args: unknown, ctx: ResolverContext) =>
      lineMoney(ctx.shop, line, line.price),
    discountedUnitPriceAfterAllDiscountsSet: (line: LineItemState, _args: unknown, ctx: ResolverContext) =>
      lineMoney(ctx.shop, line, line.price),
    originalTotalSet: (line: LineItemState, _args: unknown, ctx: ResolverContext) =>
      lineMoney(ctx.shop, line, decimalFromCents(toCents(line.price) * line.quantity)),
    discountedTotalSet: (line: LineItemState, _args: unknown, ctx: ResolverContext) =>
      lineMoney(ctx.shop, line, decimalFromCents(toCents(line.price) * line.quantity)),
    totalDiscountSet: (line: LineItemState, _args: unknown, ctx: ResolverContext) => lineMoney(ctx.shop, line, "0"),
  },
  ShippingLine: {
    originalPriceSet: (line: ShippingLineState, _args: unknown, ctx: ResolverContext) =>
      moneyBag(line.price, ctx.shop.currencyCode),
    discountedPriceSet: (line: ShippingLineState, _args: unknown, ctx: ResolverContext) =>
      moneyBag(line.price, ctx.shop.currencyCode),
    currentDiscountedPriceSet: (line: ShippingLineState, _args: unknown, ctx: ResolverContext) =>
      moneyBag(line.price, ctx.shop.currencyCode),
    custom: () => false,
    isRemoved: () => false,
  },
  MailingAddress: {
    name: (a: MailingAddressState) => [a.firstName, a.lastName].filter(Boolean).join(" ") || null,
    countryCode: (a: MailingAddressState) => a.countryCodeV2,
    coordinatesValidated: (a: MailingAddressState) => a.latitude !== null && a.longitude !== null,
    formattedArea: (a: MailingAddressState) => [a.city, a.provinceCode, a.country].filter(Boolean).join(", ") || null,
    formatted: (a: MailingAddressState, args: { withName?: boolean | null; withCompany?: boolean | null }) => {
      const name = args.withName ? [a.firstName, a.lastName].filter(Boolean).join(" ") : null;
      const cityLine = [a.city, [a.provinceCode, a.zip].filter(Boolean).join(" ")].filter(Boolean).join(" ");
      return [name, args.withCompany ? a.company : null, a.address1, a.address2, cityLine, a.country].filter(
        (l): l is string => Boolean(l),
      );
    },
  },
  Customer: {
    ...hasMetafields,
    legacyResourceId,
    displayName: (c: CustomerState) => [c.firstName, c.lastName].filter(Boolean).join(" ") || c.email || c.phone || "",
    defaultEmailAddress: (c: CustomerState) => (c.email ? { emailAddress: c.email } : null),
    defaultPhoneNumber: (c: CustomerState) => (c.phone ? { phoneNumber: c.phone } : null),
    numberOfOrders: (c: CustomerState, _args: unknown, ctx: ResolverContext) =>
      String(ctx.shop.orders.filter((o) => o.customerId === c.id).length),
  },
};
