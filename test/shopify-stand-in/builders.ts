/**
 * Builders for the in-memory shop, with realistic defaults (a US development store in New York)
 * that tests override. Every record gets a Shopify global id and is registered in `shop.index`.
 */
import { gid } from "./gid";
import { findRecord, register } from "./lookup";
import { recomputeOrderFulfillmentStatus } from "./domain/order-status";
import type {
  CarrierServiceState,
  CustomerState,
  DeliveryCountryState,
  DeliveryMethodDefinitionState,
  DeliveryMethodState,
  DeliveryProfileState,
  DeliveryZoneState,
  FulfillmentOrderState,
  LineItemState,
  LocationAddressState,
  LocationState,
  MailingAddressState,
  MetafieldState,
  OrderState,
  ProductState,
  ProductVariantState,
  ShippingLineState,
  ShopPlanState,
  ShopState,
  StaffUserState,
  WeightState,
} from "./shop-state";
import { countryName, decimal, isoDateTime, normaliseTags } from "./values";

export type MetafieldInput = { namespace: string; key: string; type: string; value: string };

const DEFAULT_ADDRESS: LocationAddressState = {
  address1: "350 5th Ave",
  address2: null,
  city: "New York",
  province: "New York",
  provinceCode: "NY",
  zip: "10118",
  country: "United States",
  countryCode: "US",
  phone: "+12125550100",
  latitude: 40.7484,
  longitude: -73.9857,
};

function now(): string {
  return isoDateTime(new Date());
}

function metafieldsFor(
  shop: ShopState,
  ownerId: string,
  inputs: MetafieldInput[] | undefined,
  at: string,
): MetafieldState[] {
  return (inputs ?? []).map((input) =>
    register(shop, { id: gid("Metafield"), ownerId, ...input, createdAt: at, updatedAt: at }),
  );
}

export type ShopInput = Partial<
  Pick<
    ShopState,
    | "name"
    | "email"
    | "contactEmail"
    | "myshopifyDomain"
    | "ianaTimezone"
    | "locales"
    | "currencyCode"
    | "weightUnit"
    | "taxesIncluded"
    | "carrierCalculatedShipping"
    | "createdAt"
  >
> & {
  plan?: Partial<ShopPlanState>;
  address?: Partial<LocationAddressState>;
  metafields?: MetafieldInput[];
  /** Locations to create; default: one "Shop location" at the shop address. */
  locations?: LocationInput[];
  /** The staff; default: the owner, user 42 (the `sub` of the tests' session tokens). */
  staff?: StaffUserInput[];
};

/** A shop with its locations and Shopify's default "General Profile" (one domestic zone, a flat rate). */
export function buildShop(input: ShopInput = {}): ShopState {
  const createdAt = input.createdAt ? isoDateTime(input.createdAt) : now();
  const domain = input.myshopifyDomain ?? "demo-shop.myshopify.com";
  const handle = domain.replace(/\.myshopify\.com$/, "");
  const id = gid("Shop");
  const shop: ShopState = {
    id,
    name: input.name ?? "Demo Shop",
    email: input.email ?? `owner@${handle}.example`,
    contactEmail: input.contactEmail ?? input.email ?? `hello@${handle}.example`,
    myshopifyDomain: domain,
    primaryDomainHost: domain,
    ianaTimezone: input.ianaTimezone ?? "America/New_York",
    locales: input.locales ?? [{ locale: "en", primary: true, published: true }],
    currencyCode: input.currencyCode ?? "USD",
    weightUnit: input.weightUnit ?? "POUNDS",
    taxesIncluded: input.taxesIncluded ?? false,
    plan: { displayName: "Development", partnerDevelopment: true, shopifyPlus: false, ...input.plan },
    carrierCalculatedShipping: input.carrierCalculatedShipping ?? null,
    address: { ...DEFAULT_ADDRESS, ...input.address },
    createdAt,
    updatedAt: createdAt,
    metafields: [],
    locations: [],
    products: [],
    customers: [],
    orders: [],
    carrierServices: [],
    deliveryProfiles: [],
    appInstallation: { id: gid("AppInstallation"), metafields: [], installedAt: null },
    notifications: [],
    flowTriggers: [],
    staff: [],
    nextOrderNumber: 1001,
    index: new Map(),
  };
  register(shop, shop);
  register(shop, shop.appInstallation);
  shop.metafields = metafieldsFor(shop, id, input.metafields, createdAt);
  for (const location of input.locations ?? [{ name: "Shop location" }]) addLocation(shop, location);
  for (const user of input.staff ?? [{ userId: "42", firstName: "Jamie", lastName: "Merchant", accountOwner: true }])
    addStaffUser(shop, user);
  addGeneralProfile(shop);
  return shop;
}

export type StaffUserInput = Partial<StaffUserState> & Pick<StaffUserState, "userId">;

/** A user on the shop's staff (the owner or a staff account) who can open the app. */
export function addStaffUser(shop: ShopState, input: StaffUserInput): StaffUserState {
  if (shop.staff.some((user) => user.userId === input.userId)) throw new Error(`Staff user ${input.userId} exists`);
  const user: StaffUserState = {
    firstName: null,
    lastName: null,
    email: input.accountOwner
      ? shop.email
      : `staff-${input.userId}@${shop.myshopifyDomain.replace(/\.myshopify\.com$/, "")}.example`,
    accountOwner: false,
    locale: "en",
    collaborator: false,
    ...input,
  };
  shop.staff.push(user);
  return user;
}

export type LocationInput = Partial<
  Pick<LocationState, "name" | "isActive" | "fulfillsOnlineOrders" | "shipsInventory" | "addressVerified" | "createdAt">
> & { address?: Partial<LocationAddressState>; metafields?: MetafieldInput[] };

/** A merchant-managed location; Shopify adds new locations to the General profile. */
export function addLocation(shop: ShopState, input: LocationInput = {}): LocationState {
  const createdAt = input.createdAt ? isoDateTime(input.createdAt) : now();
  const id = gid("Location");
  const isActive = input.isActive ?? true;
  const location = register(shop, {
    id,
    name: input.name ?? `Location ${shop.locations.length + 1}`,
    address: { ...shop.address, ...input.address },
    isActive,
    fulfillsOnlineOrders: input.fulfillsOnlineOrders ?? isActive,
    shipsInventory: input.shipsInventory ?? true,
    addressVerified: input.addressVerified ?? true,
    isFulfillmentService: false,
    fulfillmentService: null,
    deactivatedAt: isActive ? null : createdAt,
    createdAt,
    updatedAt: createdAt,
    metafields: metafieldsFor(shop, id, input.metafields, createdAt),
  } satisfies LocationState);
  shop.locations.push(location);
  const general = shop.deliveryProfiles.find((p) => p.default);
  general?.locationGroups[0]?.locationIds.push(location.id);
  return location;
}

function addGeneralProfile(shop: ShopState): DeliveryProfileState {
  const profile = register<DeliveryProfileState>(shop, {
    id: gid("DeliveryProfile"),
    name: "General Profile",
    default: true,
    merchantOwned: true,
    version: 1,
    locationGroups: [],
  } satisfies DeliveryProfileState);
  const group = register(shop, {
    id: gid("DeliveryLocationGroup"),
    locationIds: shop.locations.map((l) => l.id),
    zones: [],
  });
  profile.locationGroups.push(group);
  shop.deliveryProfiles.push(profile);
  const country = shop.address.countryCode ?? "US";
  addDeliveryZone(shop, {
    name: "Domestic",
    countryCodes: [country],
    flatRates: [{ name: "Standard", price: "5.00" }],
  });
  return profile;
}

export type DeliveryZoneInput = {
  name: string;
  /** ISO codes; `null` stands for "Rest of world". */
  countryCodes: (string | null)[];
  flatRates?: { name: string; price: string; active?: boolean }[];
  profile?: DeliveryProfileState;
};

/** A zone in the first location group of a profile (default: the General profile). */
export function addDeliveryZone(shop: ShopState, input: DeliveryZoneInput): DeliveryZoneState {
  const profile = input.profile ?? shop.deliveryProfiles.find((p) => p.default);
  const group = profile?.locationGroups[0];
  if (!group) throw new Error("addDeliveryZone: the profile has no location group");
  const zone = register<DeliveryZoneState>(shop, {
    id: gid("DeliveryZone"),
    name: input.name,
    countries: input.countryCodes.map((code): DeliveryCountryState => ({
      id: gid("DeliveryCountry"),
      countryCode: code,
      name: code ? countryName(code) : "Rest of World",
      provinces: [],
    })),
    methodDefinitions: (input.flatRates ?? []).map((rate) =>
      register(shop, {
        id: gid("DeliveryMethodDefinition"),
        name: rate.name,
        active: rate.active ?? true,
        description: null,
        rateProvider: { kind: "rate", id: gid("DeliveryRateDefinition"), price: decimal(rate.price) },
      } satisfies DeliveryMethodDefinitionState),
    ),
  } satisfies DeliveryZoneState);
  group.zones.push(zone);
  return zone;
}

export type VariantInput = Partial<
  Pick<ProductVariantState, "title" | "sku" | "barcode" | "taxable" | "requiresShipping" | "weight" | "compareAtPrice">
> & { price?: string | number; metafields?: MetafieldInput[] };

export type ProductInput = Partial<
  Pick<ProductState, "title" | "handle" | "vendor" | "productType" | "status" | "tags" | "createdAt">
> & {
  metafields?: MetafieldInput[];
  variants?: VariantInput[];
};

export function addProduct(shop: ShopState, input: ProductInput = {}): ProductState {
  const createdAt = input.createdAt ? isoDateTime(input.createdAt) : now();
  const id = gid("Product");
  const title = input.title ?? "Sourdough loaf";
  const product = register<ProductState>(shop, {
    id,
    title,
    handle:
      input.handle ??
      title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, ""),
    vendor: input.vendor ?? shop.name,
    productType: input.productType ?? "",
    status: input.status ?? "ACTIVE",
    tags: normaliseTags(input.tags ?? []),
    variants: [],
    createdAt,
    updatedAt: createdAt,
    metafields: metafieldsFor(shop, id, input.metafields, createdAt),
  } satisfies ProductState);
  const variants = input.variants ?? [{}];
  variants.forEach((variant, position) => {
    const variantId = gid("ProductVariant");
    const weight: WeightState | null = variant.weight === undefined ? { unit: "GRAMS", value: 900 } : variant.weight;
    product.variants.push(
      register(shop, {
        id: variantId,
        productId: id,
        inventoryItemId: gid("InventoryItem"),
        title: variant.title ?? (variants.length === 1 ? "Default Title" : `Option ${position + 1}`),
        sku: variant.sku === undefined ? `SKU-${variantId.split("/").pop()}` : variant.sku,
        barcode: variant.barcode ?? null,
        price: decimal(variant.price ?? "8.50"),
        compareAtPrice: variant.compareAtPrice ?? null,
        taxable: variant.taxable ?? true,
        requiresShipping: variant.requiresShipping ?? true,
        weight,
        position: position + 1,
        createdAt,
        updatedAt: createdAt,
        metafields: metafieldsFor(shop, variantId, variant.metafields, createdAt),
      } satisfies ProductVariantState),
    );
  });
  shop.products.push(product);
  return product;
}

export type CustomerInput = Partial<
  Pick<CustomerState, "firstName" | "lastName" | "email" | "phone" | "tags" | "note" | "createdAt">
> & { metafields?: MetafieldInput[] };

export function addCustomer(shop: ShopState, input: CustomerInput = {}): CustomerState {
  const createdAt = input.createdAt ? isoDateTime(input.createdAt) : now();
  const id = gid("Customer");
  const customer = register(shop, {
    id,
    firstName: input.firstName === undefined ? "Steve" : input.firstName,
    lastName: input.lastName === undefined ? "Shipper" : input.lastName,
    email: input.email === undefined ? "steve.shipper@example.com" : input.email,
    phone: input.phone === undefined ? "+12125550123" : input.phone,
    tags: normaliseTags(input.tags ?? []),
    note: input.note ?? null,
    createdAt,
    updatedAt: createdAt,
    metafields: metafieldsFor(shop, id, input.metafields, createdAt),
  } satisfies CustomerState);
  shop.customers.push(customer);
  return customer;
}

export type MailingAddressInput = Partial<Omit<MailingAddressState, "id">>;

export function mailingAddress(input: MailingAddressInput = {}): MailingAddressState {
  return {
    id: gid("MailingAddress"),
    firstName: "Steve",
    lastName: "Shipper",
    company: null,
    address1: "123 W 45th St",
    address2: "Apt 4B",
    city: "New York",
    province: "New York",
    provinceCode: "NY",
    zip: "10036",
    country: "United States",
    countryCodeV2: "US",
    phone: "+12125550123",
    latitude: 40.757,
    longitude: -73.9855,
    ...input,
  };
}

export type LineItemInput = Partial<
  Pick<
    LineItemState,
    "title" | "variantTitle" | "sku" | "vendor" | "quantity" | "requiresShipping" | "taxable" | "isGiftCard"
  >
> & {
  /** The variant sold; default: a new product. `null` makes a custom line item without a variant. */
  variant?: ProductVariantState | null;
  price?: string | number;
  /** Where order routing assigns this line (default: the first active location that fulfills online orders). */
  location?: LocationState;
};

export type ShippingLineInput = Partial<Omit<ShippingLineState, "id" | "price">> & { price?: string | number };

export type OrderInput = Partial<
  Pick<
    OrderState,
    | "name"
    | "email"
    | "phone"
    | "note"
    | "tags"
    | "test"
    | "displayFinancialStatus"
    | "cancelReason"
    | "customAttributes"
  >
> & {
  /** The order's global id (e.g. a documented sample's); default: a fresh one. */
  id?: string;
  createdAt?: string | Date;
  processedAt?: string | Date;
  cancelledAt?: string | Date | null;
  /** Default: a new customer; `null`: a guest order. An existing customer record may be passed. */
  customer?: CustomerInput | CustomerState | null;
  shippingAddress?: MailingAddressInput | null;
  billingAddress?: MailingAddressInput | null;
  shippingLines?: ShippingLineInput[];
  lineItems?: LineItemInput[];
  totalTax?: string | number;
  metafields?: MetafieldInput[];
  /** Overrides the delivery method order routing derives from the first shipping line. */
  deliveryMethod?: Partial<Omit<DeliveryMethodState, "id">> | null;
  fulfillmentOrderStatus?: FulfillmentOrderState["status"];
};

function isCustomerRecord(value: CustomerInput | CustomerState): value is CustomerState {
  return typeof (value as CustomerState).id === "string";
}

/**
 * An order as Shopify holds it after checkout, with its fulfillment orders already created by order
 * routing: one per assigned location, all quantities remaining.
 */
export function addOrder(shop: ShopState, input: OrderInput = {}): OrderState {
  const createdAt = input.createdAt ? isoDateTime(input.createdAt) : now();
  const id = input.id ?? gid("Order");
  const number = shop.nextOrderNumber++;
  let customerId: string | null = null;
  if (input.customer !== null) {
    const customerInput = input.customer ?? {};
    customerId = isCustomerRecord(customerInput) ? customerInput.id : addCustomer(shop, customerInput).id;
  }
  const customer = findRecord(shop, "Customer", customerId);
  const order: OrderState = register(shop, {
    id,
    name: input.name ?? `#${number}`,
    number,
    email: input.email === undefined ? (customer?.email ?? null) : input.email,
    phone: input.phone === undefined ? null : input.phone,
    note: input.note ?? null,
    tags: normaliseTags(input.tags ?? []),
    currencyCode: shop.currencyCode,
    test: input.test ?? false,
    createdAt,
    processedAt: input.processedAt ? isoDateTime(input.processedAt) : createdAt,
    updatedAt: createdAt,
    cancelledAt: input.cancelledAt ? isoDateTime(input.cancelledAt) : null,
    cancelReason: input.cancelReason ?? null,
    closedAt: null,
    displayFinancialStatus: input.displayFinancialStatus === undefined ? "PAID" : input.displayFinancialStatus,
    displayFulfillmentStatus: "UNFULFILLED",
    customerId,
    shippingAddress: input.shippingAddress === null ? null : mailingAddress(input.shippingAddress),
    billingAddress:
      input.billingAddress === null ? null : mailingAddress(input.billingAddress ?? input.shippingAddress ?? {}),
    shippingLines: (input.shippingLines ?? [{}]).map((line) => ({
      id: gid("ShippingLine"),
      title: line.title ?? "Standard",
      code: line.code === undefined ? "Standard" : line.code,
      source: line.source === undefined ? "shopify" : line.source,
      carrierIdentifier: line.carrierIdentifier ?? null,
      deliveryCategory: line.deliveryCategory ?? null,
      phone: line.phone ?? null,
      price: decimal(line.price ?? "5.00"),
    })),
    lineItems: [],
    totalTax: decimal(input.totalTax ?? "0"),
    customAttributes: input.customAttributes ?? [],
    fulfillmentOrders: [],
    fulfillments: [],
    returns: [],
    metafields: metafieldsFor(shop, id, input.metafields, createdAt),
  } satisfies OrderState);

  const routed = new Map<string, LineItemState[]>();
  const defaultLocation = shop.locations.find((l) => l.isActive && l.fulfillsOnlineOrders) ?? shop.locations[0];
  for (const lineInput of input.lineItems ?? [{}]) {
    const line = addLineItem(shop, order, lineInput);
    const location = lineInput.location ?? defaultLocation;
    if (!location) throw new Error("addOrder: the shop has no location to route the order to");
    routed.set(location.id, [...(routed.get(location.id) ?? []), line]);
  }
  const firstShippingLine = order.shippingLines[0];
  for (const [locationId, lines] of routed) {
    const foId = gid("FulfillmentOrder");
    const deliveryMethod: DeliveryMethodState | null =
      input.deliveryMethod === null
        ? null
        : {
            id: gid("DeliveryMethod"),
            methodType: "SHIPPING",
            serviceCode: firstShippingLine?.code ?? null,
            presentedName: firstShippingLine?.title ?? null,
            minDeliveryDateTime: null,
            maxDeliveryDateTime: null,
            sourceReference: null,
            additionalInformation: null,
            ...input.deliveryMethod,
          };
    order.fulfillmentOrders.push(
      register(shop, {
        id: foId,
        orderId: id,
        assignedLocationId: locationId,
        status: input.fulfillmentOrderStatus ?? "OPEN",
        requestStatus: "UNSUBMITTED",
        lineItems: lines.map((line) =>
          register(shop, {
            id: gid("FulfillmentOrderLineItem"),
            fulfillmentOrderId: foId,
            lineItemId: line.id,
            totalQuantity: line.quantity,
            remainingQuantity: line.quantity,
          }),
        ),
        fulfillmentHolds: [],
        statusBeforeHold: null,
        deliveryMethod,
        fulfillAt: null,
        fulfillBy: null,
        createdAt,
        updatedAt: createdAt,
      } satisfies FulfillmentOrderState),
    );
  }
  shop.orders.push(order);
  recomputeOrderFulfillmentStatus(order);
  return order;
}

export function addLineItem(shop: ShopState, order: OrderState, input: LineItemInput): LineItemState {
  const variant = input.variant === undefined ? addProduct(shop).variants[0]! : input.variant;
  const product = variant ? findRecord(shop, "Product", variant.productId) : null;
  const line = register(shop, {
    id: gid("LineItem"),
    orderId: order.id,
    variantId: variant?.id ?? null,
    title: input.title ?? product?.title ?? "Custom item",
    variantTitle:
      input.variantTitle !== undefined
        ? input.variantTitle
        : variant && variant.title !== "Default Title"
          ? variant.title
          : null,
    sku: input.sku !== undefined ? input.sku : (variant?.sku ?? null),
    vendor: input.vendor !== undefined ? input.vendor : (product?.vendor ?? null),
    quantity: input.quantity ?? 1,
    requiresShipping: input.requiresShipping ?? variant?.requiresShipping ?? true,
    taxable: input.taxable ?? variant?.taxable ?? true,
    isGiftCard: input.isGiftCard ?? false,
    price: decimal(input.price ?? variant?.price ?? "10.00"),
  } satisfies LineItemState);
  order.lineItems.push(line);
  return line;
}

export type CarrierServiceInput = Partial<Omit<CarrierServiceState, "id">>;

/** A carrier service that already exists (for example one another app registered). */
export function addCarrierService(shop: ShopState, input: CarrierServiceInput = {}): CarrierServiceState {
  const service = register(shop, {
    id: gid("DeliveryCarrierService"),
    name: input.name ?? "Other carrier",
    callbackUrl: input.callbackUrl ?? "https://rates.other-carrier.example/shopify",
    active: input.active ?? true,
    supportsServiceDiscovery: input.supportsServiceDiscovery ?? true,
    ownerApiClientId: input.ownerApiClientId ?? "999999",
  } satisfies CarrierServiceState);
  shop.carrierServices.push(service);
  return service;
}
