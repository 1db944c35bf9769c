import type { OrderForDispatchQuery } from "~/types/admin.generated";
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
          lineItems(first: 100) {
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
          }
        }
      }
    }
  }
`;

export type OrderForDispatch = NonNullable<OrderForDispatchQuery["order"]>;

export async function fetchOrderForDispatch(admin: AdminGraphql, orderGid: string): Promise<OrderForDispatch | null> {
  const data = await adminRequest<OrderForDispatchQuery>(admin, ORDER_FOR_DISPATCH, { id: orderGid });
  return data.order ?? null;
}
