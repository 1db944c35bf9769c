import { z } from "zod";
import { COURIER_SHIPMENT_STATES, type CourierShipmentState } from "./limits";
import {
  idText,
  lenientArray,
  lenientBoolean,
  lenientNumber,
  lenientObject,
  lenientRecord,
  lenientText,
  lenientTimestamp,
  numberOrNumericText,
} from "./lenient";

/**
 * The courier's response bodies, parsed leniently (see lenient.ts): unknown fields are kept,
 * numbers sent as text are accepted, alternate ids sent as numbers become text, and a state the
 * courier's API does not list becomes "unknown" with the raw value in `state_raw`.
 */

const TimeWindowResponse = z.looseObject({ start: lenientTimestamp, end: lenientTimestamp });

export const AddressResponse = z.looseObject({
  name: lenientText,
  store_number: lenientText,
  street1: lenientText,
  street2: lenientText,
  city: lenientText,
  state: lenientText,
  zip: lenientText,
  latitude: lenientNumber,
  longitude: lenientNumber,
});

export const LocationResponse = z.looseObject({
  address: lenientObject(AddressResponse),
  contact: lenientObject(z.looseObject({ name: lenientText, phone: lenientText })),
  notes: lenientText,
});

export const ItemResponse = z.looseObject({
  description: lenientText,
  reference_id: lenientText,
  value: lenientNumber,
  length: lenientNumber,
  width: lenientNumber,
  height: lenientNumber,
  weight: lenientNumber,
  quantity: lenientNumber,
});

export const DriverResponse = z.looseObject({
  name: lenientText,
  phone: lenientText,
  vehicle: lenientObject(
    z.looseObject({ category: lenientText, color: lenientText, make: lenientText, model: lenientText }),
  ),
});

const ShipmentEventEntry = z.looseObject({
  name: lenientText,
  occurred_at: lenientTimestamp,
  location: lenientObject(z.looseObject({ latitude: lenientNumber, longitude: lenientNumber })),
});

export type KnownOrUnknownState = CourierShipmentState | "unknown";

export function readState(raw: unknown): { state: KnownOrUnknownState; state_raw: string | null } {
  const text = typeof raw === "string" ? raw : null;
  const known = (COURIER_SHIPMENT_STATES as readonly string[]).includes(text ?? "");
  return { state: known ? (text as CourierShipmentState) : "unknown", state_raw: text };
}

export const ShipmentSchema = z
  .looseObject({
    id: idText,
    reference_id: lenientText,
    alternate_id_1: lenientText,
    alternate_id_2: lenientText,
    description: lenientText,
    state: z.unknown().optional(),
    items: lenientArray(ItemResponse),
    pickup_location: lenientObject(LocationResponse),
    delivery_location: lenientObject(LocationResponse),
    pickup_after: lenientTimestamp,
    pickup_between: lenientObject(TimeWindowResponse),
    deliver_between: lenientObject(TimeWindowResponse),
    options: lenientObject(
      z.looseObject({
        signature_required: lenientBoolean,
        notifications_enabled: lenientBoolean,
        over_21_required: lenientBoolean,
        over_18_required: lenientBoolean,
        extra_compensation: lenientNumber,
        trailer_required: lenientBoolean,
        decline_insurance: lenientBoolean,
      }),
    ),
    tracking_number: lenientText,
    driver: lenientObject(DriverResponse),
    signatory_name: lenientText,
    price: lenientNumber,
    estimated_distance: lenientNumber,
    events: lenientArray(ShipmentEventEntry),
    delivery_batch: lenientRecord,
    created_at: lenientTimestamp,
    updated_at: lenientTimestamp,
  })
  // Object.assign (not a spread) keeps the index signature, so unknown fields stay reachable in the type.
  .transform((shipment) => Object.assign({}, shipment, readState(shipment.state)));
export type Shipment = z.output<typeof ShipmentSchema>;

export const ShipmentListSchema = z.array(ShipmentSchema);

export const EstimateSchema = z.looseObject({
  price: numberOrNumericText,
  size: lenientText,
  estimated_distance: lenientNumber,
});
export type Estimate = z.output<typeof EstimateSchema>;

export const TipResultSchema = z.looseObject({ amount: numberOrNumericText });
export type TipResult = z.output<typeof TipResultSchema>;

export const RatingResultSchema = z.looseObject({ value: numberOrNumericText });
export type RatingResult = z.output<typeof RatingResultSchema>;

export const ApiErrorEntry = z.looseObject({ code: lenientNumber, parameter: lenientText, message: lenientText });
/** `{ errors: [{code, parameter, message}] }`; bodies of other statuses are "not shown", so any object is read. */
export const ErrorBodySchema = z.looseObject({
  errors: lenientArray(ApiErrorEntry),
  message: lenientText,
  error: lenientText,
});
export type ErrorBody = z.output<typeof ErrorBodySchema>;

/** The cancel response is "not shown": a shipment when the body carries one, and a fee when one is stated. */
export const CancelResultSchema = z.looseObject({
  cancellation_fee: lenientNumber,
  fee: lenientNumber,
});
