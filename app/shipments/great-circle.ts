/** Distances on the ground between two points given by latitude and longitude. Pure. */

/** A position on the ground. */
export type GeoPoint = { latitude: number; longitude: number };

export const METERS_PER_MILE = 1609.344;

/** Metres between two points (haversine). */
export function metersBetween(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** Miles between two points in a straight line over the ground. */
export function milesBetween(a: GeoPoint, b: GeoPoint): number {
  return metersBetween(a, b) / METERS_PER_MILE;
}
