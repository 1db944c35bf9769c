/* eslint-disable eslint-comments/disable-enable-pair */
/* eslint-disable eslint-comments/no-unlimited-disable */
/* eslint-disable */
import type * as AdminTypes from './admin.types.js';

export type CarrierServiceCreateMutationVariables = AdminTypes.Exact<{
  input: AdminTypes.DeliveryCarrierServiceCreateInput;
}>;


export type CarrierServiceCreateMutation = { carrierServiceCreate?: AdminTypes.Maybe<{ carrierService?: AdminTypes.Maybe<Pick<AdminTypes.DeliveryCarrierService, 'id' | 'name' | 'active' | 'callbackUrl'>>, userErrors: Array<Pick<AdminTypes.CarrierServiceCreateUserError, 'field' | 'message' | 'code'>> }> };

export type CarrierServiceUpdateMutationVariables = AdminTypes.Exact<{
  input: AdminTypes.DeliveryCarrierServiceUpdateInput;
}>;


export type CarrierServiceUpdateMutation = { carrierServiceUpdate?: AdminTypes.Maybe<{ carrierService?: AdminTypes.Maybe<Pick<AdminTypes.DeliveryCarrierService, 'id' | 'name' | 'active' | 'callbackUrl'>>, userErrors: Array<Pick<AdminTypes.CarrierServiceUpdateUserError, 'field' | 'message' | 'code'>> }> };

export type DeliveryProfileIdsQueryVariables = AdminTypes.Exact<{ [key: string]: never; }>;


export type DeliveryProfileIdsQuery = { deliveryProfiles: { nodes: Array<Pick<AdminTypes.DeliveryProfile, 'id'>> } };

export type DeliveryProfileZonesQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type DeliveryProfileZonesQuery = { deliveryProfile?: AdminTypes.Maybe<(
    Pick<AdminTypes.DeliveryProfile, 'id' | 'name' | 'default'>
    & { profileLocationGroups: Array<{ locationGroup: (
        Pick<AdminTypes.DeliveryLocationGroup, 'id'>
        & { locations: { nodes: Array<Pick<AdminTypes.Location, 'id'>> } }
      ), locationGroupZones: { nodes: Array<{ zone: (
            Pick<AdminTypes.DeliveryZone, 'id' | 'name'>
            & { countries: Array<{ code: Pick<AdminTypes.DeliveryCountryCodeOrRestOfWorld, 'countryCode' | 'restOfWorld'> }> }
          ), methodDefinitions: { nodes: Array<(
              Pick<AdminTypes.DeliveryMethodDefinition, 'id' | 'name' | 'active'>
              & { rateProvider: { carrierService: Pick<AdminTypes.DeliveryCarrierService, 'id'> } }
            )> } }> } }> }
  )> };

export type DeliveryProfileAddCarrierMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  profile: AdminTypes.DeliveryProfileInput;
}>;


export type DeliveryProfileAddCarrierMutation = { deliveryProfileUpdate?: AdminTypes.Maybe<{ profile?: AdminTypes.Maybe<Pick<AdminTypes.DeliveryProfile, 'id'>>, userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type FlowTriggerReceiveMutationVariables = AdminTypes.Exact<{
  handle: AdminTypes.Scalars['String']['input'];
  payload: AdminTypes.Scalars['JSON']['input'];
}>;


export type FlowTriggerReceiveMutation = { flowTriggerReceive?: AdminTypes.Maybe<{ userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type FulfillmentOrderFulfillmentsQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type FulfillmentOrderFulfillmentsQuery = { fulfillmentOrder?: AdminTypes.Maybe<(
    Pick<AdminTypes.FulfillmentOrder, 'id' | 'status'>
    & { fulfillments: { nodes: Array<(
        Pick<AdminTypes.Fulfillment, 'id' | 'status'>
        & { trackingInfo: Array<Pick<AdminTypes.FulfillmentTrackingInfo, 'number'>>, events: { nodes: Array<Pick<AdminTypes.FulfillmentEvent, 'status' | 'happenedAt'>> } }
      )> } }
  )> };

export type FulfillmentCreateMutationVariables = AdminTypes.Exact<{
  fulfillment: AdminTypes.FulfillmentInput;
}>;


export type FulfillmentCreateMutation = { fulfillmentCreate?: AdminTypes.Maybe<{ fulfillment?: AdminTypes.Maybe<Pick<AdminTypes.Fulfillment, 'id' | 'status'>>, userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type FulfillmentEventCreateMutationVariables = AdminTypes.Exact<{
  event: AdminTypes.FulfillmentEventInput;
}>;


export type FulfillmentEventCreateMutation = { fulfillmentEventCreate?: AdminTypes.Maybe<{ fulfillmentEvent?: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentEvent, 'id' | 'status' | 'happenedAt'>>, userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type FulfillmentTrackingUpdateMutationVariables = AdminTypes.Exact<{
  fulfillmentId: AdminTypes.Scalars['ID']['input'];
  trackingInfoInput: AdminTypes.FulfillmentTrackingInput;
  notifyCustomer?: AdminTypes.InputMaybe<AdminTypes.Scalars['Boolean']['input']>;
}>;


export type FulfillmentTrackingUpdateMutation = { fulfillmentTrackingInfoUpdate?: AdminTypes.Maybe<{ fulfillment?: AdminTypes.Maybe<(
      Pick<AdminTypes.Fulfillment, 'id'>
      & { trackingInfo: Array<Pick<AdminTypes.FulfillmentTrackingInfo, 'number'>> }
    )>, userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type ShopLocationsQueryVariables = AdminTypes.Exact<{
  after?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
}>;


export type ShopLocationsQuery = { locations: { nodes: Array<(
      Pick<AdminTypes.Location, 'id' | 'name' | 'isActive' | 'fulfillsOnlineOrders'>
      & { address: Pick<AdminTypes.LocationAddress, 'address1' | 'address2' | 'city' | 'province' | 'provinceCode' | 'zip' | 'countryCode' | 'phone' | 'latitude' | 'longitude'> }
    )>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> } };

export type OrderDeliveryMetafieldSetMutationVariables = AdminTypes.Exact<{
  metafields: Array<AdminTypes.MetafieldsSetInput> | AdminTypes.MetafieldsSetInput;
}>;


export type OrderDeliveryMetafieldSetMutation = { metafieldsSet?: AdminTypes.Maybe<{ metafields?: AdminTypes.Maybe<Array<Pick<AdminTypes.Metafield, 'id' | 'key' | 'namespace'>>>, userErrors: Array<Pick<AdminTypes.MetafieldsSetUserError, 'field' | 'message' | 'code'>> }> };

export type OrderTagsAddMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  tags: Array<AdminTypes.Scalars['String']['input']> | AdminTypes.Scalars['String']['input'];
}>;


export type OrderTagsAddMutation = { tagsAdd?: AdminTypes.Maybe<{ userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type OrderDeliveryAnnotateMutationVariables = AdminTypes.Exact<{
  metafields: Array<AdminTypes.MetafieldsSetInput> | AdminTypes.MetafieldsSetInput;
  id: AdminTypes.Scalars['ID']['input'];
  tags: Array<AdminTypes.Scalars['String']['input']> | AdminTypes.Scalars['String']['input'];
}>;


export type OrderDeliveryAnnotateMutation = { metafieldsSet?: AdminTypes.Maybe<{ metafields?: AdminTypes.Maybe<Array<Pick<AdminTypes.Metafield, 'id'>>>, userErrors: Array<Pick<AdminTypes.MetafieldsSetUserError, 'field' | 'message' | 'code'>> }>, tagsAdd?: AdminTypes.Maybe<{ userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type OrderTagsRemoveMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  tags: Array<AdminTypes.Scalars['String']['input']> | AdminTypes.Scalars['String']['input'];
}>;


export type OrderTagsRemoveMutation = { tagsRemove?: AdminTypes.Maybe<{ userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type OrderReturnsQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  first: AdminTypes.Scalars['Int']['input'];
}>;


export type OrderReturnsQuery = { order?: AdminTypes.Maybe<(
    Pick<AdminTypes.Order, 'id' | 'name'>
    & { returns: { nodes: Array<(
        Pick<AdminTypes.Return, 'id' | 'name' | 'status' | 'totalQuantity'>
        & { exchangeLineItems: { nodes: Array<Pick<AdminTypes.ExchangeLineItem, 'id'>> } }
      )> } }
  )> };

export type OrderExchangeItemsQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type OrderExchangeItemsQuery = { order?: AdminTypes.Maybe<(
    Pick<AdminTypes.Order, 'id'>
    & { returns: { nodes: Array<(
        Pick<AdminTypes.Return, 'id' | 'status'>
        & { exchangeLineItems: { nodes: Array<{ lineItems?: AdminTypes.Maybe<Array<Pick<AdminTypes.LineItem, 'id'>>> }> } }
      )> }, fulfillmentOrders: { nodes: Array<(
        Pick<AdminTypes.FulfillmentOrder, 'id'>
        & { lineItems: { nodes: Array<{ lineItem: Pick<AdminTypes.LineItem, 'id'> }> } }
      )> } }
  )> };

export type OrderDispatchFieldsFragment = (
  Pick<AdminTypes.Order, 'id' | 'legacyResourceId' | 'name' | 'phone' | 'note' | 'cancelledAt' | 'displayFinancialStatus' | 'displayFulfillmentStatus' | 'tags' | 'currencyCode'>
  & { customAttributes: Array<Pick<AdminTypes.Attribute, 'key' | 'value'>>, subtotalPriceSet?: AdminTypes.Maybe<{ shopMoney: Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'> }>, shippingAddress?: AdminTypes.Maybe<Pick<AdminTypes.MailingAddress, 'firstName' | 'lastName' | 'name' | 'company' | 'address1' | 'address2' | 'city' | 'province' | 'provinceCode' | 'zip' | 'countryCodeV2' | 'phone' | 'latitude' | 'longitude'>>, shippingLines: { nodes: Array<(
      Pick<AdminTypes.ShippingLine, 'title' | 'code' | 'source' | 'carrierIdentifier'>
      & { originalPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount'> } }
    )> } }
);

export type FulfillmentOrderDispatchFieldsFragment = (
  Pick<AdminTypes.FulfillmentOrder, 'id' | 'status' | 'requestStatus'>
  & { deliveryMethod?: AdminTypes.Maybe<(
    Pick<AdminTypes.DeliveryMethod, 'methodType'>
    & { additionalInformation?: AdminTypes.Maybe<Pick<AdminTypes.DeliveryMethodAdditionalInformation, 'instructions'>> }
  )>, assignedLocation: (
    Pick<AdminTypes.FulfillmentOrderAssignedLocation, 'name'>
    & { location?: AdminTypes.Maybe<Pick<AdminTypes.Location, 'id'>> }
  ) }
);

export type FulfillmentOrderLinePageFragment = { nodes: Array<(
    Pick<AdminTypes.FulfillmentOrderLineItem, 'id' | 'totalQuantity' | 'remainingQuantity' | 'requiresShipping' | 'sku' | 'productTitle' | 'variantTitle'>
    & { weight?: AdminTypes.Maybe<Pick<AdminTypes.Weight, 'unit' | 'value'>>, originalUnitPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount'> }, variant?: AdminTypes.Maybe<(
      Pick<AdminTypes.ProductVariant, 'id'>
      & { metafield?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'value'>>, product: (
        Pick<AdminTypes.Product, 'id' | 'tags'>
        & { metafield?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'value'>> }
      ) }
    )> }
  )>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> };

export type OrderForDispatchQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type OrderForDispatchQuery = { order?: AdminTypes.Maybe<(
    Pick<AdminTypes.Order, 'id' | 'legacyResourceId' | 'name' | 'phone' | 'note' | 'cancelledAt' | 'displayFinancialStatus' | 'displayFulfillmentStatus' | 'tags' | 'currencyCode'>
    & { fulfillmentOrders: { nodes: Array<(
        Pick<AdminTypes.FulfillmentOrder, 'id' | 'status' | 'requestStatus'>
        & { deliveryMethod?: AdminTypes.Maybe<(
          Pick<AdminTypes.DeliveryMethod, 'methodType'>
          & { additionalInformation?: AdminTypes.Maybe<Pick<AdminTypes.DeliveryMethodAdditionalInformation, 'instructions'>> }
        )>, assignedLocation: (
          Pick<AdminTypes.FulfillmentOrderAssignedLocation, 'name'>
          & { location?: AdminTypes.Maybe<Pick<AdminTypes.Location, 'id'>> }
        ) }
      )> }, firstFulfillmentOrder: { nodes: Array<(
        Pick<AdminTypes.FulfillmentOrder, 'id'>
        & { lineItems: { nodes: Array<(
            Pick<AdminTypes.FulfillmentOrderLineItem, 'id' | 'totalQuantity' | 'remainingQuantity' | 'requiresShipping' | 'sku' | 'productTitle' | 'variantTitle'>
            & { weight?: AdminTypes.Maybe<Pick<AdminTypes.Weight, 'unit' | 'value'>>, originalUnitPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount'> }, variant?: AdminTypes.Maybe<(
              Pick<AdminTypes.ProductVariant, 'id'>
              & { metafield?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'value'>>, product: (
                Pick<AdminTypes.Product, 'id' | 'tags'>
                & { metafield?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'value'>> }
              ) }
            )> }
          )>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> } }
      )> }, customAttributes: Array<Pick<AdminTypes.Attribute, 'key' | 'value'>>, subtotalPriceSet?: AdminTypes.Maybe<{ shopMoney: Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'> }>, shippingAddress?: AdminTypes.Maybe<Pick<AdminTypes.MailingAddress, 'firstName' | 'lastName' | 'name' | 'company' | 'address1' | 'address2' | 'city' | 'province' | 'provinceCode' | 'zip' | 'countryCodeV2' | 'phone' | 'latitude' | 'longitude'>>, shippingLines: { nodes: Array<(
        Pick<AdminTypes.ShippingLine, 'title' | 'code' | 'source' | 'carrierIdentifier'>
        & { originalPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount'> } }
      )> } }
  )> };

export type FulfillmentOrderLinesQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  after?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
}>;


export type FulfillmentOrderLinesQuery = { fulfillmentOrder?: AdminTypes.Maybe<(
    Pick<AdminTypes.FulfillmentOrder, 'id'>
    & { lineItems: { nodes: Array<(
        Pick<AdminTypes.FulfillmentOrderLineItem, 'id' | 'totalQuantity' | 'remainingQuantity' | 'requiresShipping' | 'sku' | 'productTitle' | 'variantTitle'>
        & { weight?: AdminTypes.Maybe<Pick<AdminTypes.Weight, 'unit' | 'value'>>, originalUnitPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount'> }, variant?: AdminTypes.Maybe<(
          Pick<AdminTypes.ProductVariant, 'id'>
          & { metafield?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'value'>>, product: (
            Pick<AdminTypes.Product, 'id' | 'tags'>
            & { metafield?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'value'>> }
          ) }
        )> }
      )>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> } }
  )> };

export type FulfillmentOrderForDispatchQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type FulfillmentOrderForDispatchQuery = { fulfillmentOrder?: AdminTypes.Maybe<(
    Pick<AdminTypes.FulfillmentOrder, 'id' | 'status' | 'requestStatus'>
    & { order: (
      Pick<AdminTypes.Order, 'id' | 'legacyResourceId' | 'name' | 'phone' | 'note' | 'cancelledAt' | 'displayFinancialStatus' | 'displayFulfillmentStatus' | 'tags' | 'currencyCode'>
      & { customAttributes: Array<Pick<AdminTypes.Attribute, 'key' | 'value'>>, subtotalPriceSet?: AdminTypes.Maybe<{ shopMoney: Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'> }>, shippingAddress?: AdminTypes.Maybe<Pick<AdminTypes.MailingAddress, 'firstName' | 'lastName' | 'name' | 'company' | 'address1' | 'address2' | 'city' | 'province' | 'provinceCode' | 'zip' | 'countryCodeV2' | 'phone' | 'latitude' | 'longitude'>>, shippingLines: { nodes: Array<(
          Pick<AdminTypes.ShippingLine, 'title' | 'code' | 'source' | 'carrierIdentifier'>
          & { originalPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount'> } }
        )> } }
    ), lineItems: { nodes: Array<(
        Pick<AdminTypes.FulfillmentOrderLineItem, 'id' | 'totalQuantity' | 'remainingQuantity' | 'requiresShipping' | 'sku' | 'productTitle' | 'variantTitle'>
        & { weight?: AdminTypes.Maybe<Pick<AdminTypes.Weight, 'unit' | 'value'>>, originalUnitPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount'> }, variant?: AdminTypes.Maybe<(
          Pick<AdminTypes.ProductVariant, 'id'>
          & { metafield?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'value'>>, product: (
            Pick<AdminTypes.Product, 'id' | 'tags'>
            & { metafield?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'value'>> }
          ) }
        )> }
      )>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> }, deliveryMethod?: AdminTypes.Maybe<(
      Pick<AdminTypes.DeliveryMethod, 'methodType'>
      & { additionalInformation?: AdminTypes.Maybe<Pick<AdminTypes.DeliveryMethodAdditionalInformation, 'instructions'>> }
    )>, assignedLocation: (
      Pick<AdminTypes.FulfillmentOrderAssignedLocation, 'name'>
      & { location?: AdminTypes.Maybe<Pick<AdminTypes.Location, 'id'>> }
    ) }
  )> };

export type ReturnForPickupQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type ReturnForPickupQuery = { return?: AdminTypes.Maybe<(
    Pick<AdminTypes.Return, 'id' | 'name' | 'status'>
    & { order: (
      Pick<AdminTypes.Order, 'id' | 'name' | 'phone'>
      & { shippingAddress?: AdminTypes.Maybe<Pick<AdminTypes.MailingAddress, 'firstName' | 'lastName' | 'name' | 'company' | 'address1' | 'address2' | 'city' | 'provinceCode' | 'zip' | 'countryCodeV2' | 'phone' | 'latitude' | 'longitude'>>, fulfillmentOrders: { nodes: Array<(
          Pick<AdminTypes.FulfillmentOrder, 'id'>
          & { lineItems: { nodes: Array<{ lineItem: Pick<AdminTypes.LineItem, 'id'> }> } }
        )> }, fulfillments: Array<{ location?: AdminTypes.Maybe<Pick<AdminTypes.Location, 'id'>>, fulfillmentLineItems: { nodes: Array<Pick<AdminTypes.FulfillmentLineItem, 'id'>> } }> }
    ), returnLineItems: { nodes: Array<(
        Pick<AdminTypes.ReturnLineItem, 'id' | 'quantity'>
        & { totalWeight?: AdminTypes.Maybe<Pick<AdminTypes.Weight, 'unit' | 'value'>>, fulfillmentLineItem: (
          Pick<AdminTypes.FulfillmentLineItem, 'id'>
          & { lineItem: (
            Pick<AdminTypes.LineItem, 'id' | 'title' | 'variantTitle' | 'sku' | 'requiresShipping'>
            & { originalUnitPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount'> }, variant?: AdminTypes.Maybe<(
              Pick<AdminTypes.ProductVariant, 'id'>
              & { metafield?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'value'>>, product: (
                Pick<AdminTypes.Product, 'id'>
                & { metafield?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'value'>> }
              ) }
            )> }
          ) }
        ) }
      ) | Pick<AdminTypes.UnverifiedReturnLineItem, 'id' | 'quantity'>> }, exchangeLineItems: { nodes: Array<(
        Pick<AdminTypes.ExchangeLineItem, 'id' | 'quantity'>
        & { lineItems?: AdminTypes.Maybe<Array<Pick<AdminTypes.LineItem, 'id'>>> }
      )> }, reverseFulfillmentOrders: { nodes: Array<(
        Pick<AdminTypes.ReverseFulfillmentOrder, 'id' | 'status'>
        & { lineItems: { nodes: Array<(
            Pick<AdminTypes.ReverseFulfillmentOrderLineItem, 'id' | 'totalQuantity'>
            & { fulfillmentLineItem?: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentLineItem, 'id'>> }
          )> }, reverseDeliveries: { nodes: Array<(
            Pick<AdminTypes.ReverseDelivery, 'id'>
            & { deliverable?: AdminTypes.Maybe<{ tracking?: AdminTypes.Maybe<Pick<AdminTypes.ReverseDeliveryTrackingV2, 'number' | 'url'>> }> }
          )> } }
      )> } }
  )> };

export type ReverseDeliveryCreateWithShippingMutationVariables = AdminTypes.Exact<{
  reverseFulfillmentOrderId: AdminTypes.Scalars['ID']['input'];
  reverseDeliveryLineItems: Array<AdminTypes.ReverseDeliveryLineItemInput> | AdminTypes.ReverseDeliveryLineItemInput;
  trackingInput?: AdminTypes.InputMaybe<AdminTypes.ReverseDeliveryTrackingInput>;
  notifyCustomer?: AdminTypes.InputMaybe<AdminTypes.Scalars['Boolean']['input']>;
}>;


export type ReverseDeliveryCreateWithShippingMutation = { reverseDeliveryCreateWithShipping?: AdminTypes.Maybe<{ reverseDelivery?: AdminTypes.Maybe<Pick<AdminTypes.ReverseDelivery, 'id'>>, userErrors: Array<Pick<AdminTypes.ReturnUserError, 'field' | 'message' | 'code'>> }> };

export type ReverseDeliveryShippingUpdateMutationVariables = AdminTypes.Exact<{
  reverseDeliveryId: AdminTypes.Scalars['ID']['input'];
  trackingInput?: AdminTypes.InputMaybe<AdminTypes.ReverseDeliveryTrackingInput>;
  notifyCustomer?: AdminTypes.InputMaybe<AdminTypes.Scalars['Boolean']['input']>;
}>;


export type ReverseDeliveryShippingUpdateMutation = { reverseDeliveryShippingUpdate?: AdminTypes.Maybe<{ reverseDelivery?: AdminTypes.Maybe<Pick<AdminTypes.ReverseDelivery, 'id'>>, userErrors: Array<Pick<AdminTypes.ReturnUserError, 'field' | 'message' | 'code'>> }> };

export type ShopBasicsQueryVariables = AdminTypes.Exact<{ [key: string]: never; }>;


export type ShopBasicsQuery = { shop: (
    Pick<AdminTypes.Shop, 'name' | 'myshopifyDomain' | 'ianaTimezone' | 'currencyCode' | 'contactEmail'>
    & { plan: Pick<AdminTypes.ShopPlan, 'displayName' | 'partnerDevelopment' | 'shopifyPlus'> }
  ), shopLocales: Array<Pick<AdminTypes.ShopLocale, 'locale' | 'primary'>> };

interface GeneratedQueryTypes {
  "#graphql\n  query DeliveryProfileIds {\n    deliveryProfiles(first: 20, merchantOwnedOnly: true) {\n      nodes {\n        id\n      }\n    }\n  }\n": {return: DeliveryProfileIdsQuery, variables: DeliveryProfileIdsQueryVariables},
  "#graphql\n  query DeliveryProfileZones($id: ID!) {\n    deliveryProfile(id: $id) {\n      id\n      name\n      default\n      profileLocationGroups {\n        locationGroup {\n          id\n          locations(first: 50) {\n            nodes {\n              id\n            }\n          }\n        }\n        locationGroupZones(first: 20) {\n          nodes {\n            zone {\n              id\n              name\n              countries {\n                code {\n                  countryCode\n                  restOfWorld\n                }\n              }\n            }\n            methodDefinitions(first: 10) {\n              nodes {\n                id\n                name\n                active\n                rateProvider {\n                  ... on DeliveryParticipant {\n                    carrierService {\n                      id\n                    }\n                  }\n                }\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n": {return: DeliveryProfileZonesQuery, variables: DeliveryProfileZonesQueryVariables},
  "#graphql\n  query FulfillmentOrderFulfillments($id: ID!) {\n    fulfillmentOrder(id: $id) {\n      id\n      status\n      fulfillments(first: 10) {\n        nodes {\n          id\n          status\n          trackingInfo {\n            number\n          }\n          # The latest events, which decide what Shopify shows (app/tracking/shopify-timeline.ts).\n          events(first: 50, reverse: true) {\n            nodes {\n              status\n              happenedAt\n            }\n          }\n        }\n      }\n    }\n  }\n": {return: FulfillmentOrderFulfillmentsQuery, variables: FulfillmentOrderFulfillmentsQueryVariables},
  "#graphql\n  query ShopLocations($after: String) {\n    locations(first: 100, after: $after, includeInactive: false) {\n      nodes {\n        id\n        name\n        isActive\n        fulfillsOnlineOrders\n        address {\n          address1\n          address2\n          city\n          province\n          provinceCode\n          zip\n          countryCode\n          phone\n          latitude\n          longitude\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": {return: ShopLocationsQuery, variables: ShopLocationsQueryVariables},
  "#graphql\n  query OrderReturns($id: ID!, $first: Int!) {\n    order(id: $id) {\n      id\n      name\n      returns(first: $first) {\n        nodes {\n          id\n          name\n          status\n          totalQuantity\n          exchangeLineItems(first: 1) {\n            nodes {\n              id\n            }\n          }\n        }\n      }\n    }\n  }\n": {return: OrderReturnsQuery, variables: OrderReturnsQueryVariables},
  "#graphql\n  query OrderExchangeItems($id: ID!) {\n    order(id: $id) {\n      id\n      returns(first: 10, reverse: true) {\n        nodes {\n          id\n          status\n          exchangeLineItems(first: 10) {\n            nodes {\n              lineItems {\n                id\n              }\n            }\n          }\n        }\n      }\n      fulfillmentOrders(first: 10, reverse: true) {\n        nodes {\n          id\n          lineItems(first: 20) {\n            nodes {\n              lineItem {\n                id\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n": {return: OrderExchangeItemsQuery, variables: OrderExchangeItemsQueryVariables},
  "#graphql\n  query OrderForDispatch($id: ID!) {\n    order(id: $id) {\n      ...OrderDispatchFields\n      fulfillmentOrders(first: 20) {\n        nodes {\n          ...FulfillmentOrderDispatchFields\n        }\n      }\n      firstFulfillmentOrder: fulfillmentOrders(first: 1) {\n        nodes {\n          id\n          lineItems(first: 50) {\n            ...FulfillmentOrderLinePage\n          }\n        }\n      }\n    }\n  }\n  #graphql\n  fragment OrderDispatchFields on Order {\n    id\n    legacyResourceId\n    name\n    phone\n    note\n    customAttributes {\n      key\n      value\n    }\n    cancelledAt\n    displayFinancialStatus\n    displayFulfillmentStatus\n    tags\n    currencyCode\n    subtotalPriceSet {\n      shopMoney {\n        amount\n        currencyCode\n      }\n    }\n    shippingAddress {\n      firstName\n      lastName\n      name\n      company\n      address1\n      address2\n      city\n      province\n      provinceCode\n      zip\n      countryCodeV2\n      phone\n      latitude\n      longitude\n    }\n    shippingLines(first: 5) {\n      nodes {\n        title\n        code\n        source\n        carrierIdentifier\n        originalPriceSet {\n          shopMoney {\n            amount\n          }\n        }\n      }\n    }\n  }\n\n  #graphql\n  fragment FulfillmentOrderDispatchFields on FulfillmentOrder {\n    id\n    status\n    requestStatus\n    deliveryMethod {\n      methodType\n      additionalInformation {\n        instructions\n      }\n    }\n    assignedLocation {\n      name\n      location {\n        id\n      }\n    }\n  }\n\n  #graphql\n  fragment FulfillmentOrderLinePage on FulfillmentOrderLineItemConnection {\n    nodes {\n      id\n      totalQuantity\n      remainingQuantity\n      requiresShipping\n      sku\n      productTitle\n      variantTitle\n      weight {\n        unit\n        value\n      }\n      originalUnitPriceSet {\n        shopMoney {\n          amount\n        }\n      }\n      variant {\n        id\n        metafield(namespace: \"courier\", key: \"dimensions\") {\n          value\n        }\n        product {\n          id\n          tags\n          metafield(namespace: \"courier\", key: \"dimensions\") {\n            value\n          }\n        }\n      }\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n\n": {return: OrderForDispatchQuery, variables: OrderForDispatchQueryVariables},
  "#graphql\n  query FulfillmentOrderLines($id: ID!, $after: String) {\n    fulfillmentOrder(id: $id) {\n      id\n      lineItems(first: 50, after: $after) {\n        ...FulfillmentOrderLinePage\n      }\n    }\n  }\n  #graphql\n  fragment FulfillmentOrderLinePage on FulfillmentOrderLineItemConnection {\n    nodes {\n      id\n      totalQuantity\n      remainingQuantity\n      requiresShipping\n      sku\n      productTitle\n      variantTitle\n      weight {\n        unit\n        value\n      }\n      originalUnitPriceSet {\n        shopMoney {\n          amount\n        }\n      }\n      variant {\n        id\n        metafield(namespace: \"courier\", key: \"dimensions\") {\n          value\n        }\n        product {\n          id\n          tags\n          metafield(namespace: \"courier\", key: \"dimensions\") {\n            value\n          }\n        }\n      }\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n\n": {return: FulfillmentOrderLinesQuery, variables: FulfillmentOrderLinesQueryVariables},
  "#graphql\n  query FulfillmentOrderForDispatch($id: ID!) {\n    fulfillmentOrder(id: $id) {\n      ...FulfillmentOrderDispatchFields\n      order {\n        ...OrderDispatchFields\n      }\n      lineItems(first: 50) {\n        ...FulfillmentOrderLinePage\n      }\n    }\n  }\n  #graphql\n  fragment OrderDispatchFields on Order {\n    id\n    legacyResourceId\n    name\n    phone\n    note\n    customAttributes {\n      key\n      value\n    }\n    cancelledAt\n    displayFinancialStatus\n    displayFulfillmentStatus\n    tags\n    currencyCode\n    subtotalPriceSet {\n      shopMoney {\n        amount\n        currencyCode\n      }\n    }\n    shippingAddress {\n      firstName\n      lastName\n      name\n      company\n      address1\n      address2\n      city\n      province\n      provinceCode\n      zip\n      countryCodeV2\n      phone\n      latitude\n      longitude\n    }\n    shippingLines(first: 5) {\n      nodes {\n        title\n        code\n        source\n        carrierIdentifier\n        originalPriceSet {\n          shopMoney {\n            amount\n          }\n        }\n      }\n    }\n  }\n\n  #graphql\n  fragment FulfillmentOrderDispatchFields on FulfillmentOrder {\n    id\n    status\n    requestStatus\n    deliveryMethod {\n      methodType\n      additionalInformation {\n        instructions\n      }\n    }\n    assignedLocation {\n      name\n      location {\n        id\n      }\n    }\n  }\n\n  #graphql\n  fragment FulfillmentOrderLinePage on FulfillmentOrderLineItemConnection {\n    nodes {\n      id\n      totalQuantity\n      remainingQuantity\n      requiresShipping\n      sku\n      productTitle\n      variantTitle\n      weight {\n        unit\n        value\n      }\n      originalUnitPriceSet {\n        shopMoney {\n          amount\n        }\n      }\n      variant {\n        id\n        metafield(namespace: \"courier\", key: \"dimensions\") {\n          value\n        }\n        product {\n          id\n          tags\n          metafield(namespace: \"courier\", key: \"dimensions\") {\n            value\n          }\n        }\n      }\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n\n": {return: FulfillmentOrderForDispatchQuery, variables: FulfillmentOrderForDispatchQueryVariables},
  "#graphql\n  query ReturnForPickup($id: ID!) {\n    return(id: $id) {\n      id\n      name\n      status\n      order {\n        id\n        name\n        phone\n        shippingAddress {\n          firstName\n          lastName\n          name\n          company\n          address1\n          address2\n          city\n          provinceCode\n          zip\n          countryCodeV2\n          phone\n          latitude\n          longitude\n        }\n        # The exchange's new items are on the order's latest fulfillment orders.\n        fulfillmentOrders(first: 5, reverse: true) {\n          nodes {\n            id\n            lineItems(first: 10) {\n              nodes {\n                lineItem {\n                  id\n                }\n              }\n            }\n          }\n        }\n        fulfillments(first: 10) {\n          location {\n            id\n          }\n          fulfillmentLineItems(first: 20) {\n            nodes {\n              id\n            }\n          }\n        }\n      }\n      returnLineItems(first: 20) {\n        nodes {\n          id\n          quantity\n          ... on ReturnLineItem {\n            totalWeight {\n              unit\n              value\n            }\n            fulfillmentLineItem {\n              id\n              lineItem {\n                id\n                title\n                variantTitle\n                sku\n                requiresShipping\n                originalUnitPriceSet {\n                  shopMoney {\n                    amount\n                  }\n                }\n                variant {\n                  id\n                  metafield(namespace: \"courier\", key: \"dimensions\") {\n                    value\n                  }\n                  product {\n                    id\n                    metafield(namespace: \"courier\", key: \"dimensions\") {\n                      value\n                    }\n                  }\n                }\n              }\n            }\n          }\n        }\n      }\n      exchangeLineItems(first: 10) {\n        nodes {\n          id\n          quantity\n          lineItems {\n            id\n          }\n        }\n      }\n      reverseFulfillmentOrders(first: 5) {\n        nodes {\n          id\n          status\n          lineItems(first: 20) {\n            nodes {\n              id\n              totalQuantity\n              fulfillmentLineItem {\n                id\n              }\n            }\n          }\n          reverseDeliveries(first: 5) {\n            nodes {\n              id\n              deliverable {\n                ... on ReverseDeliveryShippingDeliverable {\n                  tracking {\n                    number\n                    url\n                  }\n                }\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n": {return: ReturnForPickupQuery, variables: ReturnForPickupQueryVariables},
  "#graphql\n  query ShopBasics {\n    shop {\n      name\n      myshopifyDomain\n      ianaTimezone\n      currencyCode\n      contactEmail\n      plan {\n        displayName\n        partnerDevelopment\n        shopifyPlus\n      }\n    }\n    shopLocales(published: true) {\n      locale\n      primary\n    }\n  }\n": {return: ShopBasicsQuery, variables: ShopBasicsQueryVariables},
}

interface GeneratedMutationTypes {
  "#graphql\n  mutation CarrierServiceCreate($input: DeliveryCarrierServiceCreateInput!) {\n    carrierServiceCreate(input: $input) {\n      carrierService {\n        id\n        name\n        active\n        callbackUrl\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": {return: CarrierServiceCreateMutation, variables: CarrierServiceCreateMutationVariables},
  "#graphql\n  mutation CarrierServiceUpdate($input: DeliveryCarrierServiceUpdateInput!) {\n    carrierServiceUpdate(input: $input) {\n      carrierService {\n        id\n        name\n        active\n        callbackUrl\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": {return: CarrierServiceUpdateMutation, variables: CarrierServiceUpdateMutationVariables},
  "#graphql\n  mutation DeliveryProfileAddCarrier($id: ID!, $profile: DeliveryProfileInput!) {\n    deliveryProfileUpdate(id: $id, profile: $profile) {\n      profile {\n        id\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": {return: DeliveryProfileAddCarrierMutation, variables: DeliveryProfileAddCarrierMutationVariables},
  "#graphql\n  mutation FlowTriggerReceive($handle: String!, $payload: JSON!) {\n    flowTriggerReceive(handle: $handle, payload: $payload) {\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": {return: FlowTriggerReceiveMutation, variables: FlowTriggerReceiveMutationVariables},
  "#graphql\n  mutation FulfillmentCreate($fulfillment: FulfillmentInput!) {\n    fulfillmentCreate(fulfillment: $fulfillment) {\n      fulfillment {\n        id\n        status\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": {return: FulfillmentCreateMutation, variables: FulfillmentCreateMutationVariables},
  "#graphql\n  mutation FulfillmentEventCreate($event: FulfillmentEventInput!) {\n    fulfillmentEventCreate(fulfillmentEvent: $event) {\n      fulfillmentEvent {\n        id\n        status\n        happenedAt\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": {return: FulfillmentEventCreateMutation, variables: FulfillmentEventCreateMutationVariables},
  "#graphql\n  mutation FulfillmentTrackingUpdate(\n    $fulfillmentId: ID!\n    $trackingInfoInput: FulfillmentTrackingInput!\n    $notifyCustomer: Boolean\n  ) {\n    fulfillmentTrackingInfoUpdate(\n      fulfillmentId: $fulfillmentId\n      trackingInfoInput: $trackingInfoInput\n      notifyCustomer: $notifyCustomer\n    ) {\n      fulfillment {\n        id\n        trackingInfo {\n          number\n        }\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": {return: FulfillmentTrackingUpdateMutation, variables: FulfillmentTrackingUpdateMutationVariables},
  "#graphql\n  mutation OrderDeliveryMetafieldSet($metafields: [MetafieldsSetInput!]!) {\n    metafieldsSet(metafields: $metafields) {\n      metafields {\n        id\n        key\n        namespace\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": {return: OrderDeliveryMetafieldSetMutation, variables: OrderDeliveryMetafieldSetMutationVariables},
  "#graphql\n  mutation OrderTagsAdd($id: ID!, $tags: [String!]!) {\n    tagsAdd(id: $id, tags: $tags) {\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": {return: OrderTagsAddMutation, variables: OrderTagsAddMutationVariables},
  "#graphql\n  mutation OrderDeliveryAnnotate($metafields: [MetafieldsSetInput!]!, $id: ID!, $tags: [String!]!) {\n    metafieldsSet(metafields: $metafields) {\n      metafields {\n        id\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n    tagsAdd(id: $id, tags: $tags) {\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": {return: OrderDeliveryAnnotateMutation, variables: OrderDeliveryAnnotateMutationVariables},
  "#graphql\n  mutation OrderTagsRemove($id: ID!, $tags: [String!]!) {\n    tagsRemove(id: $id, tags: $tags) {\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": {return: OrderTagsRemoveMutation, variables: OrderTagsRemoveMutationVariables},
  "#graphql\n  mutation ReverseDeliveryCreateWithShipping(\n    $reverseFulfillmentOrderId: ID!\n    $reverseDeliveryLineItems: [ReverseDeliveryLineItemInput!]!\n    $trackingInput: ReverseDeliveryTrackingInput\n    $notifyCustomer: Boolean\n  ) {\n    reverseDeliveryCreateWithShipping(\n      reverseFulfillmentOrderId: $reverseFulfillmentOrderId\n      reverseDeliveryLineItems: $reverseDeliveryLineItems\n      trackingInput: $trackingInput\n      notifyCustomer: $notifyCustomer\n    ) {\n      reverseDelivery {\n        id\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": {return: ReverseDeliveryCreateWithShippingMutation, variables: ReverseDeliveryCreateWithShippingMutationVariables},
  "#graphql\n  mutation ReverseDeliveryShippingUpdate(\n    $reverseDeliveryId: ID!\n    $trackingInput: ReverseDeliveryTrackingInput\n    $notifyCustomer: Boolean\n  ) {\n    reverseDeliveryShippingUpdate(\n      reverseDeliveryId: $reverseDeliveryId\n      trackingInput: $trackingInput\n      notifyCustomer: $notifyCustomer\n    ) {\n      reverseDelivery {\n        id\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": {return: ReverseDeliveryShippingUpdateMutation, variables: ReverseDeliveryShippingUpdateMutationVariables},
}
declare module '@shopify/admin-api-client' {
  type InputMaybe<T> = AdminTypes.InputMaybe<T>;
  interface AdminQueries extends GeneratedQueryTypes {}
  interface AdminMutations extends GeneratedMutationTypes {}
}
