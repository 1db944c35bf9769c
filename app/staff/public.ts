/**
 * What other features may use of staff (pure: safe in the browser bundle too); nothing else of
 * staff/ is imported from outside it (.dependency-cruiser.mjs).
 */
export { type StaffDeps, type WithAdmin } from "./deps";
export { ORDER_NOT_FOUND, StaffActionError } from "./errors";
export { parseInput } from "./inputs";
export { photoKindsOf, toShipmentState } from "./view-model";
