/**
 * What other features may use of watchdog on the server; nothing else of watchdog/ is imported from
 * outside it (.dependency-cruiser.mjs).
 */
export { confirmRaise, dropRaise, reserveRaise } from "./raise-ledger.server";
export { createdOptions, raiseExtraCompensation, startingExtraCents } from "./raise-payout.server";
export { keepRaisedPay, raisedPerShipment } from "./raises.server";
export { startNoDriverWatch } from "./start-watch.server";
