/** The shapes the state machine (state-machine.ts) reads and returns, apart so its helpers share them. */
import type { AttentionCode } from "~/shopify-admin/flow-trigger-payloads";
import type { ShipmentState } from "../shipments/states";
import type { FulfillmentEventStatus } from "./shopper-notices";

/** A courier event reduced to what the state machine needs (event-input.ts makes it). */
export type TrackingEvent = {
  name: string;
  occurredAt: Date;
  latitude?: number;
  longitude?: number;
  eta?: Date;
  returnCode?: string;
  returnNotes?: string;
  cancellationCode?: string;
  cancellationNotes?: string;
  driver?: { name?: string; phone?: string; vehicle?: Record<string, string> };
  signatoryName?: string;
  photoUrls?: string[];
  newCourierShipmentId?: string;
  /** The courier's tracking number for the shipment the event is about (every shipment event has one). */
  trackingNumber?: string;
  groupId?: string;
};

export type ShipmentFacts = {
  state: ShipmentState;
  /** The Shopify fulfillment made at pickup, once it exists. */
  hasFulfillment: boolean;
  /** Latest `occurredAt` of an event that changed the state. */
  stateChangedAt: Date | null;
  lastTrackingEventAt: Date | null;
  deliveredEventSent: boolean;
  /** The end of the window the shopper chose (null: none known); an ETA after it is running late. */
  deliverEnd: Date | null;
  /** The DELAYED fulfillment event was proposed already (once per shipment). */
  delayedEventSent: boolean;
  needsAttention: boolean;
};

export type ShopifyAction =
  | { kind: "create_fulfillment" }
  | {
      kind: "fulfillment_event";
      status: FulfillmentEventStatus;
      happenedAt: Date;
      message?: string;
      latitude?: number;
      longitude?: number;
      estimatedDeliveryAt?: Date;
    }
  | { kind: "tag_for_attention"; reason: string }
  /** The fulfillment carries a tracking number the courier no longer follows: show the current one. */
  | { kind: "update_tracking" }
  /** The cause of the shipment's attention is gone: the order's tag goes unless another shipment needs it. */
  | { kind: "clear_attention" };

/** Why a shipment needs attention, as a stable code (Flow conditions test it) with words for people. */
export type AttentionReason = { code: Exclude<AttentionCode, "no_driver_yet">; reason: string };

export type ShipmentChanges = {
  driverName?: string | null;
  driverPhone?: string | null;
  vehicle?: Record<string, string> | null;
  signatoryName?: string;
  photoUrls?: string[];
  latitude?: number;
  longitude?: number;
  eta?: Date | null;
  groupId?: string;
  replacedByCourierId?: string;
  trackingNumber?: string;
  needsAttention?: AttentionReason;
  clearAttention?: true;
  lastTrackingEventAt?: Date;
  deliveredEventSent?: true;
  delayedEventSent?: true;
};
