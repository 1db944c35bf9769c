/**
 * What other features may use of carrier-service on the server; nothing else of carrier-service/ is imported from
 * outside it (.dependency-cruiser.mjs).
 */
export { addCarrierServiceToProfiles, profileStatus, registerCarrierService } from "./register.server";
