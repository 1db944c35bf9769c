import type { FulfillmentOrderLinesQuery, OrderForDispatchQuery } from "~/types/admin.generated";
import { adminRequest, type AdminGraphql } from "./admin-request.server";

/** Metafield on a product or variant holding its package size: JSON {"length","width","height"} in inches. */
export const DIMENSIONS_METAFIELD = { namespace: "courier", key: "dimensions" } as const;

const ORDER_FOR_DISPATCH = `#graphql
  query OrderForDispatch($id: ID!) {
    order(id: $id) {
      id
      legacyResourceId
      name
      phone
      email
      cancelledAt
      displayFinancialStatus
      displayFulfillmentStatus
      tags
      currencyCode
      subtotalPriceSet {
        shopMoney {
          amount
          currencyCode
        }
      }
      customer {
        id
        phone
      }
      shippingAddress {
        firstName
        lastName
        name
        company
        address1
        address2
        city
        province
        provinceCode
        zip
        countryCodeV2
        phone
        latitude
        longitude
      }
      shippingLines(first: 5) {
        nodes {
          title
          code
          source
          carrierIdentifier
          originalPriceSet {
            shopMoney {
              amount
            }
          }
        }
      }
      fulfillmentOrders(first: 20) {
        nodes {
          id
          status
          requestStatus
          assignedLocation {
            name
            location {
              id
            }
          }
        }
      }
    }
  }
`;

// One request per fulfillment order keeps each query well under Shopify's 1000-point single-query limit.
const FULFILLMENT_ORDER_LINES = `#graphql
  query FulfillmentOrderLines($id: ID!, $after: String) {
    fulfillmentOrder(id: $id) {
      id
      lineItems(first: 50, after: $after) {
        nodes {
          id
          totalQuantity
          remainingQuantity
          requiresShipping
          sku
          productTitle
          variantTitle
          weight {
            unit
            value
          }
          originalUnitPriceSet {
            shopMoney {
              amount
            }
          }
          variant {
            id
            metafield(namespace: "courier", key: "dimensions") {
              value
            }
            product {
              id
              tags
              metafield(namespace: "courier", key: "dimensions") {
                value
              }
            }
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`;

type OrderHeader = NonNullable<OrderForDispatchQuery["order"]>;
type FulfillmentOrderHeader = OrderHeader["fulfillmentOrders"]["nodes"][number];
export type FulfillmentOrderLine = NonNullable<FulfillmentOrderLinesQuery["fulfillmentOrder"]>["lineItems"]["nodes"][number];

/** The order with each fulfillment order's lines, as dispatch reads it. */
export type OrderForDispatch = Omit<OrderHeader, "fulfillmentOrders"> & {
  fulfillmentOrders: { nodes: (FulfillmentOrderHeader & { lineItems: { nodes: FulfillmentOrderLine[] } })[] };
};

async function fetchLines(admin: AdminGraphql, fulfillmentOrderGid: string): Promise<FulfillmentOrderLine[]> {
  const lines: FulfillmentOrderLine[] = [];
  let after: string | null = null;
  do {
    const data: FulfillmentOrderLinesQuery = await adminRequest<FulfillmentOrderLinesQuery>(admin, FULFILLMENT_ORDER_LINES, {
      id: fulfillmentOrderGid,
      after,
    });
    const page = data.fulfillmentOrder?.lineItems;
    if (!page) break;
    lines.push(...page.nodes);
    after = page.pageInfo.hasNextPage ? (page.pageInfo.endCursor ?? null) : null;
  } while (after);
  return lines;
}

export async function fetchOrderForDispatch(admin: AdminGraphql, orderGid: string): Promise<OrderForDispatch | null> {
  const data = await adminRequest<OrderForDispatchQuery>(admin, ORDER_FOR_DISPATCH, { id: orderGid });
  const order = data.order;
  if (!order) return null;
  const nodes = [];
  for (const fo of order.fulfillmentOrders.nodes) {
    nodes.push({ ...fo, lineItems: { nodes: await fetchLines(admin, fo.id) } });
  }
  return { ...order, fulfillmentOrders: { nodes } };
}
