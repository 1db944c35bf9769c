import { z } from "zod";
import { Flag, optionalText } from "./form-fields";
import { CART_ATTRIBUTE_NAME_MAX_LENGTH, MERCHANT_DRIVER_NOTE_MAX_LENGTH } from "./limits";

/** Courier options every delivery of the shop carries. */
export const DeliveryOptionSettings = z.object({
  signatureRequired: Flag,
  recipientSmsNotifications: Flag,
  declineInsurance: Flag,
});

export const DriverNotesSettings = z.object({
  /** The shopper's delivery instructions (checkout, order note, the cart attribute below) go to the driver. */
  shopperInstructions: Flag,
  /** Cart attribute holding delivery instructions (e.g. "Delivery instructions"); null: none. */
  instructionsAttribute: optionalText(CART_ATTRIBUTE_NAME_MAX_LENGTH, "The cart attribute name"),
  /** The merchant's own note for every delivery's driver (e.g. "Ring the bell twice"); null: none. */
  merchantNote: optionalText(MERCHANT_DRIVER_NOTE_MAX_LENGTH, "The note for drivers"),
});
