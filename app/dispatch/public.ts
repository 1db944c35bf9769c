/**
 * What other features may use of dispatch (pure: safe in the browser bundle too); nothing else of
 * dispatch/ is imported from outside it (.dependency-cruiser.mjs).
 */
export { driverNotes } from "./driver-notes";
export { ourShippingLine } from "./eligibility";
export { ANNOTATE_ORDER_JOB, DISPATCH_FULFILLMENT_ORDER_JOB, DISPATCH_ORDER_JOB } from "./jobs";
export { localDeliveryModeOn } from "./local-delivery";
export {
  type DeliveryWindowChoice,
  type DispatchSettings,
  type PickupPoint,
  type PlannedShipment,
  planShipments,
} from "./order-to-shipments";
export { dispatchSettingsOf, pickupPointsOf } from "./shop-dispatch-settings";
export { windowTitle } from "./window-title";
