/**
 * Where the shoppers' map may draw the driver (view-model.ts): rounded, with their direction of
 * travel, and not at all near the address, so the page never points at the shopper's door. Pure.
 */

import { metersBetween, type GeoPoint } from "~/shipments/great-circle";

/** Three decimals (about 100 m): the driver's position as the page draws it. */
export const DRIVER_DECIMALS = 3;
/** Closer than this to the address, the driver is no longer drawn (their position would point at it). */
export const DRIVER_HIDDEN_WITHIN_METERS = 800;

const roundTo = (value: number, decimals: number) => Number(value.toFixed(decimals));

/** The initial bearing from `from` to `to`, in whole degrees clockwise from north; null for the same point. */
export function bearingOf(from: GeoPoint, to: GeoPoint): number | null {
  if (from.latitude === to.latitude && from.longitude === to.longitude) return null;
  const rad = Math.PI / 180;
  const y = Math.sin((to.longitude - from.longitude) * rad) * Math.cos(to.latitude * rad);
  const x =
    Math.cos(from.latitude * rad) * Math.sin(to.latitude * rad) -
    Math.sin(from.latitude * rad) * Math.cos(to.latitude * rad) * Math.cos((to.longitude - from.longitude) * rad);
  return Math.round(((Math.atan2(y, x) / rad) % 360) + 360) % 360;
}

/**
 * The driver as the map may draw them: only while out for delivery, never once the courier says they
 * are approaching or at the address or they are within DRIVER_HIDDEN_WITHIN_METERS of it, and rounded
 * to about 100 m, with the direction they last moved in.
 */
export function driverOnMap(input: {
  outForDelivery: boolean;
  position: GeoPoint | null;
  previous: GeoPoint | null;
  destination: GeoPoint | null;
  nearAddress: boolean;
}): { driver: GeoPoint; heading: number | null } | null {
  const { position, destination, previous } = input;
  if (!input.outForDelivery || !position || input.nearAddress) return null;
  if (destination && metersBetween(position, destination) < DRIVER_HIDDEN_WITHIN_METERS) return null;
  const heading = previous ? bearingOf(previous, position) : null;
  return {
    driver: {
      latitude: roundTo(position.latitude, DRIVER_DECIMALS),
      longitude: roundTo(position.longitude, DRIVER_DECIMALS),
    },
    heading,
  };
}
