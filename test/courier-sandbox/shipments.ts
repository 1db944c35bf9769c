import type { CreateBody, SandboxShipment } from "./model";
import type { Outcome } from "./commands";
import { stepsFor } from "./progression";
import type { Point } from "./geo";

/** The sandbox's shipment records: creation, reposting, and their JSON form on the wire. */

export type NewShipmentInput = {
  id: number;
  token: string;
  request: CreateBody;
  now: Date;
  price: number;
  size: string;
  estimatedDistance: number;
  pickupPoint: Point;
  deliveryPoint: Point;
  outcome: Outcome;
  intervalS: number;
  auto: boolean;
};

export function trackingNumberFor(id: number): string {
  const digits = String(id).padStart(9, "0");
  const check = [...digits].reduce((sum, d, i) => sum + Number(d) * (i % 2 ? 3 : 1), 0) % 10;
  return `SBX${digits}${check}`;
}

export function newShipment(input: NewShipmentInput): SandboxShipment {
  const { idempotency_key: _key, ...request } = input.request;
  return {
    id: input.id,
    token: input.token,
    request,
    state: "scheduled",
    trackingNumber: trackingNumberFor(input.id),
    createdAt: input.now,
    updatedAt: input.now,
    price: input.price,
    size: input.size,
    estimatedDistance: input.estimatedDistance,
    pickupPoint: input.pickupPoint,
    deliveryPoint: input.deliveryPoint,
    driver: null,
    acceptedAt: null,
    enRouteToPickupAt: null,
    pickedUpAt: null,
    finishedAt: null,
    deliveredAt: null,
    signatoryName: null,
    images: [],
    events: [],
    tip: null,
    rating: null,
    cancellation: null,
    outcome: input.outcome,
    intervalS: input.intervalS,
    auto: input.auto,
    steps: stepsFor(input.outcome),
    stepIndex: 0,
    driverCount: 0,
    parentId: null,
    parentTrackingNumber: null,
    repostedAs: null,
  };
}

/**
 * The shipment posted again after `parent` expired: same request, windows moved to start one
 * minute from now with the original window length. A reposted shipment is picked up normally
 * (its parent's no-driver command is not carried over), so a repost never loops.
 */
export function repostOf(parent: SandboxShipment, id: number, now: Date): SandboxShipment {
  const start = new Date(now.getTime() + 60_000);
  const length = Date.parse(parent.request.deliver_between.end) - Date.parse(parent.request.deliver_between.start);
  const pickupNotes = parent.outcome === "no_driver" ? null : (parent.request.pickup_location.notes ?? null);
  return {
    ...newShipment({
      id,
      token: parent.token,
      request: {
        ...parent.request,
        pickup_location: { ...parent.request.pickup_location, notes: pickupNotes },
        pickup_after: start.toISOString(),
        deliver_between: { start: start.toISOString(), end: new Date(start.getTime() + length).toISOString() },
      },
      now,
      price: parent.price,
      size: parent.size,
      estimatedDistance: parent.estimatedDistance,
      pickupPoint: parent.pickupPoint,
      deliveryPoint: parent.deliveryPoint,
      outcome: parent.outcome === "no_driver" ? "deliver" : parent.outcome,
      intervalS: parent.intervalS,
      auto: true,
    }),
    parentId: parent.id,
    parentTrackingNumber: parent.trackingNumber,
  };
}

const NUMERIC = /^\d{1,15}$/;

/**
 * The Shipment object as the courier returns it. `numericAlternateIds` reproduces the courier's
 * list sample, where an alternate id comes back as a number: numeric-looking alternate ids are
 * sent as JSON numbers in list responses.
 */
export function shipmentJson(
  s: SandboxShipment,
  opts: { includeEvents: boolean; numericAlternateIds?: boolean },
): Record<string, unknown> {
  const alt = (value: string | undefined) =>
    value !== undefined && opts.numericAlternateIds && NUMERIC.test(value) ? Number(value) : (value ?? null);
  const withPoint = (location: SandboxShipment["request"]["pickup_location"], point: Point) => ({
    ...location,
    address: { ...location.address, latitude: point.latitude, longitude: point.longitude },
  });
  const json: Record<string, unknown> = {
    id: s.id,
    reference_id: s.request.reference_id,
    alternate_id_1: alt(s.request.alternate_id_1),
    alternate_id_2: alt(s.request.alternate_id_2),
    description: s.request.description ?? null,
    state: s.state,
    items: s.request.items,
    pickup_location: withPoint(s.request.pickup_location, s.pickupPoint),
    delivery_location: withPoint(s.request.delivery_location, s.deliveryPoint),
    pickup_after: s.request.pickup_after,
    deliver_between: s.request.deliver_between,
    options: s.request.options,
    tracking_number: s.trackingNumber,
    price: s.price,
    estimated_distance: s.estimatedDistance,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
  if (s.request.pickup_between) json.pickup_between = s.request.pickup_between;
  if (s.request.delivery_batch) json.delivery_batch = s.request.delivery_batch;
  for (const key of [
    "pickup_accessibility_features",
    "delivery_accessibility_features",
    "packaging_information",
  ] as const) {
    if (s.request[key] !== undefined) json[key] = s.request[key];
  }
  if (s.driver) json.driver = { name: s.driver.name, phone: s.driver.phone };
  if (s.signatoryName) json.signatory_name = s.signatoryName;
  if (opts.includeEvents) json.events = s.events;
  return json;
}
