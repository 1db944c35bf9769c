import type {
  ReturnForPickupQuery,
  ReverseDeliveryCreateWithShippingMutation,
  ReverseDeliveryShippingUpdateMutation,
} from "~/types/admin.generated";
import { adminRequest, assertNoUserErrors, type AdminGraphql } from "./admin-request.server";

/**
 * Returns as a courier collection needs them (app/returns): the return with its items, the customer's
 * address, where each item was fulfilled from, its exchange items and reverse fulfillment orders; and
 * the reverse delivery that carries the courier's tracking. (An exchange's new items are on a fulfillment
 * order of the order, read as dispatch reads it.)
 * Page sizes keep the query under Shopify's 1000-point single-query limit.
 */
const RETURN_FOR_PICKUP = `#graphql
  query ReturnForPickup($id: ID!) {
    return(id: $id) {
      id
      name
      status
      order {
        id
        name
        phone
        shippingAddress {
          firstName
          lastName
          name
          company
          address1
          address2
          city
          provinceCode
          zip
          countryCodeV2
          phone
          latitude
          longitude
        }
        # The exchange's new items are on the order's latest fulfillment orders.
        fulfillmentOrders(first: 5, reverse: true) {
          nodes {
            id
            lineItems(first: 10) {
              nodes {
                lineItem {
                  id
                }
              }
            }
          }
        }
        fulfillments(first: 10) {
          location {
            id
          }
          fulfillmentLineItems(first: 20) {
            nodes {
              id
            }
          }
        }
      }
      returnLineItems(first: 20) {
        nodes {
          id
          quantity
          ... on ReturnLineItem {
            totalWeight {
              unit
              value
            }
            fulfillmentLineItem {
              id
              lineItem {
                id
                title
                variantTitle
                sku
                requiresShipping
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
      exchangeLineItems(first: 10) {
        nodes {
          id
          quantity
          lineItems {
            id
          }
        }
      }
      reverseFulfillmentOrders(first: 5) {
        nodes {
          id
          status
          lineItems(first: 20) {
            nodes {
              id
              totalQuantity
              fulfillmentLineItem {
                id
              }
            }
          }
          reverseDeliveries(first: 5) {
            nodes {
              id
              deliverable {
                ... on ReverseDeliveryShippingDeliverable {
                  tracking {
                    number
                    url
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

const REVERSE_DELIVERY_CREATE_WITH_SHIPPING = `#graphql
  mutation ReverseDeliveryCreateWithShipping(
    $reverseFulfillmentOrderId: ID!
    $reverseDeliveryLineItems: [ReverseDeliveryLineItemInput!]!
    $trackingInput: ReverseDeliveryTrackingInput
    $notifyCustomer: Boolean
  ) {
    reverseDeliveryCreateWithShipping(
      reverseFulfillmentOrderId: $reverseFulfillmentOrderId
      reverseDeliveryLineItems: $reverseDeliveryLineItems
      trackingInput: $trackingInput
      notifyCustomer: $notifyCustomer
    ) {
      reverseDelivery {
        id
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

export type ReturnForPickup = NonNullable<ReturnForPickupQuery["return"]>;

export async function fetchReturnForPickup(admin: AdminGraphql, returnGid: string): Promise<ReturnForPickup | null> {
  const data = await adminRequest<ReturnForPickupQuery>(admin, RETURN_FOR_PICKUP, { id: returnGid });
  return data.return ?? null;
}

/** A reverse delivery for these lines of a reverse fulfillment order, tracked by the courier; the customer is not emailed. */
export async function createReverseDeliveryWithTracking(
  admin: AdminGraphql,
  input: {
    reverseFulfillmentOrderGid: string;
    lines: { reverseFulfillmentOrderLineItemGid: string; quantity: number }[];
    tracking: { number: string; url: string | null };
  },
) {
  const data = await adminRequest<ReverseDeliveryCreateWithShippingMutation>(
    admin,
    REVERSE_DELIVERY_CREATE_WITH_SHIPPING,
    {
      reverseFulfillmentOrderId: input.reverseFulfillmentOrderGid,
      reverseDeliveryLineItems: input.lines.map((l) => ({
        reverseFulfillmentOrderLineItemId: l.reverseFulfillmentOrderLineItemGid,
        quantity: l.quantity,
      })),
      trackingInput: { number: input.tracking.number, ...(input.tracking.url ? { url: input.tracking.url } : {}) },
      notifyCustomer: false,
    },
  );
  const payload = assertNoUserErrors(data.reverseDeliveryCreateWithShipping, "Creating the reverse delivery");
  if (!payload.reverseDelivery) throw new Error("Shopify created no reverse delivery");
  return payload.reverseDelivery;
}

const REVERSE_DELIVERY_SHIPPING_UPDATE = `#graphql
  mutation ReverseDeliveryShippingUpdate(
    $reverseDeliveryId: ID!
    $trackingInput: ReverseDeliveryTrackingInput
    $notifyCustomer: Boolean
  ) {
    reverseDeliveryShippingUpdate(
      reverseDeliveryId: $reverseDeliveryId
      trackingInput: $trackingInput
      notifyCustomer: $notifyCustomer
    ) {
      reverseDelivery {
        id
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

/** A reverse delivery's tracking replaced (the courier reposted the collection under a new number); no email. */
export async function updateReverseDeliveryTracking(
  admin: AdminGraphql,
  input: { reverseDeliveryGid: string; tracking: { number: string; url: string | null } },
) {
  const data = await adminRequest<ReverseDeliveryShippingUpdateMutation>(admin, REVERSE_DELIVERY_SHIPPING_UPDATE, {
    reverseDeliveryId: input.reverseDeliveryGid,
    trackingInput: { number: input.tracking.number, ...(input.tracking.url ? { url: input.tracking.url } : {}) },
    notifyCustomer: false,
  });
  const payload = assertNoUserErrors(data.reverseDeliveryShippingUpdate, "Updating the reverse delivery's tracking");
  if (!payload.reverseDelivery) throw new Error("Shopify updated no reverse delivery");
  return payload.reverseDelivery;
}
