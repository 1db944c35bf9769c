/**
 * What other features may use of quote on the server; nothing else of quote/ is imported from
 * outside it (.dependency-cruiser.mjs).
 */
export { countedFullSlots } from "./rate-preview.server";
