/**
 * What other features may use of order-changes on the server; nothing else of order-changes/ is imported from
 * outside it (.dependency-cruiser.mjs).
 */
export { RedispatchRefused, cancelAndRedispatch } from "./redispatch.server";
