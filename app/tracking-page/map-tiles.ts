import { mapTileUrl, type MapTileSource } from "~/config/map-tile-source";
import { MAP_HEIGHT, MAP_WIDTH, type MapFrame } from "./map";

/**
 * The merchant's map tiles under the page's map, when they configured a tile source (off by default):
 * the slippy-map tiles (Web Mercator, 256 px) that cover the map's frame at the zoom closest to the
 * map's own scale, each placed where its corners fall in the page's projection. Over a city the page's
 * projection (longitude scaled by the cosine of the mean latitude) and Web Mercator agree to within a
 * fraction of a percent, so a tile drawn between its projected corners lines up with the points. Pure.
 */

export type MapTile = { href: string; x: number; y: number; width: number; height: number };

/** Web Mercator's ground resolution at zoom 0 on the equator: metres per pixel of a 256-px tile. */
const METERS_PER_PIXEL_Z0 = 156_543.033_92;
const MAX_ZOOM = 19;
/** At most this many tiles for one map (a 320×200 frame needs 2–6 at the matching zoom). */
export const MAX_TILES = 12;

const tileX = (longitude: number, n: number) => Math.floor(((longitude + 180) / 360) * n);
const tileY = (latitude: number, n: number) => {
  const phi = (latitude * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * n);
};
const longitudeOf = (x: number, n: number) => (x / n) * 360 - 180;
const latitudeOf = (y: number, n: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / n))) * 180) / Math.PI;
const tenth = (value: number) => Math.round(value * 10) / 10;

/** The zoom whose tile pixel is closest to one unit of the map (the SVG is drawn at about its size). */
export function tileZoomFor(frame: Pick<MapFrame, "metersPerUnit" | "meanLatitude">): number {
  const atZoom0 = METERS_PER_PIXEL_Z0 * Math.cos((frame.meanLatitude * Math.PI) / 180);
  return Math.min(MAX_ZOOM, Math.max(0, Math.round(Math.log2(atZoom0 / frame.metersPerUnit))));
}

export function mapTilesFor(frame: MapFrame, source: MapTileSource): MapTile[] {
  const northWest = frame.unproject({ x: 0, y: 0 });
  const southEast = frame.unproject({ x: MAP_WIDTH, y: MAP_HEIGHT });
  for (let zoom = tileZoomFor(frame); zoom >= 0; zoom--) {
    const n = 2 ** zoom;
    const clampTile = (t: number) => Math.min(n - 1, Math.max(0, t));
    const [x0, x1] = [clampTile(tileX(northWest.longitude, n)), clampTile(tileX(southEast.longitude, n))];
    const [y0, y1] = [clampTile(tileY(northWest.latitude, n)), clampTile(tileY(southEast.latitude, n))];
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_TILES) continue;
    const tiles: MapTile[] = [];
    for (let x = x0; x <= x1; x++)
      for (let y = y0; y <= y1; y++) {
        const href = mapTileUrl(source.urlTemplate, zoom, x, y);
        if (!href) return [];
        const topLeft = frame.project({ latitude: latitudeOf(y, n), longitude: longitudeOf(x, n) });
        const bottomRight = frame.project({ latitude: latitudeOf(y + 1, n), longitude: longitudeOf(x + 1, n) });
        // Edges rounded, then the size between them: neighbouring tiles share an edge, with no seam.
        const [left, top, right, bottom] = [topLeft.x, topLeft.y, bottomRight.x, bottomRight.y].map(tenth);
        tiles.push({ href, x: left!, y: top!, width: tenth(right! - left!), height: tenth(bottom! - top!) });
      }
    return tiles;
  }
  return [];
}
