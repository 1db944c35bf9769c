/**
 * What other features may use of quote (pure: safe in the browser bundle too); nothing else of
 * quote/ is imported from outside it (.dependency-cruiser.mjs).
 */
export { cartSignature } from "./cart-to-estimate";
export { type AreaVerdict, areaOf, areaVerdict, radiusVerdict, zipVerdict } from "./delivery-area";
export { dollarsToCents, exceedsPriceTolerance } from "./pricing";
export { windowPriceFor } from "./window-pricing";
export {
  ANSWER_MS_BOUNDS,
  ANSWER_MS_COLUMNS,
  NO_RATE_COLUMNS,
  NO_RATE_REASONS,
  PRICE_SOURCES,
  RATED_COLUMNS,
  addCounts,
  answerQuantileMs,
  emptyCounts,
  ratedTotal,
  type FunnelCounts,
  type NoRateReason,
  type PriceSource,
} from "./quote-funnel";
