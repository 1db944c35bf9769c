import { parseRequest } from "./stored-request";
import { isReturnPickup } from "./leg-kind";

/**
 * The customer a shipment goes to (or, for a return's collection, comes from) as staff see them: the
 * name, phone and address the fulfillment order held when the request was made, read from the stored
 * request (`requestJson`, removed by customers/redact). For staff pages only: never on shoppers' pages
 * or in the courier's description. Pure.
 */

export type Recipient = { name: string; phone: string; address: string };

export function recipientOf(shipment: { requestJson: string | null; kind?: string | null }): Recipient | null {
  const request = parseRequest(shipment.requestJson);
  if (!request) return null;
  // A collection's customer is where the driver picks up; a delivery's is where it drops off.
  const place = isReturnPickup(shipment) ? request.pickup_location : request.delivery_location;
  const { address, contact } = place;
  const street = [address.street1, address.street2].filter(Boolean).join(", ");
  return {
    name: contact.name,
    phone: contact.phone,
    address: `${street}, ${address.city}, ${address.state} ${address.zip}`,
  };
}

/** How a search finds the customer (`Shipment.recipientSearch`): the name in lower case, the phone's digits. */
export function recipientSearchText(recipient: Recipient | null): string | null {
  if (!recipient) return null;
  const digits = recipient.phone.replace(/\D/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  return `${recipient.name.trim().toLowerCase()} ${national}`.trim();
}

/** The recipientSearch column for a request about to be stored (every write of requestJson sets both). */
export function recipientColumns(requestJson: string | null, kind?: string | null) {
  return { recipientSearch: recipientSearchText(recipientOf({ requestJson, kind })) };
}
