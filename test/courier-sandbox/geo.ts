import zipcodes from "zipcodes";
import type { AddressSchema, ItemSchema } from "~/courier/requests";
import type { z } from "zod";

/**
 * The sandbox's stand-in for geocoding and pricing, deterministic so tests can aim at each case:
 * - supplied latitude/longitude are used as given;
 * - otherwise a 5-digit US zip (optionally ZIP+4) is placed at its real centroid from the `zipcodes`
 *   package (the one the app's price model measures with), so distances follow real geography; a zip
 *   the package does not know, or any other text, cannot be found (1004);
 * - distance is the great-circle distance times 1.2 for roads; over 350 miles there is no route (1005).
 */

export type Point = { latitude: number; longitude: number };

export function geocode(address: z.output<typeof AddressSchema>): Point | null {
  if (address.latitude !== undefined && address.longitude !== undefined) {
    return { latitude: address.latitude, longitude: address.longitude };
  }
  const match = /^(\d{5})(-\d{4})?$/.exec(address.zip.trim());
  const place = match ? zipcodes.lookup(match[1]!) : undefined;
  if (!place || place.country !== "US") return null;
  return { latitude: place.latitude, longitude: place.longitude };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export function roadMiles(a: Point, b: Point): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return round(3958.8 * 2 * Math.asin(Math.sqrt(h)) * 1.2, 2);
}

/** A point `fraction` of the way from a to b. */
export function between(a: Point, b: Point, fraction: number): Point {
  return {
    latitude: round(a.latitude + (b.latitude - a.latitude) * fraction, 6),
    longitude: round(a.longitude + (b.longitude - a.longitude) * fraction, 6),
  };
}

type Item = z.output<typeof ItemSchema>;

export function sizeOf(items: readonly Item[]): "small" | "medium" | "large" | "xlarge" {
  const weight = items.reduce((sum, item) => sum + item.weight * item.quantity, 0);
  const longest = Math.max(...items.map((item) => Math.max(item.length, item.width, item.height)));
  if (weight <= 15 && longest <= 18) return "small";
  if (weight <= 50 && longest <= 36) return "medium";
  if (weight <= 150 && longest <= 72) return "large";
  return "xlarge";
}

const SIZE_SURCHARGE = { small: 0, medium: 3, large: 8, xlarge: 15 } as const;

export function priceFor(miles: number, size: keyof typeof SIZE_SURCHARGE, extraCompensation = 0): number {
  return round(8 + 1.5 * miles + SIZE_SURCHARGE[size] + extraCompensation, 2);
}
