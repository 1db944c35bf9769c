import { DESCRIPTION_MAX, ITEM_DESCRIPTION_MAX, ITEM_REFERENCE_ID_MAX, US_STATE_CODES } from "~/courier/limits";
import { returnLegReference } from "./courier-reference";
import type { CreateShipmentRequest, Item } from "~/courier/requests";
import { firstCourierPhone, toCourierPhone } from "~/courier/phone";
import { dimensionsFor } from "~/shipments/package-size";
import { moneyToDollars, weightToPounds } from "~/shipments/units";
import type { ReturnForPickup } from "~/shopify-admin/returns.server";
import type { DispatchSettings, PickupPoint } from "~/dispatch/public";

/**
 * An approved return → one courier collection per receiving store: from the customer's address to
 * the store, for the return's items (the quantities returned, not the order's). An item goes back to
 * the location it was fulfilled from when that location receives returns, else to the first
 * receiving location; a reverse fulfillment order goes whole to the store of its first item. Pure.
 */

export type ReturnWindow = { start: Date; end: Date };

/** One reverse delivery to record in Shopify for a collection: the lines of one reverse fulfillment order. */
export type ReverseDeliveryPlan = {
  reverseFulfillmentOrderGid: string;
  lines: { reverseFulfillmentOrderLineItemGid: string; quantity: number }[];
};

export type PlannedCollection = {
  /** The first reverse fulfillment order it carries: the shipment row's key with the generation. */
  keyGid: string;
  locationGid: string;
  storeName: string;
  units: number;
  reverseDeliveries: ReverseDeliveryPlan[];
  request: CreateShipmentRequest & { idempotency_key: string };
};

export type ReturnPickupPlan = {
  collections: PlannedCollection[];
  /** Why (part of) the return cannot be collected as the data stands: staff must act. */
  attention: string[];
};

type AnyReturnLine = ReturnForPickup["returnLineItems"]["nodes"][number];
/** A return line of a fulfilled item (an UnverifiedReturnLineItem names no fulfillment: nothing to collect). */
export type ReturnLine = Extract<AnyReturnLine, { fulfillmentLineItem: unknown }>;
const isFulfilledLine = (line: AnyReturnLine): line is ReturnLine => "fulfillmentLineItem" in line;
type Rfo = ReturnForPickup["reverseFulfillmentOrders"]["nodes"][number];
const US_STATES: ReadonlySet<string> = new Set(US_STATE_CODES);

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function itemOf(line: ReturnLine, quantity: number, defaults: DispatchSettings["defaultPackage"]): Item | null {
  const lineItem = line.fulfillmentLineItem?.lineItem;
  if (!lineItem || !lineItem.requiresShipping) return null;
  const variant =
    lineItem.variantTitle && lineItem.variantTitle !== "Default Title" ? ` – ${lineItem.variantTitle}` : "";
  const dims = dimensionsFor(
    {
      variantMetafield: lineItem.variant?.metafield?.value,
      productMetafield: lineItem.variant?.product.metafield?.value,
    },
    defaults,
  );
  const total = line.totalWeight ? weightToPounds(line.totalWeight) : null;
  const value = moneyToDollars(lineItem.originalUnitPriceSet.shopMoney.amount);
  return {
    description: truncate(`${lineItem.title}${variant}`, ITEM_DESCRIPTION_MAX),
    reference_id: lineItem.sku ? lineItem.sku.slice(0, ITEM_REFERENCE_ID_MAX) : null,
    ...(value !== undefined ? { value } : {}),
    ...dims,
    weight:
      total && line.quantity > 0 ? Math.max(0.001, Math.round((total / line.quantity) * 1000) / 1000) : defaults.weight,
    quantity,
  };
}

/** Where an item goes back to: its fulfillment's location when that one receives returns, else the first receiving one. */
export function receivingLocationFor(fulfilledFrom: string | null, receiving: readonly string[]): string | null {
  if (fulfilledFrom && receiving.includes(fulfilledFrom)) return fulfilledFrom;
  return receiving[0] ?? null;
}

function fulfilledFromOf(ret: ReturnForPickup): Map<string, string> {
  const byLine = new Map<string, string>();
  for (const fulfillment of ret.order.fulfillments) {
    const location = fulfillment.location?.id;
    if (!location) continue;
    for (const line of fulfillment.fulfillmentLineItems.nodes) byLine.set(line.id, location);
  }
  return byLine;
}

function addressProblem(address: {
  provinceCode?: string | null;
  address1?: string | null;
  city?: string | null;
  zip?: string | null;
}) {
  return !US_STATES.has(address.provinceCode ?? "") || !address.address1 || !address.city || !address.zip;
}

export function planReturnPickups(input: {
  ret: ReturnForPickup;
  receivingLocationGids: readonly string[];
  pickupPoints: ReadonlyMap<string, PickupPoint>;
  settings: DispatchSettings;
  window: ReturnWindow;
  idempotencyKeyFor: (keyGid: string) => string;
}): ReturnPickupPlan {
  const { ret, settings } = input;
  const plan: ReturnPickupPlan = { collections: [], attention: [] };
  const address = ret.order.shippingAddress;
  if (!address || address.countryCodeV2 !== "US" || addressProblem(address)) {
    plan.attention.push(
      "The customer's address is incomplete or outside the United States: a driver cannot collect this return.",
    );
    return plan;
  }
  const phone = firstCourierPhone([address.phone, ret.order.phone]);
  if (!phone) {
    plan.attention.push(
      "No US phone number for the customer: add one to the order's shipping address, then book the collection.",
    );
    return plan;
  }
  const fulfilledFrom = fulfilledFromOf(ret);
  const linesById = new Map(
    ret.returnLineItems.nodes.filter(isFulfilledLine).map((line) => [line.fulfillmentLineItem.id, line]),
  );
  const groups = new Map<string, Rfo[]>();
  for (const rfo of ret.reverseFulfillmentOrders.nodes) {
    if (rfo.status !== "OPEN") continue;
    const first = rfo.lineItems.nodes[0]?.fulfillmentLineItem?.id ?? null;
    const store = receivingLocationFor(first ? (fulfilledFrom.get(first) ?? null) : null, input.receivingLocationGids);
    if (!store) {
      plan.attention.push("Choose the locations that receive returns in the app's settings.");
      return plan;
    }
    groups.set(store, [...(groups.get(store) ?? []), rfo]);
  }
  if (groups.size === 0) plan.attention.push("The return has no open reverse fulfillment order: nothing to collect.");

  const customerName =
    address.name?.trim() || [address.firstName, address.lastName].filter(Boolean).join(" ").trim() || "Customer";
  for (const [locationGid, rfos] of groups) {
    const store = input.pickupPoints.get(locationGid);
    const storePhone = toCourierPhone(store?.contactPhone);
    if (!store || !store.contactName || !storePhone || addressProblem(store.address)) {
      plan.attention.push(
        `The receiving location ${store?.name ?? locationGid} needs an enabled pickup location with a complete address, a contact name and a US phone.`,
      );
      continue;
    }
    const items: Item[] = [];
    const reverseDeliveries: ReverseDeliveryPlan[] = [];
    for (const rfo of rfos) {
      const lines = rfo.lineItems.nodes.filter((l) => l.totalQuantity > 0);
      for (const line of lines) {
        const returned = line.fulfillmentLineItem ? linesById.get(line.fulfillmentLineItem.id) : undefined;
        const item = returned ? itemOf(returned, line.totalQuantity, settings.defaultPackage) : null;
        if (item) items.push(item);
      }
      reverseDeliveries.push({
        reverseFulfillmentOrderGid: rfo.id,
        lines: lines.map((l) => ({ reverseFulfillmentOrderLineItemGid: l.id, quantity: l.totalQuantity })),
      });
    }
    if (items.length === 0) {
      plan.attention.push(`Nothing to collect for ${store.name}: the returned items need no shipping.`);
      continue;
    }
    const units = items.reduce((sum, item) => sum + item.quantity, 0);
    const keyGid = rfos[0]!.id;
    plan.collections.push({
      keyGid,
      locationGid,
      storeName: store.name,
      units,
      reverseDeliveries,
      request: {
        reference_id: returnLegReference(ret.order.name, ret.name, "return"),
        idempotency_key: input.idempotencyKeyFor(keyGid),
        alternate_id_1: ret.order.name,
        alternate_id_2: keyGid.slice(keyGid.lastIndexOf("/") + 1),
        // Visible to every driver on the platform: the return and the store, never the customer.
        description: truncate(
          `Return ${ret.name}: collect ${units} item${units === 1 ? "" : "s"} for ${store.name}`,
          DESCRIPTION_MAX,
        ),
        items,
        pickup_location: {
          address: {
            ...(address.company ? { name: address.company.slice(0, 200) } : {}),
            street1: address.address1!,
            ...(address.address2 ? { street2: address.address2 } : {}),
            city: address.city!,
            state: address.provinceCode as (typeof US_STATE_CODES)[number],
            zip: address.zip!,
            ...(typeof address.latitude === "number" && typeof address.longitude === "number"
              ? { latitude: address.latitude, longitude: address.longitude }
              : {}),
          },
          contact: { name: customerName.slice(0, 200), phone },
        },
        delivery_location: {
          address: {
            name: store.name.slice(0, 200),
            street1: store.address.address1!,
            ...(store.address.address2 ? { street2: store.address.address2 } : {}),
            city: store.address.city!,
            state: store.address.provinceCode as (typeof US_STATE_CODES)[number],
            zip: store.address.zip!,
          },
          contact: { name: store.contactName, phone: storePhone },
          ...(store.notes ? { notes: store.notes } : {}),
        },
        // The driver comes while the customer is home (the window), and brings the items to the store by its end.
        pickup_after: input.window.start.toISOString(),
        deliver_between: { start: input.window.start.toISOString(), end: input.window.end.toISOString() },
        options: {
          signature_required: settings.signatureRequired,
          notifications_enabled: settings.notificationsEnabled,
          decline_insurance: settings.declineInsurance,
        },
      },
    });
  }
  return plan;
}
