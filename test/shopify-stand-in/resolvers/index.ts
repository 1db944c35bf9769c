/** Every resolver of the stand-in, by GraphQL type and field. */
import { carrierServiceResolvers } from "./carrier-services";
import { deliveryProfileResolvers } from "./delivery-profiles";
import { flowTriggerResolvers } from "./flow-triggers";
import { fulfillmentOrderResolvers } from "./fulfillment-orders";
import { fulfillmentResolvers } from "./fulfillments";
import { locationResolvers } from "./locations";
import { metafieldResolvers } from "./metafields";
import { nodeResolvers } from "./nodes";
import { orderResolvers } from "./orders";
import { productResolvers } from "./products";
import { returnResolvers } from "./returns";
import { shopResolvers } from "./shop";
import { tagResolvers } from "./tags";
import type { Resolvers } from "./types";

function merge(...maps: Resolvers[]): Resolvers {
  const merged: Resolvers = {};
  for (const map of maps) {
    for (const [type, fields] of Object.entries(map)) {
      const target = (merged[type] ??= {});
      for (const [field, resolver] of Object.entries(fields)) {
        if (target[field]) throw new Error(`resolver ${type}.${field} is defined twice`);
        target[field] = resolver;
      }
    }
  }
  return merged;
}

export const resolvers: Resolvers = merge(
  shopResolvers,
  locationResolvers,
  productResolvers,
  orderResolvers,
  fulfillmentOrderResolvers,
  fulfillmentResolvers,
  metafieldResolvers,
  tagResolvers,
  carrierServiceResolvers,
  deliveryProfileResolvers,
  flowTriggerResolvers,
  returnResolvers,
  nodeResolvers,
);

export type { AppIdentity, ResolverContext } from "./types";
