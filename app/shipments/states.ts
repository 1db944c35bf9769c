import { COURIER_SHIPMENT_STATES } from "../courier/limits";

/**
 * The app's shipment states: the courier's, plus `pending` before creation and `failed` when creation
 * failed. Its own module (relative imports only) because the admin extensions bundle it too.
 */
export const SHIPMENT_STATES = ["pending", ...COURIER_SHIPMENT_STATES, "failed"] as const;
export type ShipmentState = (typeof SHIPMENT_STATES)[number];

export const FINAL_STATES: ReadonlySet<ShipmentState> = new Set(["delivered", "returned", "canceled", "failed"]);
