/* eslint-disable eslint-comments/disable-enable-pair */
/* eslint-disable eslint-comments/no-unlimited-disable */
/* eslint-disable */
import type * as AdminTypes from './admin.types.js';

export type ShopBasicsQueryVariables = AdminTypes.Exact<{ [key: string]: never; }>;


export type ShopBasicsQuery = { shop: (
    Pick<AdminTypes.Shop, 'myshopifyDomain' | 'ianaTimezone' | 'currencyCode'>
    & { plan: Pick<AdminTypes.ShopPlan, 'displayName' | 'partnerDevelopment' | 'shopifyPlus'> }
  ) };

interface GeneratedQueryTypes {
  "#graphql\n  query ShopBasics {\n    shop {\n      myshopifyDomain\n      ianaTimezone\n      currencyCode\n      plan {\n        displayName\n        partnerDevelopment\n        shopifyPlus\n      }\n    }\n  }\n": {return: ShopBasicsQuery, variables: ShopBasicsQueryVariables},
}

interface GeneratedMutationTypes {
}
declare module '@shopify/admin-api-client' {
  type InputMaybe<T> = AdminTypes.InputMaybe<T>;
  interface AdminQueries extends GeneratedQueryTypes {}
  interface AdminMutations extends GeneratedMutationTypes {}
}
