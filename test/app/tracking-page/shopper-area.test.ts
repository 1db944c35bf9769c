import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { metersBetween } from "~/shipments/great-circle";
import { AREA_GRID_METERS, AREA_RADIUS_METERS, shopperAreaOf } from "~/tracking-page/shopper-area";

/** Addresses where people live (Shopify geocodes shipping addresses between the polar circles). */
const address = fc.record({
  latitude: fc.double({ min: -66, max: 66, noNaN: true }),
  longitude: fc.double({ min: -180, max: 180, noNaN: true }),
});

describe("the shopper's area on the map", () => {
  it("always holds the address inside its circle, yet a few hundred metres wide", () => {
    expect(AREA_RADIUS_METERS).toBeGreaterThan((AREA_GRID_METERS / 2) * Math.SQRT2);
    expect(AREA_RADIUS_METERS).toBeLessThan(1_000);
    fc.assert(
      fc.property(address, (point) => {
        expect(metersBetween(point, shopperAreaOf(point))).toBeLessThan(AREA_RADIUS_METERS);
      }),
    );
  });

  it("tells no more than the cell: every address of a cell gives the same centre, a grid point", () => {
    fc.assert(
      fc.property(address, (point) => {
        const centre = shopperAreaOf(point);
        // The centre is its own cell's centre, so anything in the cell (the address too) lands on it.
        expect(shopperAreaOf(centre)).toEqual(centre);
      }),
    );
    // Two doors 60 m apart in one San Francisco cell show the same area; the centre is neither door.
    const door = { latitude: 37.761234, longitude: -122.435678 };
    const neighbour = { latitude: 37.76075, longitude: -122.43521 };
    expect(metersBetween(door, neighbour)).toBeGreaterThan(50);
    expect(shopperAreaOf(door)).toEqual(shopperAreaOf(neighbour));
    expect(shopperAreaOf(door)).toEqual({ latitude: 37.76051, longitude: -122.43336 });
    expect(metersBetween(door, shopperAreaOf(door))).toBeGreaterThan(100);
  });

  it.each([
    ["a cell's side north", { latitude: 37.761234 + AREA_GRID_METERS / 111_320, longitude: -122.435678 }],
    ["a cell's side east", { latitude: 37.761234, longitude: -122.435678 + 0.0057 }],
  ])("moves by one cell for an address %s", (_where, moved) => {
    const here = shopperAreaOf({ latitude: 37.761234, longitude: -122.435678 });
    const there = shopperAreaOf(moved);
    expect(metersBetween(here, there)).toBeGreaterThan(AREA_GRID_METERS * 0.95);
    expect(metersBetween(here, there)).toBeLessThan(AREA_GRID_METERS * 1.05);
  });
});
