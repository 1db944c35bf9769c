import type { OrderExchangeItemsQuery, OrderReturnsQuery } from "~/types/admin.generated";
import { adminRequest, type AdminGraphql } from "./admin-request.server";

/** Most returns read for one order: an order with more is far beyond what a same-day shop sees. */
export const ORDER_RETURNS_MAX = 20;

/** The order's returns as the order page lists them (app/returns/order-returns.server.ts). */
const ORDER_RETURNS = `#graphql
  query OrderReturns($id: ID!, $first: Int!) {
    order(id: $id) {
      id
      name
      returns(first: $first) {
        nodes {
          id
          name
          status
          totalQuantity
          exchangeLineItems(first: 1) {
            nodes {
              id
            }
          }
        }
      }
    }
  }
`;

export type OrderReturns = NonNullable<OrderReturnsQuery["order"]>;

/** The order and its returns; null when Shopify has no such order. */
export async function fetchOrderReturns(admin: AdminGraphql, orderGid: string): Promise<OrderReturns | null> {
  const data = await adminRequest<OrderReturnsQuery>(admin, ORDER_RETURNS, { id: orderGid, first: ORDER_RETURNS_MAX });
  return data.order ?? null;
}

/** The returns whose exchange items someone may still deliver: not canceled, declined or closed. */
const RETURNS_WITH_PENDING_EXCHANGES = new Set(["REQUESTED", "OPEN"]);

/**
 * An order's exchange items (the line items its returns added) and where they are: the exchange's
 * new items are on the order's latest fulfillment orders (as app/shopify-admin/returns.server.ts
 * reads them). Page sizes keep the query under Shopify's 1000-point single-query limit.
 */
const ORDER_EXCHANGE_ITEMS = `#graphql
  query OrderExchangeItems($id: ID!) {
    order(id: $id) {
      id
      returns(first: 10, reverse: true) {
        nodes {
          id
          status
          exchangeLineItems(first: 10) {
            nodes {
              lineItems {
                id
              }
            }
          }
        }
      }
      fulfillmentOrders(first: 10, reverse: true) {
        nodes {
          id
          lineItems(first: 20) {
            nodes {
              lineItem {
                id
              }
            }
          }
        }
      }
    }
  }
`;

/**
 * The order's fulfillment orders that hold exchange items of a requested or open return: their
 * booking belongs to the return (app/returns books them as a round trip's delivery legs).
 */
export async function fetchExchangeFulfillmentOrderIds(admin: AdminGraphql, orderGid: string): Promise<Set<string>> {
  const data = await adminRequest<OrderExchangeItemsQuery>(admin, ORDER_EXCHANGE_ITEMS, { id: orderGid });
  if (!data.order) return new Set();
  const exchangeLines = new Set(
    data.order.returns.nodes
      .filter((ret) => RETURNS_WITH_PENDING_EXCHANGES.has(ret.status))
      .flatMap((ret) => ret.exchangeLineItems.nodes.flatMap((item) => (item.lineItems ?? []).map((line) => line.id))),
  );
  if (exchangeLines.size === 0) return new Set();
  return new Set(
    data.order.fulfillmentOrders.nodes
      .filter((fo) => fo.lineItems.nodes.some((line) => exchangeLines.has(line.lineItem.id)))
      .map((fo) => fo.id),
  );
}
