import { typeOfGid } from "./gid";
import type {
  AppInstallationState,
  CarrierServiceState,
  CustomerState,
  DeliveryLocationGroupState,
  DeliveryMethodDefinitionState,
  DeliveryProfileState,
  DeliveryZoneState,
  ExchangeLineItemState,
  FulfillmentEventState,
  FulfillmentHoldState,
  FulfillmentOrderLineItemState,
  FulfillmentOrderState,
  FulfillmentState,
  LineItemState,
  LocationState,
  MetafieldState,
  OrderState,
  ProductState,
  ProductVariantState,
  ReturnLineItemState,
  ReturnState,
  ReverseDeliveryLineItemState,
  ReverseDeliveryState,
  ReverseFulfillmentOrderLineItemState,
  ReverseFulfillmentOrderState,
  ShopState,
} from "./shop-state";

/** The record type behind each global-id type the stand-in stores. */
export type RecordsByType = {
  Shop: ShopState;
  Location: LocationState;
  Product: ProductState;
  ProductVariant: ProductVariantState;
  Customer: CustomerState;
  Order: OrderState;
  LineItem: LineItemState;
  FulfillmentOrder: FulfillmentOrderState;
  FulfillmentOrderLineItem: FulfillmentOrderLineItemState;
  FulfillmentHold: FulfillmentHoldState;
  Fulfillment: FulfillmentState;
  FulfillmentEvent: FulfillmentEventState;
  Metafield: MetafieldState;
  DeliveryCarrierService: CarrierServiceState;
  DeliveryProfile: DeliveryProfileState;
  DeliveryLocationGroup: DeliveryLocationGroupState;
  DeliveryZone: DeliveryZoneState;
  DeliveryMethodDefinition: DeliveryMethodDefinitionState;
  AppInstallation: AppInstallationState;
  Return: ReturnState;
  ReturnLineItem: ReturnLineItemState;
  ExchangeLineItem: ExchangeLineItemState;
  ReverseFulfillmentOrder: ReverseFulfillmentOrderState;
  ReverseFulfillmentOrderLineItem: ReverseFulfillmentOrderLineItemState;
  ReverseDelivery: ReverseDeliveryState;
  ReverseDeliveryLineItem: ReverseDeliveryLineItemState;
};

export function register<T extends { id: string }>(shop: ShopState, record: T): T {
  shop.index.set(record.id, record);
  return record;
}

export function unregister(shop: ShopState, id: string): void {
  shop.index.delete(id);
}

/** The record with that global id if it exists and is of that type; null otherwise. */
export function findRecord<K extends keyof RecordsByType>(
  shop: ShopState,
  type: K,
  id: string | null | undefined,
): RecordsByType[K] | null {
  if (!id || typeOfGid(id) !== type) return null;
  return (shop.index.get(id) as RecordsByType[K] | undefined) ?? null;
}

/** For relations the stand-in itself maintains: a missing record is a bug in the stand-in or the test setup. */
export function requireRecord<K extends keyof RecordsByType>(shop: ShopState, type: K, id: string): RecordsByType[K] {
  const record = findRecord(shop, type, id);
  if (!record) throw new Error(`Shopify stand-in: ${type} ${id} is missing from shop ${shop.myshopifyDomain}`);
  return record;
}
