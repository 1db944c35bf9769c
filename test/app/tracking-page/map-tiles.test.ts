import { describe, expect, it } from "vitest";
import { MAP_HEIGHT, MAP_WIDTH, mapFrame } from "~/tracking-page/map";
import { MAX_TILES, mapTilesFor, tileZoomFor, type MapTile } from "~/tracking-page/map-tiles";

const SOURCE = { urlTemplate: "https://tiles.example.com/{z}/{x}/{y}.png", attribution: null };
const STORE = { latitude: 37.7599, longitude: -122.4148 };
const AREA = { latitude: 37.76, longitude: -122.43 };

const frameOf = (points: { pickup?: typeof STORE | null; destination?: typeof STORE | null }) =>
  mapFrame({ pickup: points.pickup ?? null, destination: points.destination ?? null, driver: null })!;

/** The slippy-map tile holding a point at a zoom (the standard formula, written out apart from the code). */
function tileOf(point: typeof STORE, z: number) {
  const n = 2 ** z;
  const lat = (point.latitude * Math.PI) / 180;
  return {
    x: Math.floor(((point.longitude + 180) / 360) * n),
    y: Math.floor(((1 - Math.asinh(Math.tan(lat)) / Math.PI) / 2) * n),
  };
}

describe("the merchant's tiles under the map", () => {
  it("cover the whole frame with no gap or overlap, at the zoom of the map's own scale", () => {
    const frame = frameOf({ pickup: STORE, destination: AREA });
    const tiles = mapTilesFor(frame, SOURCE);
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.length).toBeLessThanOrEqual(MAX_TILES);
    const z = tileZoomFor(frame);
    expect(z).toBeGreaterThanOrEqual(12);
    expect(z).toBeLessThanOrEqual(16);
    // Every corner of the frame is inside a tile.
    const covered = (x: number, y: number) =>
      tiles.some((t) => x >= t.x && x <= t.x + t.width && y >= t.y && y <= t.y + t.height);
    for (const [x, y] of [
      [0, 0],
      [MAP_WIDTH, 0],
      [0, MAP_HEIGHT],
      [MAP_WIDTH, MAP_HEIGHT],
      [MAP_WIDTH / 2, MAP_HEIGHT / 2],
    ] as const)
      expect(covered(x, y)).toBe(true);
    // Neighbours share their edges exactly (no seam, no overlap).
    const groups = (key: (t: MapTile) => number) => {
      const by = new Map<number, MapTile[]>();
      for (const tile of tiles) by.set(key(tile), [...(by.get(key(tile)) ?? []), tile]);
      return [...by.values()];
    };
    for (const row of groups((t) => t.y)) {
      const sorted = [...row].sort((a, b) => a.x - b.x);
      for (let i = 1; i < sorted.length; i++)
        expect(sorted[i]!.x).toBeCloseTo(sorted[i - 1]!.x + sorted[i - 1]!.width, 6);
    }
    for (const column of groups((t) => t.x)) {
      const sorted = [...column].sort((a, b) => a.y - b.y);
      for (let i = 1; i < sorted.length; i++)
        expect(sorted[i]!.y).toBeCloseTo(sorted[i - 1]!.y + sorted[i - 1]!.height, 6);
    }
  });

  it("places the tile holding the store where the store is drawn", () => {
    const frame = frameOf({ pickup: STORE, destination: AREA });
    const z = tileZoomFor(frame);
    const { x, y } = tileOf(STORE, z);
    const tile = mapTilesFor(frame, SOURCE).find((t) => t.href === `https://tiles.example.com/${z}/${x}/${y}.png`);
    expect(tile).toBeDefined();
    const store = frame.project(STORE);
    expect(store.x).toBeGreaterThanOrEqual(tile!.x - 0.1);
    expect(store.x).toBeLessThanOrEqual(tile!.x + tile!.width + 0.1);
    expect(store.y).toBeGreaterThanOrEqual(tile!.y - 0.1);
    expect(store.y).toBeLessThanOrEqual(tile!.y + tile!.height + 0.1);
  });

  it("zooms out rather than asking for more than MAX_TILES", () => {
    const frame = frameOf({ pickup: STORE, destination: { latitude: 38.6, longitude: -121.5 } });
    const tiles = mapTilesFor(frame, SOURCE);
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.length).toBeLessThanOrEqual(MAX_TILES);
  });

  it("draws nothing for a template that is not usable", () => {
    expect(mapTilesFor(frameOf({ pickup: STORE }), { urlTemplate: "http://x/{z}/{x}/{y}", attribution: null })).toEqual(
      [],
    );
  });
});
