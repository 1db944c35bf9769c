import { AREA_RADIUS_METERS } from "./shopper-area";
import type { MapView, Point } from "./view-model";

/**
 * The tracking page's map as plain geometry, drawn as an inline SVG from the coordinates the app
 * holds (the store, the delivery area, the driver) over the tile provider's streets (map-tiles.ts).
 * Points are projected equirectangularly (longitude scaled by the cosine of the latitude), which is
 * true to within a fraction of a percent over a city.
 */

export const MAP_WIDTH = 320;
export const MAP_HEIGHT = 200;
const MAP_PADDING = 28;
const METERS_PER_DEGREE = 111_320;
/** A map of points closer than this still spans this much ground, so a lone point is not a zoom into a street. */
const MIN_SPAN_METERS = 3_000;

export type MapXY = { x: number; y: number };
export type MapGeometry = {
  width: number;
  height: number;
  pickup: MapXY | null;
  destination: (MapXY & { r: number }) | null;
  driver: MapXY | null;
};

/**
 * The map's projection for the points it shows: the SVG position of a point and back, and the ground
 * a unit of the SVG covers. Null when there is no point to show.
 */
export type MapFrame = {
  project: (p: Point) => MapXY;
  unproject: (xy: MapXY) => Point;
  metersPerUnit: number;
  meanLatitude: number;
};

export function mapFrame(map: Pick<MapView, "pickup" | "destination" | "driver">): MapFrame | null {
  const points = [map.pickup, map.destination, map.driver].filter((p): p is Point => p !== null);
  if (points.length === 0) return null;
  const meanLatitude = points.reduce((sum, p) => sum + p.latitude, 0) / points.length;
  const xScale = Math.cos((meanLatitude * Math.PI) / 180);
  const toMeters = (p: Point) => ({ x: p.longitude * xScale * METERS_PER_DEGREE, y: p.latitude * METERS_PER_DEGREE });
  const meters = points.map(toMeters);
  const minX = Math.min(...meters.map((m) => m.x));
  const maxX = Math.max(...meters.map((m) => m.x));
  const minY = Math.min(...meters.map((m) => m.y));
  const maxY = Math.max(...meters.map((m) => m.y));
  const span = Math.max(maxX - minX, maxY - minY, MIN_SPAN_METERS);
  const inner = Math.min(MAP_WIDTH, MAP_HEIGHT) - 2 * MAP_PADDING;
  const scale = inner / span;
  const centreX = (minX + maxX) / 2;
  const centreY = (minY + maxY) / 2;
  return {
    // SVG's y grows downwards, latitude upwards.
    project: (p) => {
      const m = toMeters(p);
      return { x: MAP_WIDTH / 2 + (m.x - centreX) * scale, y: MAP_HEIGHT / 2 - (m.y - centreY) * scale };
    },
    unproject: ({ x, y }) => ({
      latitude: (centreY - (y - MAP_HEIGHT / 2) / scale) / METERS_PER_DEGREE,
      longitude: (centreX + (x - MAP_WIDTH / 2) / scale) / (xScale * METERS_PER_DEGREE),
    }),
    metersPerUnit: 1 / scale,
    meanLatitude,
  };
}

const rounded = (xy: MapXY): MapXY => ({ x: Math.round(xy.x * 10) / 10, y: Math.round(xy.y * 10) / 10 });

export function mapGeometry(map: Pick<MapView, "pickup" | "destination" | "driver" | "city">): MapGeometry | null {
  const frame = mapFrame(map);
  if (!frame) return null;
  const project = (p: Point | null): MapXY | null => (p ? rounded(frame.project(p)) : null);
  const destination = project(map.destination);
  return {
    width: MAP_WIDTH,
    height: MAP_HEIGHT,
    pickup: project(map.pickup),
    destination: destination && {
      ...destination,
      r: Math.max(6, Math.round((AREA_RADIUS_METERS / frame.metersPerUnit) * 10) / 10),
    },
    driver: project(map.driver),
  };
}
