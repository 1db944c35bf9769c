/**
 * What other features may use of webhooks on the server; nothing else of webhooks/ is imported from
 * outside it (.dependency-cruiser.mjs).
 */
export { customerOfOrder, recordDelivery } from "./deliveries.server";
