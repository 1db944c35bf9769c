import type { GeoPoint } from "~/shipments/great-circle";

/**
 * Where the shoppers' map puts the delivery: an area, never the doorstep. The address's point (the
 * order's shipping address as Shopify geocoded it, which the shopper typed) snaps to the centre of
 * its cell in a grid of AREA_GRID_METERS squares, so every address in a cell shows the same centre
 * and the page tells no more than the cell; the circle of AREA_RADIUS_METERS around that centre is
 * wider than half the cell's diagonal, so the shopper always finds their own street inside it. Pure.
 */

/** The grid's cell side on the ground. */
export const AREA_GRID_METERS = 500;
/** The area's radius: more than half a cell's diagonal (about 354 m), a few hundred metres. */
export const AREA_RADIUS_METERS = 400;
const METERS_PER_DEGREE = 111_320;
/** Centres to 5 decimals (about a metre): tidy, and still the grid's point. */
const CENTRE_DECIMALS = 5;

const snapped = (value: number, step: number) => Number((Math.round(value / step) * step).toFixed(CENTRE_DECIMALS));

/** The centre of the grid cell holding the point. */
export function shopperAreaOf(point: GeoPoint): GeoPoint {
  const latitude = snapped(point.latitude, AREA_GRID_METERS / METERS_PER_DEGREE);
  // The cell's width in degrees of longitude follows its (snapped) latitude, so a cell is square on the ground.
  const longitudeStep = AREA_GRID_METERS / (METERS_PER_DEGREE * Math.cos((latitude * Math.PI) / 180));
  return { latitude, longitude: snapped(point.longitude, longitudeStep) };
}
