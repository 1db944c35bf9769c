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
    shopLocales(published: true) {
      locale
      primary
    }
  }
`;

/** The shop's name, time zone, currency, plan and contact email, and the languages it publishes (primary first). */
export async function fetchShopBasics(admin: AdminGraphql) {
  const data = await adminRequest<ShopBasicsQuery>(admin, SHOP_BASICS);
  const primary = data.shopLocales.find((locale) => locale.primary)?.locale ?? null;
  const published = data.shopLocales.map((locale) => locale.locale).filter((locale) => locale !== primary);
  return { ...data.shop, locales: primary ? [primary, ...published] : published };
}
