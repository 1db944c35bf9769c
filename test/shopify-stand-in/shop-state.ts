/**
 * The in-memory shop behind the stand-in: plain data that tests build with ./builders.ts and that
 * the resolvers read and the mutations change.
 *
 * Property names follow the Admin API field names, so the default field resolver can read them.
 * `null` is a real value; a field whose property is absent (`undefined`) is "not implemented" and
 * makes the stand-in fail loudly (see executor.ts).
 */

/** ISO 8601 without milliseconds, as Shopify serialises DateTime: `2026-11-21T10:00:00Z`. */
export type IsoDateTime = string;
/** Decimal amount as a string (`"12.5"`), as Shopify serialises Decimal and Money. */
export type DecimalString = string;

export type WeightUnit = "GRAMS" | "KILOGRAMS" | "OUNCES" | "POUNDS";
export type WeightState = { unit: WeightUnit; value: number };

export type MetafieldState = {
  id: string;
  ownerId: string;
  namespace: string;
  key: string;
  type: string;
  value: string;
  createdAt: IsoDateTime;
  updatedAt: IsoDateTime;
};

/** Resources that carry metafields (`HasMetafields`). */
export type HasMetafieldsState = { id: string; metafields: MetafieldState[] };

/** `LocationAddress` fields (also used for the shop's address). */
export type LocationAddressState = {
  address1: string | null;
  address2: string | null;
  city: string | null;
  province: string | null;
  provinceCode: string | null;
  zip: string | null;
  country: string | null;
  countryCode: string | null;
  phone: string | null;
  latitude: number | null;
  longitude: number | null;
};

export type LocationState = HasMetafieldsState & {
  name: string;
  address: LocationAddressState;
  isActive: boolean;
  fulfillsOnlineOrders: boolean;
  shipsInventory: boolean;
  addressVerified: boolean;
  isFulfillmentService: boolean;
  fulfillmentService: null;
  deactivatedAt: IsoDateTime | null;
  createdAt: IsoDateTime;
  updatedAt: IsoDateTime;
};

export type ShopPlanState = { displayName: string; partnerDevelopment: boolean; shopifyPlus: boolean };

export type ProductVariantState = HasMetafieldsState & {
  productId: string;
  inventoryItemId: string;
  title: string;
  sku: string | null;
  barcode: string | null;
  price: DecimalString;
  compareAtPrice: DecimalString | null;
  taxable: boolean;
  requiresShipping: boolean;
  /** Per unit; Admin API 2026-10 exposes it as `inventoryItem.measurement.weight`. */
  weight: WeightState | null;
  position: number;
  createdAt: IsoDateTime;
  updatedAt: IsoDateTime;
};

export type ProductState = HasMetafieldsState & {
  title: string;
  handle: string;
  vendor: string;
  productType: string;
  status: "ACTIVE" | "ARCHIVED" | "DRAFT";
  tags: string[];
  variants: ProductVariantState[];
  createdAt: IsoDateTime;
  updatedAt: IsoDateTime;
};

export type CustomerState = HasMetafieldsState & {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  tags: string[];
  note: string | null;
  createdAt: IsoDateTime;
  updatedAt: IsoDateTime;
};

/** `MailingAddress` fields. */
export type MailingAddressState = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  province: string | null;
  provinceCode: string | null;
  zip: string | null;
  country: string | null;
  countryCodeV2: string | null;
  phone: string | null;
  latitude: number | null;
  longitude: number | null;
};

export type ShippingLineState = {
  id: string;
  title: string;
  code: string | null;
  source: string | null;
  carrierIdentifier: string | null;
  deliveryCategory: string | null;
  phone: string | null;
  price: DecimalString;
};

export type LineItemState = {
  id: string;
  orderId: string;
  variantId: string | null;
  title: string;
  variantTitle: string | null;
  sku: string | null;
  vendor: string | null;
  quantity: number;
  requiresShipping: boolean;
  taxable: boolean;
  isGiftCard: boolean;
  /** Unit price in the shop currency. */
  price: DecimalString;
};

export type FulfillmentOrderLineItemState = {
  id: string;
  fulfillmentOrderId: string;
  lineItemId: string;
  totalQuantity: number;
  remainingQuantity: number;
};

export type FulfillmentHoldState = {
  id: string;
  fulfillmentOrderId: string;
  handle: string | null;
  reason: string;
  reasonNotes: string | null;
  externalId: string | null;
  heldByRequestingApp: boolean;
  notifyMerchant: boolean;
};

export type DeliveryMethodState = {
  id: string;
  methodType: "SHIPPING" | "LOCAL" | "PICK_UP" | "PICKUP_POINT" | "RETAIL" | "NONE";
  serviceCode: string | null;
  presentedName: string | null;
  minDeliveryDateTime: IsoDateTime | null;
  maxDeliveryDateTime: IsoDateTime | null;
  sourceReference: string | null;
  /** What the buyer typed for the delivery at checkout, where the delivery method carries it. */
  additionalInformation: { instructions: string | null; phone: string | null } | null;
};

export type FulfillmentOrderStatus =
  "OPEN" | "IN_PROGRESS" | "ON_HOLD" | "SCHEDULED" | "INCOMPLETE" | "CLOSED" | "CANCELLED";

export type FulfillmentOrderState = {
  id: string;
  orderId: string;
  assignedLocationId: string;
  status: FulfillmentOrderStatus;
  requestStatus: string;
  lineItems: FulfillmentOrderLineItemState[];
  fulfillmentHolds: FulfillmentHoldState[];
  /** The status to return to when the last hold is released. */
  statusBeforeHold: FulfillmentOrderStatus | null;
  deliveryMethod: DeliveryMethodState | null;
  fulfillAt: IsoDateTime | null;
  fulfillBy: IsoDateTime | null;
  createdAt: IsoDateTime;
  updatedAt: IsoDateTime;
};

export type FulfillmentTrackingInfoState = { company: string | null; number: string | null; url: string | null };

export type FulfillmentEventState = {
  id: string;
  fulfillmentId: string;
  status: string;
  happenedAt: IsoDateTime;
  createdAt: IsoDateTime;
  estimatedDeliveryAt: IsoDateTime | null;
  message: string | null;
  latitude: number | null;
  longitude: number | null;
  address1: string | null;
  city: string | null;
  province: string | null;
  country: string | null;
  zip: string | null;
};

export type FulfillmentLineItemState = {
  id: string;
  lineItemId: string;
  fulfillmentOrderLineItemId: string;
  quantity: number;
};

export type FulfillmentState = {
  id: string;
  orderId: string;
  locationId: string;
  fulfillmentOrderIds: string[];
  name: string;
  status: "SUCCESS" | "CANCELLED" | "ERROR" | "FAILURE";
  displayStatus: string;
  trackingInfo: FulfillmentTrackingInfoState[];
  events: FulfillmentEventState[];
  fulfillmentLineItems: FulfillmentLineItemState[];
  notifyCustomer: boolean;
  originAddress: Record<string, string | null> | null;
  deliveredAt: IsoDateTime | null;
  inTransitAt: IsoDateTime | null;
  estimatedDeliveryAt: IsoDateTime | null;
  createdAt: IsoDateTime;
  updatedAt: IsoDateTime;
};

export type OrderState = HasMetafieldsState & {
  name: string;
  number: number;
  email: string | null;
  phone: string | null;
  note: string | null;
  tags: string[];
  currencyCode: string;
  test: boolean;
  createdAt: IsoDateTime;
  processedAt: IsoDateTime;
  updatedAt: IsoDateTime;
  cancelledAt: IsoDateTime | null;
  cancelReason: string | null;
  closedAt: IsoDateTime | null;
  displayFinancialStatus: string | null;
  displayFulfillmentStatus: string;
  customerId: string | null;
  shippingAddress: MailingAddressState | null;
  billingAddress: MailingAddressState | null;
  shippingLines: ShippingLineState[];
  lineItems: LineItemState[];
  /** Tax total in the shop currency (taxes are not itemised). */
  totalTax: DecimalString;
  customAttributes: { key: string; value: string | null }[];
  fulfillmentOrders: FulfillmentOrderState[];
  fulfillments: FulfillmentState[];
  returns: ReturnState[];
};

/** An item of a return: part of a fulfillment line item, going back to the merchant. */
export type ReturnLineItemState = {
  id: string;
  returnId: string;
  fulfillmentLineItemId: string;
  quantity: number;
  returnReasonNote: string;
  customerNote: string | null;
};

/** A new item the customer gets in exchange: an order line item added by the return. */
export type ExchangeLineItemState = {
  id: string;
  returnId: string;
  lineItemId: string;
  variantId: string | null;
  title: string | null;
  quantity: number;
};

export type ReverseFulfillmentOrderLineItemState = {
  id: string;
  reverseFulfillmentOrderId: string;
  returnLineItemId: string;
  fulfillmentLineItemId: string;
  totalQuantity: number;
};

export type ReverseDeliveryLineItemState = {
  id: string;
  reverseDeliveryId: string;
  reverseFulfillmentOrderLineItemId: string;
  quantity: number;
};

/** `ReverseDeliveryShippingDeliverable`: how the items travel back (tracking; labels are not modelled). */
export type ReverseDeliveryTrackingState = { carrierName: string | null; number: string | null; url: string | null };

export type ReverseDeliveryState = {
  id: string;
  reverseFulfillmentOrderId: string;
  lineItems: ReverseDeliveryLineItemState[];
  tracking: ReverseDeliveryTrackingState | null;
  notifyCustomer: boolean;
  createdAt: IsoDateTime;
};

export type ReverseFulfillmentOrderState = {
  id: string;
  returnId: string;
  orderId: string;
  /** Where the items go back to (not exposed by the Admin API; the stand-in's grouping key). */
  locationId: string;
  status: "OPEN" | "CLOSED" | "CANCELED";
  lineItems: ReverseFulfillmentOrderLineItemState[];
  reverseDeliveries: ReverseDeliveryState[];
};

export type ReturnState = {
  id: string;
  orderId: string;
  name: string;
  status: "REQUESTED" | "OPEN" | "CLOSED" | "DECLINED" | "CANCELED";
  createdAt: IsoDateTime;
  requestApprovedAt: IsoDateTime | null;
  closedAt: IsoDateTime | null;
  returnLineItems: ReturnLineItemState[];
  exchangeLineItems: ExchangeLineItemState[];
  reverseFulfillmentOrders: ReverseFulfillmentOrderState[];
};

export type DeliveryParticipantState = {
  kind: "participant";
  id: string;
  carrierServiceId: string;
  adaptToNewServicesFlag: boolean;
  fixedFee: DecimalString | null;
  percentageOfRateFee: number;
  participantServices: { name: string; active: boolean }[];
};

export type DeliveryRateDefinitionState = { kind: "rate"; id: string; price: DecimalString };

export type DeliveryMethodDefinitionState = {
  id: string;
  name: string;
  active: boolean;
  description: string | null;
  rateProvider: DeliveryParticipantState | DeliveryRateDefinitionState;
};

export type DeliveryCountryState = {
  id: string;
  /** ISO country code, or null for "Rest of world". */
  countryCode: string | null;
  name: string;
  provinces: { id: string; code: string; name: string }[];
};

export type DeliveryZoneState = {
  id: string;
  name: string;
  countries: DeliveryCountryState[];
  methodDefinitions: DeliveryMethodDefinitionState[];
};

export type DeliveryLocationGroupState = { id: string; locationIds: string[]; zones: DeliveryZoneState[] };

export type DeliveryProfileState = {
  id: string;
  name: string;
  default: boolean;
  merchantOwned: boolean;
  version: number;
  locationGroups: DeliveryLocationGroupState[];
};

export type CarrierServiceState = {
  id: string;
  name: string;
  callbackUrl: string;
  active: boolean;
  supportsServiceDiscovery: boolean;
  /** The app that registered it; only that app may update or delete it. */
  ownerApiClientId: string;
};

/** What Shopify would have sent to the customer (recorded instead of sent). */
/**
 * A customer notification Shopify sends from the merchant's templates (Settings › Notifications): the
 * shipping confirmation (fulfillmentCreate with notifyCustomer), a shipping update
 * (fulfillmentTrackingInfoUpdate with notifyCustomer), and out for delivery / delivered (domain/fulfillments.ts).
 */
export type CustomerNotificationState = {
  kind: "shipping_confirmation" | "shipping_update" | "out_for_delivery" | "delivered";
  orderId: string;
  fulfillmentId: string;
  at: IsoDateTime;
};

/** A Flow trigger the app sent and Shopify accepted (domain/flow-triggers.ts). */
export type FlowTriggerRunState = { handle: string; payload: Record<string, unknown>; receivedAt: IsoDateTime };

/** A language enabled on the shop (Admin `ShopLocale`). */
export type ShopLocaleState = { locale: string; primary: boolean; published: boolean };

export type AppInstallationState = HasMetafieldsState & { installedAt: IsoDateTime | null };

/**
 * A user on the shop's staff, as an online access token's `associated_user` describes them (shopify.dev,
 * "Online access tokens": id, first_name, last_name, email, account_owner, locale, collaborator,
 * email_verified). `userId` is the session token's `sub`.
 */
export type StaffUserState = {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  accountOwner: boolean;
  locale: string;
  collaborator: boolean;
};

export type ShopState = HasMetafieldsState & {
  name: string;
  email: string;
  contactEmail: string;
  myshopifyDomain: string;
  primaryDomainHost: string;
  ianaTimezone: string;
  /** The languages the shop has enabled (Admin `shopLocales`): one primary, each published or not. */
  locales: ShopLocaleState[];
  currencyCode: string;
  weightUnit: WeightUnit;
  taxesIncluded: boolean;
  plan: ShopPlanState;
  /**
   * Carrier-calculated shipping: `null` derives it from the plan (Advanced, Plus, development stores);
   * `true` models the Shopify plan with yearly billing or the paid add-on.
   */
  carrierCalculatedShipping: boolean | null;
  address: LocationAddressState;
  createdAt: IsoDateTime;
  updatedAt: IsoDateTime;
  locations: LocationState[];
  products: ProductState[];
  customers: CustomerState[];
  orders: OrderState[];
  carrierServices: CarrierServiceState[];
  deliveryProfiles: DeliveryProfileState[];
  appInstallation: AppInstallationState;
  notifications: CustomerNotificationState[];
  flowTriggers: FlowTriggerRunState[];
  /** The users who can open the app in the admin; session tokens name one of them (`sub`). */
  staff: StaffUserState[];
  nextOrderNumber: number;
  /** Every record with a global id, for `node(id:)` and relation lookups. */
  index: Map<string, unknown>;
};
