import { describe, expect, it } from "vitest";
import { MAP_HEIGHT, MAP_WIDTH, mapGeometry } from "~/tracking-page/map";

const STORE = { latitude: 37.7793, longitude: -122.4193 };
const AREA = { latitude: 37.76, longitude: -122.44 };
const DRIVER = { latitude: 37.7701, longitude: -122.4277 };

describe("mapGeometry", () => {
  it("returns nothing without any point", () => {
    expect(mapGeometry({ pickup: null, destination: null, driver: null, city: null })).toBeNull();
  });

  it("keeps every point inside the drawing, north up and east right", () => {
    const g = mapGeometry({ pickup: STORE, destination: AREA, driver: DRIVER, city: "San Francisco" })!;
    for (const p of [g.pickup!, g.destination!, g.driver!]) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(MAP_WIDTH);
      expect(p.y).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeLessThanOrEqual(MAP_HEIGHT);
    }
    // The store is north-east of the area: higher on the drawing (smaller y) and to the right.
    expect(g.pickup!.y).toBeLessThan(g.destination!.y);
    expect(g.pickup!.x).toBeGreaterThan(g.destination!.x);
    // The driver is between them.
    expect(g.driver!.x).toBeGreaterThan(g.destination!.x);
    expect(g.driver!.x).toBeLessThan(g.pickup!.x);
  });

  it.each([
    ["the store alone", { pickup: STORE, destination: null, driver: null, city: null }],
    ["the area alone", { pickup: null, destination: AREA, driver: null, city: "San Francisco" }],
  ])("centres %s and does not zoom into a street", (_, map) => {
    const g = mapGeometry(map)!;
    const point = g.pickup ?? g.destination!;
    expect(point).toMatchObject({ x: MAP_WIDTH / 2, y: MAP_HEIGHT / 2 });
    if (g.destination) expect(g.destination.r).toBeLessThan(MAP_HEIGHT / 2);
  });
});
