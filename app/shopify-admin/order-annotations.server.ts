import type {
  OrderDeliveryAnnotateMutation,
  OrderDeliveryMetafieldSetMutation,
  OrderTagsAddMutation,
  OrderTagsRemoveMutation,
} from "~/types/admin.generated";
import { adminRequest, assertNoUserErrors, type AdminGraphql } from "./admin-request.server";

/** The app-owned metafield on the order ($app namespace: private to this app unless a definition grants access). */
export const ORDER_DELIVERY_METAFIELD = { namespace: "$app:courier", key: "delivery" } as const;

const ORDER_DELIVERY_METAFIELD_SET = `#graphql
  mutation OrderDeliveryMetafieldSet($metafields: [MetafieldsSetInput!]!) {
    metafieldsSet(metafields: $metafields) {
      metafields {
        id
        key
        namespace
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

const ORDER_TAGS_ADD = `#graphql
  mutation OrderTagsAdd($id: ID!, $tags: [String!]!) {
    tagsAdd(id: $id, tags: $tags) {
      userErrors {
        field
        message
      }
    }
  }
`;

// Both writes of an annotation in one request: Shopify runs a mutation's top-level fields one after the
// other, in the document's order, each with its own userErrors (GraphQL's serial execution of mutations).
const ORDER_DELIVERY_ANNOTATE = `#graphql
  mutation OrderDeliveryAnnotate($metafields: [MetafieldsSetInput!]!, $id: ID!, $tags: [String!]!) {
    metafieldsSet(metafields: $metafields) {
      metafields {
        id
      }
      userErrors {
        field
        message
        code
      }
    }
    tagsAdd(id: $id, tags: $tags) {
      userErrors {
        field
        message
      }
    }
  }
`;

const ORDER_TAGS_REMOVE = `#graphql
  mutation OrderTagsRemove($id: ID!, $tags: [String!]!) {
    tagsRemove(id: $id, tags: $tags) {
      userErrors {
        field
        message
      }
    }
  }
`;

const deliveryMetafieldInput = (orderGid: string, value: unknown) => [
  { ownerId: orderGid, ...ORDER_DELIVERY_METAFIELD, type: "json", value: JSON.stringify(value) },
];
const METAFIELD_WHAT = "Saving the delivery status on the order";
const TAGS_WHAT = "Tagging the order";

/** Writes the order's delivery summary (state, driver first name, ETA, tracking, photos) as JSON. */
export async function setOrderDeliveryMetafield(admin: AdminGraphql, orderGid: string, value: unknown) {
  const data = await adminRequest<OrderDeliveryMetafieldSetMutation>(admin, ORDER_DELIVERY_METAFIELD_SET, {
    metafields: deliveryMetafieldInput(orderGid, value),
  });
  assertNoUserErrors(data.metafieldsSet, METAFIELD_WHAT);
}

export async function addOrderTags(admin: AdminGraphql, orderGid: string, tags: string[]) {
  const data = await adminRequest<OrderTagsAddMutation>(admin, ORDER_TAGS_ADD, { id: orderGid, tags });
  assertNoUserErrors(data.tagsAdd, TAGS_WHAT);
}

/**
 * setOrderDeliveryMetafield and addOrderTags in one request. Shopify runs both even when the first
 * refuses; the first refusal found is thrown, the metafield's before the tags' (both writes are the
 * same again on a retry).
 */
export async function annotateOrderDelivery(admin: AdminGraphql, orderGid: string, value: unknown, tags: string[]) {
  const data = await adminRequest<OrderDeliveryAnnotateMutation>(admin, ORDER_DELIVERY_ANNOTATE, {
    metafields: deliveryMetafieldInput(orderGid, value),
    id: orderGid,
    tags,
  });
  assertNoUserErrors(data.metafieldsSet, METAFIELD_WHAT);
  assertNoUserErrors(data.tagsAdd, TAGS_WHAT);
}

export async function removeOrderTags(admin: AdminGraphql, orderGid: string, tags: string[]) {
  const data = await adminRequest<OrderTagsRemoveMutation>(admin, ORDER_TAGS_REMOVE, { id: orderGid, tags });
  assertNoUserErrors(data.tagsRemove, "Removing the order's tag");
}
