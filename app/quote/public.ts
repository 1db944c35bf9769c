/**
 * What other features may use of quote (pure: safe in the browser bundle too); nothing else of
 * quote/ is imported from outside it (.dependency-cruiser.mjs).
 */
export { cartSignature } from "./cart-to-estimate";
export { type AreaVerdict, areaOf, areaVerdict, radiusVerdict, zipVerdict } from "./delivery-area";
export { dollarsToCents, exceedsPriceTolerance } from "./pricing";
export { windowPriceFor } from "./window-pricing";
