import type { ShopLocationsQuery } from "~/types/admin.generated";
import { adminRequest, type AdminGraphql } from "./admin-request.server";

const SHOP_LOCATIONS = `#graphql
  query ShopLocations($after: String) {
    locations(first: 100, after: $after, includeInactive: false) {
      nodes {
        id
        name
        isActive
        fulfillsOnlineOrders
        address {
          address1
          address2
          city
          province
          provinceCode
          zip
          countryCode
          phone
          latitude
          longitude
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

export type ShopLocation = ShopLocationsQuery["locations"]["nodes"][number];

/** Every active location of the shop (pickup candidates). */
export async function fetchLocations(admin: AdminGraphql): Promise<ShopLocation[]> {
  const locations: ShopLocation[] = [];
  let after: string | null = null;
  do {
    const data: ShopLocationsQuery = await adminRequest<ShopLocationsQuery>(admin, SHOP_LOCATIONS, { after });
    locations.push(...data.locations.nodes);
    after = data.locations.pageInfo.hasNextPage ? (data.locations.pageInfo.endCursor ?? null) : null;
  } while (after);
  return locations;
}
