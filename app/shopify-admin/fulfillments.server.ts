import type {
  FulfillmentCreateMutation,
  FulfillmentEventCreateMutation,
  FulfillmentOrderFulfillmentsQuery,
  FulfillmentTrackingUpdateMutation,
} from "~/types/admin.generated";
import type { FulfillmentEventStatus } from "~/types/admin.types";
import { adminRequest, assertNoUserErrors, type AdminGraphql } from "./admin-request.server";

const FULFILLMENT_ORDER_FULFILLMENTS = `#graphql
  query FulfillmentOrderFulfillments($id: ID!) {
    fulfillmentOrder(id: $id) {
      id
      status
      fulfillments(first: 10) {
        nodes {
          id
          status
          trackingInfo {
            number
          }
          # The latest events, which decide what Shopify shows (app/tracking/shopify-timeline.ts).
          events(first: 50, reverse: true) {
            nodes {
              status
              happenedAt
            }
          }
        }
      }
    }
  }
`;

const FULFILLMENT_CREATE = `#graphql
  mutation FulfillmentCreate($fulfillment: FulfillmentInput!) {
    fulfillmentCreate(fulfillment: $fulfillment) {
      fulfillment {
        id
        status
      }
      userErrors {
        field
        message
      }
    }
  }
`;

const FULFILLMENT_EVENT_CREATE = `#graphql
  mutation FulfillmentEventCreate($event: FulfillmentEventInput!) {
    fulfillmentEventCreate(fulfillmentEvent: $event) {
      fulfillmentEvent {
        id
        status
        happenedAt
      }
      userErrors {
        field
        message
      }
    }
  }
`;

const FULFILLMENT_TRACKING_UPDATE = `#graphql
  mutation FulfillmentTrackingUpdate(
    $fulfillmentId: ID!
    $trackingInfoInput: FulfillmentTrackingInput!
    $notifyCustomer: Boolean
  ) {
    fulfillmentTrackingInfoUpdate(
      fulfillmentId: $fulfillmentId
      trackingInfoInput: $trackingInfoInput
      notifyCustomer: $notifyCustomer
    ) {
      fulfillment {
        id
        trackingInfo {
          number
        }
      }
      userErrors {
        field
        message
      }
    }
  }
`;

export type TrackingInput = { company: string; number: string; url: string | null };

const trackingInfoInput = (tracking: TrackingInput) => ({
  company: tracking.company,
  number: tracking.number,
  ...(tracking.url ? { url: tracking.url } : {}),
});

/** The fulfillments already made for a fulfillment order, so applying an event twice creates nothing new. */
export async function fetchFulfillmentOrderFulfillments(admin: AdminGraphql, fulfillmentOrderGid: string) {
  const data = await adminRequest<FulfillmentOrderFulfillmentsQuery>(admin, FULFILLMENT_ORDER_FULFILLMENTS, {
    id: fulfillmentOrderGid,
  });
  return data.fulfillmentOrder;
}

export async function createFulfillment(
  admin: AdminGraphql,
  input: {
    fulfillmentOrderGid: string;
    lineItems?: { id: string; quantity: number }[];
    tracking: TrackingInput;
    notifyCustomer: boolean;
  },
) {
  const data = await adminRequest<FulfillmentCreateMutation>(admin, FULFILLMENT_CREATE, {
    fulfillment: {
      lineItemsByFulfillmentOrder: [
        {
          fulfillmentOrderId: input.fulfillmentOrderGid,
          ...(input.lineItems ? { fulfillmentOrderLineItems: input.lineItems } : {}),
        },
      ],
      trackingInfo: trackingInfoInput(input.tracking),
      notifyCustomer: input.notifyCustomer,
    },
  });
  const payload = assertNoUserErrors(data.fulfillmentCreate, "Creating the fulfillment");
  if (!payload.fulfillment) throw new Error("Shopify created no fulfillment");
  return payload.fulfillment;
}

export async function createFulfillmentEvent(
  admin: AdminGraphql,
  event: {
    fulfillmentGid: string;
    status: `${FulfillmentEventStatus}`;
    happenedAt: string;
    message?: string;
    latitude?: number;
    longitude?: number;
    estimatedDeliveryAt?: string;
  },
) {
  const data = await adminRequest<FulfillmentEventCreateMutation>(admin, FULFILLMENT_EVENT_CREATE, {
    event: {
      fulfillmentId: event.fulfillmentGid,
      status: event.status,
      happenedAt: event.happenedAt,
      ...(event.message ? { message: event.message } : {}),
      ...(event.latitude !== undefined && event.longitude !== undefined
        ? { latitude: event.latitude, longitude: event.longitude }
        : {}),
      ...(event.estimatedDeliveryAt ? { estimatedDeliveryAt: event.estimatedDeliveryAt } : {}),
    },
  });
  return assertNoUserErrors(data.fulfillmentEventCreate, "Adding the fulfillment event").fulfillmentEvent;
}

/** Replaces a fulfillment's tracking (company, number, URL): the courier now tracks it under another number. */
export async function updateFulfillmentTracking(
  admin: AdminGraphql,
  input: { fulfillmentGid: string; tracking: TrackingInput; notifyCustomer: boolean },
) {
  const data = await adminRequest<FulfillmentTrackingUpdateMutation>(admin, FULFILLMENT_TRACKING_UPDATE, {
    fulfillmentId: input.fulfillmentGid,
    trackingInfoInput: trackingInfoInput(input.tracking),
    notifyCustomer: input.notifyCustomer,
  });
  return assertNoUserErrors(data.fulfillmentTrackingInfoUpdate, "Updating the fulfillment's tracking").fulfillment;
}
