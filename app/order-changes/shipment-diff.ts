import type { Address, CreateShipmentRequest, Item, Location, UpdateShipmentRequest } from "~/courier/requests";

/**
 * The shipment as it was requested from the courier against what the order implies now: the
 * smallest courier update (PATCH with only the changed fields), or null when nothing the courier
 * cares about changed (most `orders/updated` deliveries: a tag, a note, a payment).
 *
 * Relevant: the delivery location (address, map position, recipient's name and phone, notes), the
 * items and their quantities, the pickup location, the window. The description and the options are
 * derived from those (unit count, age checks): they ride along with a relevant change and never
 * cause an update on their own. An item's value (its price) alone is not a reason to update.
 */

export const CHANGE_KINDS = [
  "delivery_address",
  "recipient_name",
  "recipient_phone",
  "delivery_notes",
  "items",
  "pickup_location",
  "window",
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** One relevant difference, as text a merchant reads (it may hold the recipient's data: timeline only, never logs). */
export type ShipmentChange = { kind: ChangeKind; before: string; after: string };

export type ShipmentDiff = { patch: UpdateShipmentRequest; changes: ShipmentChange[] };

/** Coordinates closer than this (degrees, about 10 cm) are the same place. */
export const COORDINATE_TOLERANCE = 1e-6;

const text = (value: unknown): string => (value === null || value === undefined ? "" : String(value).trim());

function sameNumber(a: number | null | undefined, b: number | null | undefined): boolean {
  const aMissing = a === null || a === undefined;
  const bMissing = b === null || b === undefined;
  if (aMissing || bMissing) return aMissing === bMissing;
  return Math.abs(a - b) < COORDINATE_TOLERANCE;
}

const instant = (value: string | Date): number => (value instanceof Date ? value.getTime() : Date.parse(value));

const ADDRESS_TEXT_FIELDS = ["name", "store_number", "street1", "street2", "city", "state", "zip"] as const;

function sameStreetAddress(a: Address, b: Address): boolean {
  return ADDRESS_TEXT_FIELDS.every((field) => text(a[field]).toLowerCase() === text(b[field]).toLowerCase());
}

function sameAddress(a: Address, b: Address): boolean {
  return sameStreetAddress(a, b) && sameNumber(a.latitude, b.latitude) && sameNumber(a.longitude, b.longitude);
}

export function addressInWords(address: Address): string {
  const street = [address.street1, address.street2].map(text).filter(Boolean).join(" ");
  const place = [text(address.city), [text(address.state), text(address.zip)].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return [text(address.name), street, place].filter(Boolean).join(", ");
}

function positionInWords(address: Address): string {
  return typeof address.latitude === "number" && typeof address.longitude === "number"
    ? `${address.latitude.toFixed(5)}, ${address.longitude.toFixed(5)}`
    : "no map position";
}

function pickupInWords(location: Location): string {
  const notes = text(location.notes);
  return `${addressInWords(location.address)} (contact ${text(location.contact.name)}, ${text(location.contact.phone)})${notes ? `, notes: ${notes}` : ""}`;
}

function samePickup(a: Location, b: Location): boolean {
  return (
    sameAddress(a.address, b.address) &&
    text(a.contact.name) === text(b.contact.name) &&
    text(a.contact.phone) === text(b.contact.phone) &&
    text(a.notes) === text(b.notes)
  );
}

/** What identifies an item's shape for the driver; the value (price) is left out on purpose. */
function itemShape(item: Item) {
  return [
    text(item.description),
    text(item.reference_id),
    item.quantity,
    item.length,
    item.width,
    item.height,
    item.weight,
  ];
}

function sameItems(a: readonly Item[], b: readonly Item[]): boolean {
  return (
    a.length === b.length && a.every((item, i) => JSON.stringify(itemShape(item)) === JSON.stringify(itemShape(b[i]!)))
  );
}

export function itemsInWords(items: readonly Item[]): string {
  return items.length === 0
    ? "no items"
    : items.map((item) => `${text(item.description)} × ${item.quantity}`).join("; ");
}

/** Compares as JSON with keys sorted, so the order keys were written in does not matter. */
function sameJson(a: unknown, b: unknown): boolean {
  const sorted = (value: unknown): unknown =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value as Record<string, unknown>)
            .filter(([, v]) => v !== undefined)
            .sort(([x], [y]) => x.localeCompare(y))
            .map(([k, v]) => [k, sorted(v)]),
        )
      : value;
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
}

export function windowInWords(window: { start: string | Date; end: string | Date }, timeZone: string): string {
  const day = new Intl.DateTimeFormat("en-US", { timeZone, month: "short", day: "numeric" });
  const time = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" });
  const start = new Date(instant(window.start));
  const end = new Date(instant(window.end));
  const endDay = day.format(end) === day.format(start) ? "" : `${day.format(end)}, `;
  return `${day.format(start)}, ${time.format(start)} – ${endDay}${time.format(end)}`;
}

function deliveryChanges(before: Location, after: Location): ShipmentChange[] {
  const changes: ShipmentChange[] = [];
  if (!sameStreetAddress(before.address, after.address)) {
    changes.push({
      kind: "delivery_address",
      before: addressInWords(before.address),
      after: addressInWords(after.address),
    });
  } else if (!sameAddress(before.address, after.address)) {
    changes.push({
      kind: "delivery_address",
      before: positionInWords(before.address),
      after: positionInWords(after.address),
    });
  }
  if (text(before.contact.name) !== text(after.contact.name)) {
    changes.push({ kind: "recipient_name", before: text(before.contact.name), after: text(after.contact.name) });
  }
  if (text(before.contact.phone) !== text(after.contact.phone)) {
    changes.push({ kind: "recipient_phone", before: text(before.contact.phone), after: text(after.contact.phone) });
  }
  if (text(before.notes) !== text(after.notes)) {
    changes.push({ kind: "delivery_notes", before: text(before.notes) || "none", after: text(after.notes) || "none" });
  }
  return changes;
}

/**
 * The courier update that brings `requested` to `implied`, with each difference in words, or null
 * when they agree on everything relevant. Locations are sent whole (the courier takes only complete
 * locations); items are sent as the whole new list.
 */
export function diffShipment(
  requested: CreateShipmentRequest,
  implied: CreateShipmentRequest,
  options: { timeZone?: string } = {},
): ShipmentDiff | null {
  const timeZone = options.timeZone ?? "UTC";
  const patch: UpdateShipmentRequest = {};
  const changes: ShipmentChange[] = [];

  const delivery = deliveryChanges(requested.delivery_location, implied.delivery_location);
  if (delivery.length > 0) {
    patch.delivery_location = implied.delivery_location;
    changes.push(...delivery);
  }
  if (!sameItems(requested.items, implied.items)) {
    patch.items = implied.items;
    changes.push({ kind: "items", before: itemsInWords(requested.items), after: itemsInWords(implied.items) });
  }
  if (!samePickup(requested.pickup_location, implied.pickup_location)) {
    patch.pickup_location = implied.pickup_location;
    changes.push({
      kind: "pickup_location",
      before: pickupInWords(requested.pickup_location),
      after: pickupInWords(implied.pickup_location),
    });
  }
  const pickupAfterChanged = instant(requested.pickup_after) !== instant(implied.pickup_after);
  const windowChanged =
    instant(requested.deliver_between.start) !== instant(implied.deliver_between.start) ||
    instant(requested.deliver_between.end) !== instant(implied.deliver_between.end);
  if (pickupAfterChanged) patch.pickup_after = implied.pickup_after;
  if (windowChanged) patch.deliver_between = implied.deliver_between;
  if (pickupAfterChanged || windowChanged) {
    changes.push({
      kind: "window",
      before: windowInWords(requested.deliver_between, timeZone),
      after: windowInWords(implied.deliver_between, timeZone),
    });
  }

  if (changes.length === 0) return null;
  if (text(requested.description) !== text(implied.description) && implied.description !== undefined)
    patch.description = implied.description;
  if (!sameJson(requested.options, implied.options)) patch.options = implied.options;
  return { patch, changes };
}

/** One sentence per change, for the shipment's timeline. */
export function changeInWords(change: ShipmentChange): string {
  switch (change.kind) {
    case "delivery_address":
      return `The delivery address changed from ${change.before} to ${change.after}.`;
    case "recipient_name":
      return `The recipient's name changed from ${change.before} to ${change.after}.`;
    case "recipient_phone":
      return `The recipient's phone changed from ${change.before} to ${change.after}.`;
    case "delivery_notes":
      return `The delivery notes changed from ${change.before} to ${change.after}.`;
    case "items":
      return `The items changed from ${change.before} to ${change.after}.`;
    case "pickup_location":
      return `The pickup details changed from ${change.before} to ${change.after}.`;
    case "window":
      return `The delivery window changed from ${change.before} to ${change.after}.`;
  }
}

const KIND_LABELS: Record<ChangeKind, string> = {
  delivery_address: "delivery address",
  recipient_name: "recipient's name",
  recipient_phone: "recipient's phone",
  delivery_notes: "delivery notes",
  items: "items",
  pickup_location: "pickup details",
  window: "delivery window",
};

/** The kinds of change without their values ("delivery address, items"): safe where customer data must not go. */
export function changeKindsInWords(changes: readonly ShipmentChange[]): string {
  return [...new Set(changes.map((c) => KIND_LABELS[c.kind]))].join(", ");
}

/** The request after the courier accepted `patch`: what is stored as the shipment's requestJson. */
export function applyPatch(requested: CreateShipmentRequest, patch: UpdateShipmentRequest): CreateShipmentRequest {
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  return { ...requested, ...defined } as CreateShipmentRequest;
}
