import type {
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

/** Writes the order's delivery summary (state, driver first name, ETA, tracking, photos) as JSON. */
export async function setOrderDeliveryMetafield(admin: AdminGraphql, orderGid: string, value: unknown) {
  const data = await adminRequest<OrderDeliveryMetafieldSetMutation>(admin, ORDER_DELIVERY_METAFIELD_SET, {
    metafields: [{ ownerId: orderGid, ...ORDER_DELIVERY_METAFIELD, type: "json", value: JSON.stringify(value) }],
  });
  assertNoUserErrors(data.metafieldsSet, "Saving the delivery status on the order");
}

export async function addOrderTags(admin: AdminGraphql, orderGid: string, tags: string[]) {
  const data = await adminRequest<OrderTagsAddMutation>(admin, ORDER_TAGS_ADD, { id: orderGid, tags });
  assertNoUserErrors(data.tagsAdd, "Tagging the order");
}

export async function removeOrderTags(admin: AdminGraphql, orderGid: string, tags: string[]) {
  const data = await adminRequest<OrderTagsRemoveMutation>(admin, ORDER_TAGS_REMOVE, { id: orderGid, tags });
  assertNoUserErrors(data.tagsRemove, "Removing the order's tag");
}
