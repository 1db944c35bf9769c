import type { ShopBasicsQuery } from "~/types/admin.generated";
import { adminRequest, type AdminGraphql } from "./admin-request.server";

const SHOP_BASICS = `#graphql
  query ShopBasics {
    shop {
      name
      myshopifyDomain
      ianaTimezone
      currencyCode
      contactEmail
      plan {
        displayName
        partnerDevelopment
        shopifyPlus
      }
    }
  }
`;

export async function fetchShopBasics(admin: AdminGraphql) {
  const data = await adminRequest<ShopBasicsQuery>(admin, SHOP_BASICS);
  return data.shop;
}
