/**
 * What other features may use of dispatch on the server; nothing else of dispatch/ is imported from
 * outside it (.dependency-cruiser.mjs).
 */
export { enqueueFulfillmentOrderDispatch, enqueueOrderAnnotation, orderAnnotationKey } from "./enqueue-dispatch.server";
export { dispatchUnderWay, nextDispatchGeneration } from "./generation.server";
export { type DispatchDeps, idempotencyKey, loadShop } from "./plan.server";
export {
  bookSlotPlace,
  type BookingPlace,
  completeSlotMove,
  moveSlotPlace,
  type SlotMoveHold,
} from "./slot-booking.server";
export { DispatchRefused, dispatchNow, quoteOrder } from "./staff-dispatch.server";
export { deliverAgain, REDELIVERY_REFUSED } from "./redelivery.server";
