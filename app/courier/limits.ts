/**
 * Every limit and enumeration of the courier's API, in one place. The client's request
 * schemas and the courier sandbox both read them, so a limit has exactly one definition.
 */

export const REFERENCE_ID_MAX = 100;
export const DESCRIPTION_MAX = 600;
export const ITEM_DESCRIPTION_MAX = 200;
export const ITEM_REFERENCE_ID_MAX = 100;
export const NOTES_MAX = 500;
/** Address name, street1, street2 and city. */
export const ADDRESS_LINE_MAX = 200;
export const STORE_NUMBER_MAX = 20;
export const ZIP_MAX = 10;
export const CONTACT_NAME_MAX = 200;
export const PHONE_MAX = 10;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REQUESTS_PER_SECOND = 10;
export const MAX_DISTANCE_MILES = 350;
/** Sandbox `--timing N` bounds, in seconds. */
export const TIMING_MIN_S = 15;
export const TIMING_MAX_S = 900;
/** A tip may be left up to this long after delivery. */
export const TIP_WINDOW_AFTER_DELIVERY_MS = 3 * 24 * 60 * 60 * 1000;
/** Sandbox: a shipment whose deliver_between.start is closer than this progresses by itself. */
export const SANDBOX_AUTO_PROGRESS_WITHIN_MS = 30 * 60 * 1000;
export const SANDBOX_FIRST_EVENT_AFTER_S = 30;
export const SANDBOX_DEFAULT_INTERVAL_S = 15;
/** Recommended lead time between request and pickup (not enforced by the courier). */
export const RECOMMENDED_LEAD_TIME_MS = 60 * 60 * 1000;
/**
 * Not a courier limit (its ids are numbers): the longest id an event may carry. The id becomes a
 * column and a job's key, so a longer one is refused rather than stored.
 */
export const COURIER_ID_MAX = 100;
/** Not a courier limit: a sane ceiling for our own idempotency keys. */
export const IDEMPOTENCY_KEY_MAX = 255;

/** The courier's eight shipment states, in the order a delivery goes through them (the app's add two: see SHIPMENT_STATES). */
export const COURIER_SHIPMENT_STATES = [
  "scheduled",
  "assigned",
  "en_route",
  "attempted",
  "delivered",
  "returned",
  "canceled",
  "expired",
] as const;
export type CourierShipmentState = (typeof COURIER_SHIPMENT_STATES)[number];

export const CANCELLATION_CODES = [
  "address_inaccessible",
  "address_incorrect",
  "cold_chain_violation",
  "contact_not_available",
  "delivery_deadline_passed",
  "driver_delayed",
  "driver_canceled",
  "duplicate_order",
  "item_already_delivered",
  "item_damaged",
  "item_not_as_described",
  "item_not_in_stock",
  "item_not_ready",
  "order_canceled",
  "order_incomplete",
  "order_not_found",
  "wait_time_exceeded",
  "other",
] as const;
export type CancellationCode = (typeof CANCELLATION_CODES)[number];

export const RETURN_CODES = [
  "recipient_refused_damaged",
  "recipient_refused",
  "dest_address_not_found",
  "dest_address_inaccessible",
  "signature_required",
  "age_verfication_failure", // spelled so by the courier
  "delivery_time_early",
  "delivery_time_expired",
  "cold_chain_compliance",
  "recipient_incorrect",
  "recipient_unavailable",
  "order_canceled_after_pickup",
  "other",
] as const;
export type ReturnCode = (typeof RETURN_CODES)[number];

export const STANDARD_EVENT_NAMES = [
  "shipment.driver_assigned",
  "shipment.en_route_to_pickup",
  "shipment.at_pickup",
  "shipment.pickup_confirmed",
  "shipment.en_route_to_delivery",
  "shipment.at_delivery",
  "shipment.delivery_confirmed",
  "shipment.delivery_details_added",
  "shipment.delivery_attempted",
  "shipment.returned",
  "shipment.canceled",
  "shipment.driver_approaching_pickup",
  "shipment.driver_approaching_delivery",
] as const;

/** Sent only when the operator enables them on the account. */
export const ADDITIONAL_EVENT_NAMES = [
  "shipment.tracking_updated",
  "shipment.driver_unassigned",
  "shipment.created",
  "grouping.pickup_grouping_identified",
  "shipment.delivery_confirmed_with_details",
  "shipment.reposted",
] as const;

export const EVENT_NAMES = [...STANDARD_EVENT_NAMES, ...ADDITIONAL_EVENT_NAMES] as const;
export type CourierEventName = (typeof EVENT_NAMES)[number];

/** Events that may carry an ETA (when the operator enables it). */
export const ETA_EVENT_NAMES = [
  "shipment.en_route_to_pickup",
  "shipment.at_pickup",
  "shipment.en_route_to_delivery",
  "shipment.at_delivery",
  "shipment.tracking_updated",
] as const;

export const IMAGE_KINDS = ["signature", "pickup", "delivery"] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

export const LABEL_FORMATS = ["PNG", "PDF"] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

export const API_ERROR_CODES = {
  missing: 1001,
  invalid: 1002,
  rule: 1003,
  addressNotFound: 1004,
  noRoute: 1005,
  notFound: 1006,
} as const;

/** Two-letter codes of US states, DC and the inhabited territories (the courier serves the US only). */
// prettier-ignore
export const US_STATE_CODES = [
  "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY",
  "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND",
  "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY", "DC",
  "PR", "GU", "VI", "AS", "MP",
] as const;
