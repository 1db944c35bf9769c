import type {
  FulfillmentOrderForDispatchQuery,
  FulfillmentOrderLinePageFragment,
  FulfillmentOrderLinesQuery,
  OrderForDispatchQuery,
} from "~/types/admin.generated";
import { adminRequest, type AdminGraphql } from "./admin-request.server";

/** Metafield on a product or variant holding its package size: JSON {"length","width","height"} in inches. */
export const DIMENSIONS_METAFIELD = { namespace: "courier", key: "dimensions" } as const;

/** The order as dispatch reads it, without its fulfillment orders (both dispatch queries share it). */
const ORDER_DISPATCH_FIELDS = `#graphql
  fragment OrderDispatchFields on Order {
    id
    legacyResourceId
    name
    phone
    note
    customAttributes {
      key
      value
    }
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
  }
`;

const FULFILLMENT_ORDER_DISPATCH_FIELDS = `#graphql
  fragment FulfillmentOrderDispatchFields on FulfillmentOrder {
    id
    status
    requestStatus
    deliveryMethod {
      methodType
      additionalInformation {
        instructions
      }
    }
    assignedLocation {
      name
      location {
        id
      }
    }
  }
`;

const FULFILLMENT_ORDER_LINE_PAGE = `#graphql
  fragment FulfillmentOrderLinePage on FulfillmentOrderLineItemConnection {
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
`;

// Fragments are sent with each operation that spreads them (codegen reads each one once).
// The first fulfillment order's first page of lines comes along: most orders have one fulfillment
// order, which is then read in one request (its own page of 50 lines costs the query what the lines
// request would, and keeps it well under the single-query limit below).
const ORDER_FOR_DISPATCH = `#graphql
  query OrderForDispatch($id: ID!) {
    order(id: $id) {
      ...OrderDispatchFields
      fulfillmentOrders(first: 20) {
        nodes {
          ...FulfillmentOrderDispatchFields
        }
      }
      firstFulfillmentOrder: fulfillmentOrders(first: 1) {
        nodes {
          id
          lineItems(first: 50) {
            ...FulfillmentOrderLinePage
          }
        }
      }
    }
  }
  ${ORDER_DISPATCH_FIELDS}
  ${FULFILLMENT_ORDER_DISPATCH_FIELDS}
  ${FULFILLMENT_ORDER_LINE_PAGE}
`;

// One request per fulfillment order keeps each query well under Shopify's 1000-point single-query limit.
const FULFILLMENT_ORDER_LINES = `#graphql
  query FulfillmentOrderLines($id: ID!, $after: String) {
    fulfillmentOrder(id: $id) {
      id
      lineItems(first: 50, after: $after) {
        ...FulfillmentOrderLinePage
      }
    }
  }
  ${FULFILLMENT_ORDER_LINE_PAGE}
`;

/**
 * One fulfillment order with its order and first page of lines: what a fulfillment order's dispatch
 * job needs, in one request instead of the order's and then each fulfillment order's lines.
 */
const FULFILLMENT_ORDER_FOR_DISPATCH = `#graphql
  query FulfillmentOrderForDispatch($id: ID!) {
    fulfillmentOrder(id: $id) {
      ...FulfillmentOrderDispatchFields
      order {
        ...OrderDispatchFields
      }
      lineItems(first: 50) {
        ...FulfillmentOrderLinePage
      }
    }
  }
  ${ORDER_DISPATCH_FIELDS}
  ${FULFILLMENT_ORDER_DISPATCH_FIELDS}
  ${FULFILLMENT_ORDER_LINE_PAGE}
`;

type OrderHeader = NonNullable<OrderForDispatchQuery["order"]>;
type FulfillmentOrderHeader = OrderHeader["fulfillmentOrders"]["nodes"][number];
export type FulfillmentOrderLine = FulfillmentOrderLinePageFragment["nodes"][number];

/** The order with each fulfillment order's lines, as dispatch reads it. */
export type OrderForDispatch = Omit<OrderHeader, "fulfillmentOrders" | "firstFulfillmentOrder"> & {
  fulfillmentOrders: { nodes: (FulfillmentOrderHeader & { lineItems: { nodes: FulfillmentOrderLine[] } })[] };
};

/** The rest of a fulfillment order's lines after `page` (or all of them when no page is given). */
async function fetchLines(
  admin: AdminGraphql,
  fulfillmentOrderGid: string,
  page?: FulfillmentOrderLinePageFragment,
): Promise<FulfillmentOrderLine[]> {
  const lines: FulfillmentOrderLine[] = [...(page?.nodes ?? [])];
  let after: string | null = page ? nextCursor(page) : null;
  if (page && !after) return lines;
  do {
    const data: FulfillmentOrderLinesQuery = await adminRequest<FulfillmentOrderLinesQuery>(
      admin,
      FULFILLMENT_ORDER_LINES,
      {
        id: fulfillmentOrderGid,
        after,
      },
    );
    const next = data.fulfillmentOrder?.lineItems;
    if (!next) break;
    lines.push(...next.nodes);
    after = nextCursor(next);
  } while (after);
  return lines;
}

function nextCursor(page: FulfillmentOrderLinePageFragment): string | null {
  return page.pageInfo.hasNextPage ? (page.pageInfo.endCursor ?? null) : null;
}

export async function fetchOrderForDispatch(admin: AdminGraphql, orderGid: string): Promise<OrderForDispatch | null> {
  const data = await adminRequest<OrderForDispatchQuery>(admin, ORDER_FOR_DISPATCH, { id: orderGid });
  if (!data.order) return null;
  const { firstFulfillmentOrder, ...order } = data.order;
  const firstPage = firstFulfillmentOrder.nodes[0];
  const nodes = [];
  for (const fo of order.fulfillmentOrders.nodes) {
    const page = fo.id === firstPage?.id ? firstPage.lineItems : undefined;
    nodes.push({ ...fo, lineItems: { nodes: await fetchLines(admin, fo.id, page) } });
  }
  return { ...order, fulfillmentOrders: { nodes } };
}

/**
 * One fulfillment order as dispatch reads it: its order with this fulfillment order as the only one
 * (the plan of a fulfillment order depends on nothing else), or null when Shopify has no such
 * fulfillment order.
 */
export async function fetchFulfillmentOrderForDispatch(
  admin: AdminGraphql,
  fulfillmentOrderGid: string,
): Promise<OrderForDispatch | null> {
  const data = await adminRequest<FulfillmentOrderForDispatchQuery>(admin, FULFILLMENT_ORDER_FOR_DISPATCH, {
    id: fulfillmentOrderGid,
  });
  const fulfillmentOrder = data.fulfillmentOrder;
  if (!fulfillmentOrder) return null;
  const { order, lineItems, ...header } = fulfillmentOrder;
  const lines = await fetchLines(admin, fulfillmentOrder.id, lineItems);
  return { ...order, fulfillmentOrders: { nodes: [{ ...header, lineItems: { nodes: lines } }] } };
}
