import type { OrderReturnsQuery } from "~/types/admin.generated";
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
