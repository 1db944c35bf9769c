import { NOTES_MAX } from "~/courier/limits";

/**
 * The delivery location's notes: what the driver of this one delivery reads. The shopper's
 * instructions (from checkout, the cart attribute the merchant names, the order note) come first, the
 * merchant's own note for every delivery last and always whole; the total is cut at a word with an
 * ellipsis to the courier's 500 characters. Never the shipment's description, which every driver sees.
 */

export type DriverNotesSettings = {
  shopperInstructions: boolean;
  instructionsAttribute: string | null;
  merchantNote: string | null;
};

export type DriverNotesSources = {
  /** The fulfillment order's `deliveryMethod.additionalInformation.instructions`. */
  checkoutInstructions: string | null | undefined;
  /** The order's custom attributes (the cart attributes at checkout). */
  attributes: readonly { key: string; value?: string | null }[];
  orderNote: string | null | undefined;
};

const ELLIPSIS = "…";
const SHOPPER_SEPARATOR = " / ";
const MERCHANT_PREFIX = "Store: ";

/** One line of plain text: control characters and runs of white space become one space. */
function oneLine(text: string | null | undefined): string {
  // eslint-disable-next-line no-control-regex
  return (text ?? "").replace(/[\u0000-\u001f\u007f\s]+/gu, " ").trim();
}

/** `text` cut to at most `max` characters at a word boundary, with an ellipsis when anything was cut. */
export function cutAtWord(text: string, max: number): string {
  const characters = [...text];
  if (characters.length <= max) return text;
  if (max <= ELLIPSIS.length) return ELLIPSIS.slice(0, max);
  const room = characters.slice(0, max - ELLIPSIS.length).join("");
  const lastSpace = room.lastIndexOf(" ");
  const kept = (lastSpace > 0 ? room.slice(0, lastSpace) : room).trimEnd();
  return `${kept}${ELLIPSIS}`;
}

function shopperTexts(sources: DriverNotesSources, attributeName: string | null): string[] {
  const wanted = attributeName?.trim().toLowerCase() ?? "";
  const fromAttribute = wanted
    ? sources.attributes.filter((a) => a.key.trim().toLowerCase() === wanted).map((a) => a.value)
    : [];
  const texts = [sources.checkoutInstructions, ...fromAttribute, sources.orderNote].map(oneLine).filter(Boolean);
  // The same words often arrive twice (checkout copies them into the note or an attribute).
  return texts.filter((text, index) => texts.findIndex((t) => t.toLowerCase() === text.toLowerCase()) === index);
}

/** The notes for the delivery location, or null when there is nothing to say. */
export function driverNotes(settings: DriverNotesSettings, sources: DriverNotesSources): string | null {
  const merchant = oneLine(settings.merchantNote);
  const merchantPart = merchant ? cutAtWord(`${MERCHANT_PREFIX}${merchant}`, NOTES_MAX) : "";
  const shopper = settings.shopperInstructions
    ? shopperTexts(sources, settings.instructionsAttribute).join(SHOPPER_SEPARATOR)
    : "";
  if (!shopper) return merchantPart || null;
  if (!merchantPart) return cutAtWord(shopper, NOTES_MAX);
  const room = NOTES_MAX - [...merchantPart].length - 1;
  return room > ELLIPSIS.length ? `${cutAtWord(shopper, room)} ${merchantPart}` : merchantPart;
}
