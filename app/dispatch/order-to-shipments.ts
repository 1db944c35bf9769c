import type { CreateShipmentRequest, Item } from "~/courier/requests";
import type { DeliveryArea } from "~/settings/shop-settings";
import { DESCRIPTION_MAX, ITEM_DESCRIPTION_MAX, ITEM_REFERENCE_ID_MAX, US_STATE_CODES } from "~/courier/limits";
import type { LocationAddress } from "~/shipments/location-address";
import { dimensionsFor, type PackageDefaults } from "~/shipments/package-size";
import { moneyToDollars, weightToPounds } from "~/shipments/units";
import { legacyId } from "~/shopify-admin/global-ids";
import type { OrderForDispatch } from "~/shopify-admin/orders.server";
import { driverNotes, type DriverNotesSettings } from "./driver-notes";
import { isLocalDelivery } from "./local-delivery";
import { outsideAreaReason } from "./dispatch-area";
import { firstCourierPhone, toCourierPhone } from "~/courier/phone";
import { areaOf, zipVerdict } from "~/quote/public";

/**
 * A paid order → one courier shipment request per open fulfillment order assigned to an enabled
 * pickup location (a split order has one location per fulfillment order). Pure: everything it
 * needs comes in as plain data.
 */

export type DispatchSettings = {
  defaultPackage: PackageDefaults;
  age21Tags: string[];
  age18Tags: string[];
  signatureRequired: boolean;
  notificationsEnabled: boolean;
  declineInsurance: boolean;
  driverNotes: DriverNotesSettings;
  /**
   * The pickup locations' delivery areas, whose ZIP rule an automatic dispatch keeps to (the radius needs
   * the courier's distance: app/dispatch/dispatch-area.ts); empty for a dispatch staff asked for.
   */
  deliveryAreas: readonly DeliveryArea[];
};

export type PickupPoint = {
  locationGid: string;
  name: string;
  address: LocationAddress;
  contactName: string | null;
  contactPhone: string | null;
  notes: string | null;
};

export type DeliveryWindowChoice = { pickupAfter: Date; deliverBetween: { start: Date; end: Date } };

export type PlannedShipment = {
  fulfillmentOrderGid: string;
  locationGid: string;
  request: CreateShipmentRequest & { idempotency_key: string };
  itemCount: number;
};

/** The attention code (app/shipments/attention-reasons.ts) of a fulfillment order staff must act on. */
export type NeedsAttentionCode = "dispatch_failed" | "outside_area";

export type DispatchPlan = {
  /** Set when the whole order is not for us (cancelled, fulfilled, nowhere to deliver). */
  orderSkipReason: string | null;
  shipments: PlannedShipment[];
  /** Fulfillment orders that should be delivered but cannot be as the data stands: staff must act. */
  needsAttention: {
    fulfillmentOrderGid: string;
    locationGid: string | null;
    reason: string;
    code: NeedsAttentionCode;
  }[];
  /** Fulfillment orders that are not ours to deliver, with why. */
  skipped: { fulfillmentOrderGid: string; reason: string }[];
};

type FulfillmentOrder = OrderForDispatch["fulfillmentOrders"]["nodes"][number];
type FulfillmentOrderLine = FulfillmentOrder["lineItems"]["nodes"][number];

const OPEN_STATUSES = new Set(["OPEN", "IN_PROGRESS"]);
const US_STATES: ReadonlySet<string> = new Set(US_STATE_CODES);

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function itemDescription(line: FulfillmentOrderLine): string {
  const variant = line.variantTitle && line.variantTitle !== "Default Title" ? ` – ${line.variantTitle}` : "";
  return truncate(`${line.productTitle}${variant}`, ITEM_DESCRIPTION_MAX);
}

function hasTag(tags: readonly string[], wanted: readonly string[]): boolean {
  const lower = new Set(tags.map((t) => t.trim().toLowerCase()));
  return wanted.some((w) => lower.has(w.trim().toLowerCase()));
}

function toItem(line: FulfillmentOrderLine, defaults: PackageDefaults): Item {
  const dims = dimensionsFor(
    { variantMetafield: line.variant?.metafield?.value, productMetafield: line.variant?.product.metafield?.value },
    defaults,
  );
  const value = moneyToDollars(line.originalUnitPriceSet.shopMoney.amount);
  return {
    description: itemDescription(line),
    reference_id: line.sku ? line.sku.slice(0, ITEM_REFERENCE_ID_MAX) : null,
    ...(value !== undefined ? { value } : {}),
    ...dims,
    weight: weightToPounds(line.weight) ?? defaults.weight,
    quantity: line.remainingQuantity,
  };
}

function orderSkipReason(order: OrderForDispatch): string | null {
  if (order.cancelledAt) return "The order was cancelled.";
  if (order.displayFulfillmentStatus === "FULFILLED") return "The order is already fulfilled.";
  if (!order.shippingAddress) return "The order has no shipping address: nothing to deliver.";
  if (order.shippingAddress.countryCodeV2 !== "US") return "Same-day delivery is only available in the United States.";
  return null;
}

export function planShipments(input: {
  order: OrderForDispatch;
  pickupPoints: ReadonlyMap<string, PickupPoint>;
  settings: DispatchSettings;
  window: DeliveryWindowChoice;
  idempotencyKeyFor: (fulfillmentOrderGid: string) => string;
  /** Shopify Local Delivery mode claimed the order: its other fulfillment orders (shipped, picked up) are not ours. */
  onlyLocalDelivery?: boolean;
}): DispatchPlan {
  const { order, settings } = input;
  const plan: DispatchPlan = {
    orderSkipReason: orderSkipReason(order),
    shipments: [],
    needsAttention: [],
    skipped: [],
  };
  if (plan.orderSkipReason) return plan;
  const address = order.shippingAddress!;

  for (const fo of order.fulfillmentOrders.nodes) {
    const locationGid = fo.assignedLocation.location?.id ?? null;
    const lines = fo.lineItems.nodes.filter((l) => l.requiresShipping && l.remainingQuantity > 0);
    if (!OPEN_STATUSES.has(fo.status)) {
      plan.skipped.push({
        fulfillmentOrderGid: fo.id,
        reason: `The fulfillment order is ${fo.status.toLowerCase().replaceAll("_", " ")}.`,
      });
      continue;
    }
    if (input.onlyLocalDelivery && !isLocalDelivery(fo)) {
      plan.skipped.push({
        fulfillmentOrderGid: fo.id,
        reason: "The shopper did not choose local delivery for these items.",
      });
      continue;
    }
    const pickup = locationGid ? input.pickupPoints.get(locationGid) : undefined;
    if (!pickup) {
      plan.skipped.push({
        fulfillmentOrderGid: fo.id,
        reason: `${fo.assignedLocation.name} is not a pickup location for same-day delivery.`,
      });
      continue;
    }
    if (lines.length === 0) {
      plan.skipped.push({ fulfillmentOrderGid: fo.id, reason: "Nothing left to ship in this fulfillment order." });
      continue;
    }
    const attention = (reason: string, code: NeedsAttentionCode = "dispatch_failed") =>
      plan.needsAttention.push({ fulfillmentOrderGid: fo.id, locationGid, reason, code });

    const recipientPhone = firstCourierPhone([address.phone, order.phone]);
    if (!recipientPhone) {
      attention("No US phone number for the recipient: add one to the order's shipping address, then dispatch again.");
      continue;
    }
    const pickupPhone = toCourierPhone(pickup.contactPhone);
    if (!pickup.contactName || !pickupPhone) {
      attention(`Set a contact name and US phone for the pickup location ${pickup.name} in the app's settings.`);
      continue;
    }
    const state = address.provinceCode ?? "";
    if (!US_STATES.has(state) || !address.address1 || !address.city || !address.zip) {
      attention("The shipping address is incomplete (street, city, state and ZIP are needed).");
      continue;
    }
    const byZip = zipVerdict(areaOf(settings.deliveryAreas, pickup.locationGid), address.zip);
    if (!byZip.inside) {
      attention(outsideAreaReason(pickup.name, byZip), "outside_area");
      continue;
    }
    const pickupState = pickup.address.provinceCode ?? "";
    if (!US_STATES.has(pickupState) || !pickup.address.address1 || !pickup.address.city || !pickup.address.zip) {
      attention(`The address of the pickup location ${pickup.name} is incomplete in Shopify.`);
      continue;
    }

    const items = lines.map((line) => toItem(line, settings.defaultPackage));
    const productTags = lines.flatMap((l) => l.variant?.product.tags ?? []);
    const recipientName =
      address.name?.trim() || [address.firstName, address.lastName].filter(Boolean).join(" ").trim() || "Recipient";
    const units = items.reduce((sum, item) => sum + item.quantity, 0);
    const notes = driverNotes(settings.driverNotes, {
      checkoutInstructions: fo.deliveryMethod?.additionalInformation?.instructions,
      attributes: order.customAttributes,
      orderNote: order.note,
    });

    plan.shipments.push({
      fulfillmentOrderGid: fo.id,
      locationGid: pickup.locationGid,
      itemCount: units,
      request: {
        reference_id: order.name,
        idempotency_key: input.idempotencyKeyFor(fo.id),
        alternate_id_1: legacyId(order.id),
        alternate_id_2: legacyId(fo.id),
        // Visible to every driver on the platform: the order number and the store, never the customer.
        description: truncate(
          `Order ${order.name}: ${units} item${units === 1 ? "" : "s"} from ${pickup.name}`,
          DESCRIPTION_MAX,
        ),
        items,
        pickup_location: {
          address: {
            name: pickup.name.slice(0, 200),
            street1: pickup.address.address1,
            ...(pickup.address.address2 ? { street2: pickup.address.address2 } : {}),
            city: pickup.address.city,
            state: pickupState as (typeof US_STATE_CODES)[number],
            zip: pickup.address.zip,
          },
          contact: { name: pickup.contactName, phone: pickupPhone },
          ...(pickup.notes ? { notes: pickup.notes } : {}),
        },
        delivery_location: {
          address: {
            ...(address.company ? { name: address.company.slice(0, 200) } : {}),
            street1: address.address1,
            ...(address.address2 ? { street2: address.address2 } : {}),
            city: address.city,
            state: state as (typeof US_STATE_CODES)[number],
            zip: address.zip,
            ...(typeof address.latitude === "number" && typeof address.longitude === "number"
              ? { latitude: address.latitude, longitude: address.longitude }
              : {}),
          },
          contact: { name: recipientName.slice(0, 200), phone: recipientPhone },
          ...(notes ? { notes } : {}),
        },
        pickup_after: input.window.pickupAfter.toISOString(),
        deliver_between: {
          start: input.window.deliverBetween.start.toISOString(),
          end: input.window.deliverBetween.end.toISOString(),
        },
        options: {
          signature_required: settings.signatureRequired,
          notifications_enabled: settings.notificationsEnabled,
          over_21_required: hasTag(productTags, settings.age21Tags),
          over_18_required: hasTag(productTags, settings.age18Tags),
          decline_insurance: settings.declineInsurance,
        },
      },
    });
  }
  return plan;
}
