/**
 * Whether "Same-day delivery" appears in the order's More actions menu: only for orders shipped
 * to a US address (the courier delivers only there). Read with the admin's own GraphQL access.
 */

export const ORDER_VISIBILITY_QUERY = `#graphql
  query SameDayActionVisibility($id: ID!) {
    order(id: $id) {
      id
      shippingAddress {
        countryCodeV2
      }
    }
  }
`;

export interface OrderVisibilityData {
  order?: { id: string; shippingAddress?: { countryCodeV2?: string | null } | null } | null;
}

/**
 * `display` for the should-render target. When the admin query fails (no data), the action is
 * shown: hiding it would leave staff without a way to act, and the modal explains any refusal.
 */
export function displayDeliveryAction(result: { data?: OrderVisibilityData; errors?: unknown[] }): boolean {
  const order = result.data?.order;
  if (order === undefined) return true;
  if (order === null) return false;
  return order.shippingAddress?.countryCodeV2 === "US";
}
