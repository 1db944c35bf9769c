import type { ImageKind } from "~/courier/limits";
import type { Outcome } from "./commands";
import { between, type Point } from "./geo";
import type { AccountOptions, Driver, SandboxShipment, StepName, WebhookEvent } from "./model";

/**
 * The sandbox's state machine as pure functions: which steps a shipment goes through for each
 * outcome, and what one step does (the next shipment value and the webhook events it causes).
 * Timing lives in the runner; this module never reads a clock.
 */

const PICKUP_PHASE: StepName[] = ["assign", "en_route_to_pickup", "approaching_pickup", "at_pickup", "pickup"];
const DELIVERY_PHASE: StepName[] = ["en_route_to_delivery", "approaching_delivery", "at_delivery"];

export function stepsFor(outcome: Outcome): StepName[] {
  switch (outcome) {
    case "deliver":
      return [...PICKUP_PHASE, ...DELIVERY_PHASE, "deliver"];
    case "return":
      return [...PICKUP_PHASE, ...DELIVERY_PHASE, "attempt", "return"];
    case "cancel":
      return ["assign", "en_route_to_pickup", "courier_cancel"];
    case "reassign":
      return ["assign", "en_route_to_pickup", "unassign", ...PICKUP_PHASE, ...DELIVERY_PHASE, "deliver"];
    case "no_driver":
      return [];
  }
}

export type StepContext = {
  now: Date;
  account: AccountOptions;
  /** The sandbox's base URL, for attachment and `_ref` links. */
  baseUrl: string;
  /** Other shipments of the same delivery batch (same token and delivery_batch.reference_id). */
  related: readonly SandboxShipment[];
};

export type StepResult = { shipment: SandboxShipment; events: WebhookEvent[] };

const FIRST_NAMES = ["Ava", "Ben", "Chloe", "Diego", "Emma", "Farid", "Grace", "Hugo", "Ines", "Jamal"];
const LAST_NAMES = ["Nguyen", "Smith", "Garcia", "Okafor", "Kim", "Rossi", "Patel", "Cohen", "Silva", "Berg"];
const VEHICLES = [
  { category: "car", color: "blue", make: "Toyota", model: "Corolla" },
  { category: "suv", color: "white", make: "Honda", model: "CR-V" },
  { category: "van", color: "gray", make: "Ford", model: "Transit" },
  { category: "truck", color: "red", make: "Chevrolet", model: "Silverado" },
];

export function driverFor(shipmentId: number, ordinal: number): Driver {
  const n = shipmentId * 7 + ordinal * 13;
  return {
    id: `drv_${(n % 9000) + 1000}`,
    name: `${FIRST_NAMES[n % FIRST_NAMES.length]} ${LAST_NAMES[(n >> 1) % LAST_NAMES.length]}`,
    phone: `555${String(1000000 + (n % 9000000)).slice(-7)}`,
    vehicle: VEHICLES[n % VEHICLES.length]!,
  };
}

/** Where the driver starts: a little north-west of the pickup. */
const driverStart = (s: SandboxShipment): Point => ({
  latitude: s.pickupPoint.latitude + 0.03,
  longitude: s.pickupPoint.longitude - 0.03,
});

export function imageUrl(baseUrl: string, shipmentId: number, kind: ImageKind): string {
  return `${baseUrl}/v1/shipments/${shipmentId}/images/${kind}`;
}

function attachment(ctx: StepContext, s: SandboxShipment, kind: ImageKind) {
  return { file_name: `${kind}-${s.id}.png`, mime_type: "image/png", url: imageUrl(ctx.baseUrl, s.id, kind) };
}

export function batchFriendlyId(reference: string): string {
  let hash = 0;
  for (const ch of reference) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `B-${(hash % 90000) + 10000}`;
}

/** Fields every shipment event carries (the courier's "common data fields"). */
export function commonData(s: SandboxShipment, ctx: StepContext): Record<string, unknown> {
  const data: Record<string, unknown> = {
    id: s.id,
    occurred_at: ctx.now.toISOString(),
    reference_id: s.request.reference_id,
    tracking_number: s.trackingNumber,
    related_shipments: ctx.related.filter((r) => r.id !== s.id).map((r) => r.id),
  };
  if (s.parentTrackingNumber) data.parent_tracking_number = s.parentTrackingNumber;
  const batch = s.request.delivery_batch;
  if (batch) {
    data.delivery_batch = {
      friendly_id: batchFriendlyId(batch.reference_id),
      sequence_number: batch.sequence_number,
      reference_id: batch.reference_id,
    };
    data.sequence_number = batch.sequence_number;
  }
  if (s.driver) data.driver = { name: s.driver.name, phone: s.driver.phone };
  return data;
}

const submitted = (s: SandboxShipment, step: StepName) => ({
  action_id: `act_${s.id}_${step}`,
  attributes: { source: "courier-sandbox" },
});

/** When the driver is expected at `target`: now plus the remaining steps times the interval. */
function etaAt(s: SandboxShipment, step: StepName, target: StepName, ctx: StepContext): string {
  const here = s.stepIndex;
  const there = s.steps.indexOf(target, here);
  const stepsAway = there < 0 ? 0 : there - here;
  return new Date(ctx.now.getTime() + stepsAway * s.intervalS * 1000).toISOString();
}

function withEta(data: Record<string, unknown>, ctx: StepContext, eta: () => string) {
  return ctx.account.eta ? { ...data, eta: eta() } : data;
}

const at = (p: Point) => ({ latitude: p.latitude, longitude: p.longitude });

export function applyStep(input: SandboxShipment, step: StepName, ctx: StepContext): StepResult {
  const now = ctx.now;
  let s: SandboxShipment = { ...input, updatedAt: now };
  const events: WebhookEvent[] = [];
  const extra = ctx.account.extraEvents;
  const emit = (event: string, fields: Record<string, unknown>) =>
    events.push({ event, data: { ...commonData(s, ctx), ...fields } });
  const record = (name: string, point: Point) =>
    (s = { ...s, events: [...s.events, { name, occurred_at: now.toISOString(), location: at(point) }] });

  switch (step) {
    case "assign": {
      const driver = driverFor(s.id, s.driverCount + 1);
      s = { ...s, state: "assigned", driver, driverCount: s.driverCount + 1, acceptedAt: s.acceptedAt ?? now };
      record("driver_assigned", driverStart(s));
      emit("shipment.driver_assigned", {
        driver_id: driver.id,
        driver: { name: driver.name, phone: driver.phone, vehicle: driver.vehicle },
      });
      if (extra) {
        const members = [s, ...ctx.related.filter((r) => r.id !== s.id)];
        events.push({
          event: "grouping.pickup_grouping_identified",
          data: {
            id: `grp_${s.id}`,
            friendly_id: `G-${s.id}`,
            occurred_at: now.toISOString(),
            pickup_time: etaAt(s, step, "pickup", ctx),
            shipments: members.map((m) => ({
              id: m.id,
              reference_id: m.request.reference_id,
              tracking_number: m.trackingNumber,
              _ref: `${ctx.baseUrl}/v1/shipments/${m.id}`,
              alternate_id_1: m.request.alternate_id_1 ?? null,
              alternate_id_2: m.request.alternate_id_2 ?? null,
              support_id: `SUP-${m.id}`,
            })),
          },
        });
      }
      break;
    }
    case "en_route_to_pickup": {
      const p = driverStart(s);
      s = { ...s, enRouteToPickupAt: now };
      record("en_route_to_pickup", p);
      emit(
        "shipment.en_route_to_pickup",
        withEta({ ...at(p), driver_submitted_data: submitted(s, step) }, ctx, () => etaAt(s, step, "at_pickup", ctx)),
      );
      break;
    }
    case "approaching_pickup": {
      const p = between(driverStart(s), s.pickupPoint, 0.9);
      record("driver_approaching_pickup", p);
      emit("shipment.driver_approaching_pickup", { ...at(p), driver_submitted_data: submitted(s, step) });
      break;
    }
    case "at_pickup": {
      record("at_pickup", s.pickupPoint);
      emit(
        "shipment.at_pickup",
        withEta({ ...at(s.pickupPoint), driver_submitted_data: submitted(s, step) }, ctx, () => now.toISOString()),
      );
      break;
    }
    case "pickup": {
      const photo = ctx.account.imageCapture.pickup;
      s = { ...s, state: "en_route", pickedUpAt: now, images: photo ? [...s.images, "pickup"] : s.images };
      record("pickup_confirmed", s.pickupPoint);
      emit("shipment.pickup_confirmed", {
        ...at(s.pickupPoint),
        ...(photo ? { attachment: attachment(ctx, s, "pickup") } : {}),
        items: s.request.items.map((item) => ({ reference_id: item.reference_id ?? null })),
        driver_submitted_data: submitted(s, step),
      });
      break;
    }
    case "en_route_to_delivery": {
      const p = between(s.pickupPoint, s.deliveryPoint, 0.1);
      record("en_route_to_delivery", p);
      const eta = () => etaAt(s, step, "at_delivery", ctx);
      emit("shipment.en_route_to_delivery", withEta(at(p), ctx, eta));
      if (extra) emit("shipment.tracking_updated", withEta(at(between(s.pickupPoint, s.deliveryPoint, 0.3)), ctx, eta));
      break;
    }
    case "approaching_delivery": {
      const p = between(s.pickupPoint, s.deliveryPoint, 0.9);
      record("driver_approaching_delivery", p);
      emit("shipment.driver_approaching_delivery", { ...at(p), driver_submitted_data: submitted(s, step) });
      break;
    }
    case "at_delivery": {
      record("at_delivery", s.deliveryPoint);
      emit(
        "shipment.at_delivery",
        withEta(at(s.deliveryPoint), ctx, () => now.toISOString()),
      );
      break;
    }
    case "deliver": {
      const capture = ctx.account.imageCapture;
      const signed = s.request.options.signature_required;
      const signatureImage = signed && capture.signature;
      const signatoryName = signed ? s.request.delivery_location.contact.name : null;
      const images: ImageKind[] = [...s.images];
      if (signatureImage) images.push("signature");
      if (capture.delivery) images.push("delivery");
      s = { ...s, state: "delivered", deliveredAt: now, finishedAt: now, signatoryName, images };
      record("delivery_confirmed", s.deliveryPoint);
      const items = s.request.items.map((item) => ({ reference_id: item.reference_id ?? null }));
      const leftAt = { name: "Front door", description: "Left at the front door" };
      emit("shipment.delivery_confirmed", {
        ...at(s.deliveryPoint),
        ...(signatureImage ? { attachment: attachment(ctx, s, "signature") } : {}),
        ...(signatoryName ? { signatory_name: signatoryName } : {}),
        items,
      });
      if (capture.delivery) {
        emit("shipment.delivery_details_added", {
          ...at(s.deliveryPoint),
          attachment: attachment(ctx, s, "delivery"),
          left_at_location: leftAt,
          driver_submitted_data: submitted(s, step),
        });
      }
      if (extra) {
        emit("shipment.delivery_confirmed_with_details", {
          ...at(s.deliveryPoint),
          left_at_location: leftAt,
          attachments: (["signature", "delivery"] as const)
            .filter((kind) => images.includes(kind))
            .map((kind) => ({ image_type: kind, mime_type: "image/png", url: imageUrl(ctx.baseUrl, s.id, kind) })),
          ...(signatoryName ? { signatory_name: signatoryName } : {}),
          items,
          driver_submitted_data: submitted(s, step),
        });
      }
      break;
    }
    case "attempt": {
      s = { ...s, state: "attempted" };
      record("delivery_attempted", s.deliveryPoint);
      // The courier's sample sends latitude and longitude as strings on this event; so does the sandbox.
      emit("shipment.delivery_attempted", {
        latitude: String(s.deliveryPoint.latitude),
        longitude: String(s.deliveryPoint.longitude),
        return_code: "recipient_unavailable",
        return_notes: "Nobody answered at the door (sandbox return command).",
        driver_submitted_data: submitted(s, step),
      });
      break;
    }
    case "return": {
      s = { ...s, state: "returned", finishedAt: now };
      record("returned", s.pickupPoint);
      emit("shipment.returned", { return_id: 700000 + s.id });
      break;
    }
    case "courier_cancel": {
      s = {
        ...s,
        state: "canceled",
        finishedAt: now,
        cancellation: { code: "driver_canceled", comment: null, fee: 0 },
      };
      record("canceled", driverStart(s));
      emit("shipment.canceled", {
        cancellation_code: "driver_canceled",
        cancellation_notes: "The driver canceled (sandbox cancel command).",
      });
      break;
    }
    case "unassign": {
      const previous = s.driver;
      record("driver_unassigned", driverStart(s));
      if (extra && previous) {
        emit("shipment.driver_unassigned", {
          driver_id: previous.id,
          driver: { name: previous.name, phone: previous.phone },
        });
      }
      s = { ...s, state: "scheduled", driver: null, enRouteToPickupAt: null };
      break;
    }
  }
  return { shipment: { ...s, stepIndex: input.stepIndex + 1 }, events };
}

/** No driver accepted before deliver_between.end. */
export function expire(input: SandboxShipment, ctx: StepContext): StepResult {
  const s: SandboxShipment = { ...input, state: "expired", finishedAt: ctx.now, updatedAt: ctx.now };
  return {
    shipment: s,
    events: [
      {
        event: "shipment.canceled",
        data: {
          ...commonData(s, ctx),
          cancellation_code: "delivery_deadline_passed",
          cancellation_notes: "No driver accepted the shipment before the delivery deadline.",
        },
      },
    ],
  };
}

/** The caller canceled through DELETE; a fee applies once the driver was heading to pickup. */
export function cancelByCaller(
  input: SandboxShipment,
  body: { cancellation_code?: string; cancellation_comment?: string },
  fee: number,
  ctx: StepContext,
): StepResult {
  const s: SandboxShipment = {
    ...input,
    state: "canceled",
    finishedAt: ctx.now,
    updatedAt: ctx.now,
    cancellation: { code: body.cancellation_code ?? null, comment: body.cancellation_comment ?? null, fee },
  };
  const data: Record<string, unknown> = { ...commonData(s, ctx), cancellation_code: body.cancellation_code ?? "other" };
  if (body.cancellation_comment) data.cancellation_notes = body.cancellation_comment;
  return { shipment: s, events: [{ event: "shipment.canceled", data }] };
}

export function createdEvent(s: SandboxShipment, ctx: StepContext): WebhookEvent {
  return {
    event: "shipment.created",
    data: {
      ...commonData(s, ctx),
      state: s.state,
      alternate_id_1: s.request.alternate_id_1 ?? null,
      alternate_id_2: s.request.alternate_id_2 ?? null,
      estimated_distance: s.estimatedDistance,
      created_at: s.createdAt.toISOString(),
      items: s.request.items,
      pickup_location: { address: s.request.pickup_location.address },
      delivery_location: { address: s.request.delivery_location.address },
      pickup_after: s.request.pickup_after,
      deliver_between: s.request.deliver_between,
    },
  };
}

export function repostedEvent(fresh: SandboxShipment, parent: SandboxShipment, ctx: StepContext): WebhookEvent {
  return {
    event: "shipment.reposted",
    data: { ...commonData(fresh, ctx), parent_id: parent.id, parent_tracking_number: parent.trackingNumber },
  };
}
