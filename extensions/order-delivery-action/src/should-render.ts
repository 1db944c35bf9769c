import { ORDER_VISIBILITY_QUERY, displayDeliveryAction, type OrderVisibilityData } from "../../shared/visibility";

export default async () => {
  const orderGid = shopify.data.selected[0]?.id;
  if (!orderGid) return { display: false };
  const result = await shopify.query<OrderVisibilityData, { id: string }>(ORDER_VISIBILITY_QUERY, {
    variables: { id: orderGid },
  });
  return { display: displayDeliveryAction(result) };
};
