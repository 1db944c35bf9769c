import { DESCRIPTION_MAX, REFERENCE_ID_MAX } from "~/courier/limits";
import type { DeliveryBatch } from "~/courier/requests";
import { returnLegReference } from "./courier-reference";
import type { PlannedCollection } from "./return-to-pickups";
import type { PlannedShipment } from "~/dispatch/public";

/**
 * An exchange as one round trip (delivery-api.md, "Round trips"): the new items' delivery legs
 * (store → customer) and the returned items' collection legs (customer → store), sent together with
 * one `delivery_batch.reference_id` and `sequence_number` 1, 2, … (deliveries first), and "round trip"
 * in each leg's description. A return without exchange items is no round trip: its legs are unchanged.
 * Pure.
 */

export const ROUND_TRIP_WORDS = "Round trip";

export type RoundTripLeg =
  | { kind: "delivery"; sequence: number | null; planned: PlannedShipment }
  | { kind: "return_pickup"; sequence: number | null; planned: PlannedCollection };

/** The batch's reference: the return and the booking generation, never customer data. */
export function roundTripReference(returnGid: string, generation: number): string {
  const id = returnGid.slice(returnGid.lastIndexOf("/") + 1);
  return `rt-${id}-${generation}`.slice(0, REFERENCE_ID_MAX);
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export function roundTripLegs(input: {
  returnGid: string;
  returnName: string;
  orderName: string;
  generation: number;
  deliveries: readonly PlannedShipment[];
  collections: readonly PlannedCollection[];
}): { batchReferenceId: string | null; legs: RoundTripLeg[] } {
  const legs: RoundTripLeg[] = [
    ...input.deliveries.map((planned) => ({ kind: "delivery" as const, sequence: null, planned })),
    ...input.collections.map((planned) => ({ kind: "return_pickup" as const, sequence: null, planned })),
  ];
  if (input.deliveries.length === 0 || input.collections.length === 0) return { batchReferenceId: null, legs };
  const reference = roundTripReference(input.returnGid, input.generation);
  return {
    batchReferenceId: reference,
    legs: legs.map((leg, index) => {
      const sequence = index + 1;
      const batch: DeliveryBatch = { reference_id: reference, sequence_number: sequence };
      const description = truncate(
        `${ROUND_TRIP_WORDS} ${input.returnName}, leg ${sequence} of ${legs.length}: ${leg.planned.request.description ?? ""}`,
        DESCRIPTION_MAX,
      );
      // Every leg is the exchange's to the courier ("#1001 exchange"), the delivery's too.
      const reference_id = returnLegReference(input.orderName, input.returnName, "exchange");
      const request = { ...leg.planned.request, reference_id, description, delivery_batch: batch };
      return leg.kind === "delivery"
        ? { kind: "delivery", sequence, planned: { ...leg.planned, request } }
        : { kind: "return_pickup", sequence, planned: { ...leg.planned, request } };
    }),
  };
}
