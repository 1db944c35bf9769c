import type { z } from "zod";
import type { CourierShipmentState as ShipmentState, ImageKind } from "~/courier/limits";
import type { requestSchemas } from "~/courier/requests";
import type { Outcome } from "./commands";
import type { Point } from "./geo";

/** Plain data of the sandbox: accounts (per token), faults, shipments. */

export type WebhookAuth =
  | { method: "bearer"; token: string }
  | { method: "basic"; user: string; password: string }
  | { method: "x-api-key"; token: string };

export type WebhookTarget = { url: string; auth: WebhookAuth | null };

export type AccountOptions = {
  /** Labels exist only when scanning is on; they carry a barcode only for order-level scanning. */
  barcodeScanning: "off" | "order" | "item";
  imageCapture: { signature: boolean; pickup: boolean; delivery: boolean };
  /** The additional event kinds (created, tracking_updated, driver_unassigned, grouping, confirmed_with_details). */
  extraEvents: boolean;
  automaticRepost: boolean;
  /** An `eta` field on en_route_* / at_* / tracking_updated events. */
  eta: boolean;
  webhook: WebhookTarget | null;
  /**
   * Drivers who take a shipment only when its payout (price plus `extra_compensation`; the sandbox's
   * price already holds the extra) reaches `minimumPayout` dollars: such a shipment progresses as
   * soon as it does, whatever its window; below it, it waits and expires. null: every shipment in
   * reach of the 30-minute rule is taken (README, Progression).
   */
  driverPool: { minimumPayout: number } | null;
  /**
   * A peak-time price: a delivery whose window starts at or after `from` (an instant) costs
   * `extraDollars` more, in estimates, at creation and after an update that moves its window (an
   * estimate takes pickup_after and deliver_between, so its price may depend on them). null: the
   * price depends on distance, size and extra compensation only.
   */
  peakPricing: { from: string; extraDollars: number } | null;
};

export const DEFAULT_ACCOUNT_OPTIONS: AccountOptions = {
  barcodeScanning: "off",
  imageCapture: { signature: false, pickup: false, delivery: false },
  extraEvents: false,
  automaticRepost: false,
  eta: true,
  webhook: null,
  driverPool: null,
  peakPricing: null,
};

export const ALL_FEATURES: Partial<AccountOptions> = {
  barcodeScanning: "order",
  imageCapture: { signature: true, pickup: true, delivery: true },
  extraEvents: true,
  automaticRepost: true,
  eta: true,
};

export type FailRule = { status: number; count: number; method?: string; pathPrefix?: string; retryAfterS?: number };

export type Faults = {
  /** Added to every API response (real milliseconds, not scaled). */
  latencyMs: number;
  /** Share of API requests (0..1) answered with one of `errorStatuses`. */
  errorRate: number;
  errorStatuses: number[];
  /** Share of API requests (0..1) that are carried out and then answered 500 (a lost answer). */
  lostAnswerRate: number;
  /** Share of API requests (0..1) delayed by `latencySpikeMs` more (real milliseconds). */
  latencySpikeRate: number;
  latencySpikeMs: number;
  /** Deterministic failures for tests: the next `count` matching requests get `status`. */
  failNext: FailRule[];
  /** A 429 storm: the next `count` API requests get 429 with Retry-After `retryAfterS`. */
  throttleStorm: { count: number; retryAfterS: number } | null;
  /** Share of webhook events (0..1) delivered twice. */
  webhookDuplicateRate: number;
  /** Deliver consecutive events of a shipment in swapped pairs. */
  webhookReorder: boolean;
};

export const NO_FAULTS: Faults = {
  latencyMs: 0,
  errorRate: 0,
  errorStatuses: [500, 503],
  lostAnswerRate: 0,
  latencySpikeRate: 0,
  latencySpikeMs: 0,
  failNext: [],
  throttleStorm: null,
  webhookDuplicateRate: 0,
  webhookReorder: false,
};

export type CreateBody = z.output<ReturnType<typeof requestSchemas>["createShipment"]>;

export type Driver = {
  id: string;
  name: string;
  phone: string;
  vehicle: { category: string; color: string; make: string; model: string };
};

export type StepName =
  | "assign"
  | "en_route_to_pickup"
  | "approaching_pickup"
  | "at_pickup"
  | "pickup"
  | "en_route_to_delivery"
  | "approaching_delivery"
  | "at_delivery"
  | "deliver"
  | "attempt"
  | "return"
  | "courier_cancel"
  | "unassign";

export type ShipmentEventEntry = { name: string; occurred_at: string; location: Point };

export type SandboxShipment = {
  id: number;
  token: string;
  request: Omit<CreateBody, "idempotency_key">;
  state: ShipmentState;
  trackingNumber: string;
  createdAt: Date;
  updatedAt: Date;
  price: number;
  size: string;
  estimatedDistance: number;
  pickupPoint: Point;
  deliveryPoint: Point;
  driver: Driver | null;
  /** Set once a driver has accepted (tips are allowed from then on). */
  acceptedAt: Date | null;
  /** Set once the driver heads to pickup: a cancellation from then on incurs a fee. */
  enRouteToPickupAt: Date | null;
  pickedUpAt: Date | null;
  /** When the shipment reached a final state (delivered, returned, canceled, expired). */
  finishedAt: Date | null;
  deliveredAt: Date | null;
  signatoryName: string | null;
  images: ImageKind[];
  events: ShipmentEventEntry[];
  tip: number | null;
  rating: number | null;
  cancellation: { code: string | null; comment: string | null; fee: number } | null;
  outcome: Outcome;
  intervalS: number;
  auto: boolean;
  steps: StepName[];
  stepIndex: number;
  driverCount: number;
  parentId: number | null;
  parentTrackingNumber: string | null;
  repostedAs: number | null;
};

export type WebhookEvent = { event: string; data: Record<string, unknown> };

/** One update (PATCH) request the sandbox answered: its raw body and the status it got. */
export type UpdateRecord = { at: string; shipmentId: number; token: string; body: unknown; status: number };
