/**
 * What the shopper is told at each step of a delivery, by whom, and which Shopify call carries it
 * (issue 42, item 2). Pure data: the state machine reads its fulfillment event statuses from here, and
 * Settings shows it as the merchant's table of notifications.
 *
 * What Shopify documents (../shared/reference/shopify-platform.md §3.3–3.5, the Admin 2026-10 schema):
 * - `fulfillmentCreate(fulfillment: {notifyCustomer})`: true sends the shipping confirmation when the
 *   fulfillment is created (default false);
 * - `fulfillmentTrackingInfoUpdate(notifyCustomer)`: true sends a shipping update email and "notifications
 *   about future updates to the fulfillment"; left blank, none;
 * - `fulfillmentEventCreate`: `FulfillmentEventInput` has no notify flag; the event sets the status the
 *   order status page shows. Shopify's own "Out for delivery" and "Delivered" customer notifications
 *   (Settings › Notifications, the merchant's templates) follow those events on a fulfillment that
 *   notifies its customer; Shopify lists no customer notification for an attempted, delayed or failed
 *   delivery, which the order status page shows.
 * The courier's `notifications_enabled` promises only "Recipient receives SMS updates"
 * (../shared/delivery-api.md): not at which steps nor in which words.
 */

export type FulfillmentEventStatus =
  "CARRIER_PICKED_UP" | "IN_TRANSIT" | "OUT_FOR_DELIVERY" | "DELAYED" | "ATTEMPTED_DELIVERY" | "DELIVERED" | "FAILURE";

/** A Shopify Admin call a step makes; `notifyCustomer: "merchant"` is the shop's Settings choice. */
export type ShopifyCall =
  | { mutation: "fulfillmentCreate"; notifyCustomer: "merchant" }
  | { mutation: "fulfillmentTrackingInfoUpdate"; notifyCustomer: "merchant" }
  | { mutation: "fulfillmentEventCreate"; status: FulfillmentEventStatus };

/** Shopify's customer notifications (the merchant's templates) a step can send. */
export type ShopifyNotice = "shipping_confirmation" | "shipping_update" | "out_for_delivery" | "delivered";

export type ShopperStep = {
  id: string;
  /** The step in the merchant's words (Settings). */
  words: string;
  /** The courier events that make the step; none for a step the app works out (running late). */
  courierEvents: readonly string[];
  /** The calls to Shopify, in order; none before the goods leave the store (no fulfillment yet). */
  calls: readonly ShopifyCall[];
  /** The email Shopify sends when the merchant lets Shopify notify the customer; null: none. */
  shopifyNotice: ShopifyNotice | null;
};

const event = (status: FulfillmentEventStatus): ShopifyCall => ({ mutation: "fulfillmentEventCreate", status });

export const SHOPPER_STEPS: readonly ShopperStep[] = [
  {
    id: "booked",
    words: "Booked with the courier, driver found or changed",
    courierEvents: [
      "shipment.created",
      "shipment.driver_assigned",
      "shipment.driver_unassigned",
      "shipment.en_route_to_pickup",
      "shipment.driver_approaching_pickup",
      "shipment.at_pickup",
      "shipment.reposted",
    ],
    calls: [],
    shopifyNotice: null,
  },
  {
    id: "picked_up",
    words: "Driver picks up the order",
    courierEvents: ["shipment.pickup_confirmed"],
    calls: [{ mutation: "fulfillmentCreate", notifyCustomer: "merchant" }, event("CARRIER_PICKED_UP")],
    shopifyNotice: "shipping_confirmation",
  },
  {
    id: "in_transit",
    words: "Driver's position (at most every 5 minutes, before out for delivery)",
    courierEvents: ["shipment.tracking_updated"],
    calls: [event("IN_TRANSIT")],
    shopifyNotice: null,
  },
  {
    id: "out_for_delivery",
    words: "Driver heads to the customer",
    courierEvents: ["shipment.en_route_to_delivery", "shipment.driver_approaching_delivery", "shipment.at_delivery"],
    calls: [event("OUT_FOR_DELIVERY")],
    shopifyNotice: "out_for_delivery",
  },
  {
    id: "running_late",
    words: "Courier's arrival time passes the end of the chosen window (once)",
    courierEvents: [],
    calls: [event("DELAYED")],
    shopifyNotice: null,
  },
  {
    id: "attempted",
    words: "Delivery attempted, nobody could take it",
    courierEvents: ["shipment.delivery_attempted"],
    calls: [event("ATTEMPTED_DELIVERY")],
    shopifyNotice: null,
  },
  {
    id: "delivered",
    words: "Delivered",
    courierEvents: [
      "shipment.delivery_confirmed",
      "shipment.delivery_confirmed_with_details",
      "shipment.delivery_details_added",
    ],
    calls: [event("DELIVERED")],
    shopifyNotice: "delivered",
  },
  {
    id: "returned",
    words: "Coming back to the store (could not deliver)",
    courierEvents: ["shipment.returned"],
    calls: [event("FAILURE")],
    shopifyNotice: null,
  },
  {
    id: "canceled",
    words: "Canceled by the courier (after pickup: shown as failed)",
    courierEvents: ["shipment.canceled"],
    calls: [event("FAILURE")],
    shopifyNotice: null,
  },
  {
    id: "new_tracking_number",
    words: "Courier posts the delivery again under a new number (after pickup)",
    courierEvents: [],
    calls: [{ mutation: "fulfillmentTrackingInfoUpdate", notifyCustomer: "merchant" }],
    shopifyNotice: "shipping_update",
  },
];

const BY_COURIER_EVENT = new Map(SHOPPER_STEPS.flatMap((step) => step.courierEvents.map((name) => [name, step])));

/** The step a courier event makes, or null for one the shopper never hears of (a grouping, unknown). */
export function shopperStepOf(courierEvent: string): ShopperStep | null {
  return BY_COURIER_EVENT.get(courierEvent) ?? null;
}

/** The fulfillment event status a courier event shows on the order in Shopify, or null when it shows none. */
export function fulfillmentStatusOf(courierEvent: string): FulfillmentEventStatus | null {
  const call = shopperStepOf(courierEvent)?.calls.find((c) => c.mutation === "fulfillmentEventCreate");
  return call?.mutation === "fulfillmentEventCreate" ? call.status : null;
}

/** What the shopper receives at a step, and from whom, given the merchant's two choices (Settings' table). */
export type NoticeRow = { step: string; shopify: string; courier: string };

const NOTICE_WORDS: Record<ShopifyNotice, string> = {
  shipping_confirmation: "Shipping confirmation email, with the tracking link",
  shipping_update: "Shipping update email, with the new tracking link",
  out_for_delivery: "Out for delivery email",
  delivered: "Delivered email",
};

export function noticeRows(choices: { shopifyNotifies: boolean; courierSms: boolean }): NoticeRow[] {
  return SHOPPER_STEPS.map((step) => {
    const shown = step.calls.some((c) => c.mutation === "fulfillmentEventCreate");
    const email = step.shopifyNotice && choices.shopifyNotifies ? NOTICE_WORDS[step.shopifyNotice] : null;
    const shopify = email
      ? `${email}; order status page updated`
      : shown || step.calls.length > 0
        ? "Order status page updated (no email)"
        : "Nothing (no fulfillment before pickup)";
    return {
      step: step.words,
      shopify,
      courier: choices.courierSms ? "Possibly an SMS (the courier does not say at which steps)" : "Nothing",
    };
  });
}
