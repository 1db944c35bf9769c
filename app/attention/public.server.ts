/**
 * What other features may use of attention on the server; nothing else of attention/ is imported from
 * outside it (.dependency-cruiser.mjs).
 */
export { raisePayNow } from "./raise-pay-now.server";
