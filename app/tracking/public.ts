/**
 * What other features may use of tracking (pure: safe in the browser bundle too); nothing else of
 * tracking/ is imported from outside it (.dependency-cruiser.mjs).
 */
export {
  AFTER_EXPIRY_JOB,
  AFTER_EXPIRY_WORDS,
  type AfterExpiryDecision,
  type AfterExpiryFacts,
  AfterExpiryPayload,
  afterExpiryDecision,
} from "./after-expiry";
export { toTrackingEvent } from "./event-input";
export { needsAttentionTrigger, noDriverYetTrigger } from "./flow-triggers";
export {
  APPLY_EVENTS_JOB,
  REDELIVERY_TRACKING_JOB,
  SEND_FLOW_TRIGGER_JOB,
  flowTriggerJob,
  redeliveryTrackingJob,
} from "./jobs";
export {
  NO_DRIVER_YET,
  NO_DRIVER_YET_FIX,
  type NoDriverCause,
  needsAttentionForNoDriver,
  noDriverYetAttention,
  raiseInWords,
} from "./no-driver-attention";
export { NO_DRIVER_WATCH_JOB, NoDriverWatchPayload, noDriverWatchJob } from "./no-driver-watch-job";
export {
  ORDER_ATTENTION_TAG_JOB,
  ORDER_DELIVERY_SUMMARY_JOB,
  orderAttentionTagJob,
  orderDeliverySummaryJob,
} from "./order-annotation-jobs";
export { REVERSE_DELIVERY_TRACKING_JOB, ReverseDeliveryTrackingPayload } from "./reverse-delivery-tracking-job";
export { noticeRows, type NoticeRow } from "./shopper-notices";
