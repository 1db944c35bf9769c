/**
 * What other features may use of staff on the server; nothing else of staff/ is imported from
 * outside it (.dependency-cruiser.mjs).
 */
export { cancelShipment } from "./cancel.server";
export { type FileLinkSigner } from "./file-links.server";
export { redispatchShipment } from "./order-dispatch.server";
export { findShopShipment } from "./shipments.server";
