/**
 * What other features may use of tracking on the server; nothing else of tracking/ is imported from
 * outside it (.dependency-cruiser.mjs).
 */
export { type TrackingSettings } from "./apply.server";
export { attachEarlyEvents } from "./courier-webhook.server";
export { shipmentTrackingUrl } from "./fulfillment-actions.server";
export { RECONCILE_JOB } from "./reconcile.server";
