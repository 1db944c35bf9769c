import { describe, expect, it } from "vitest";
import { metersBetween } from "~/shipments/great-circle";
import { bearingOf, driverOnMap } from "~/tracking-page/driver-on-map";

const DOOR = { latitude: 37.761234, longitude: -122.435678 };

describe("metersBetween and bearingOf", () => {
  it("measure about 111 km per degree of latitude, and point the compass right", () => {
    expect(metersBetween({ latitude: 37, longitude: -122 }, { latitude: 38, longitude: -122 })).toBeCloseTo(
      111_195,
      -2,
    );
    const from = { latitude: 37.77, longitude: -122.43 };
    expect(bearingOf(from, { latitude: 37.78, longitude: -122.43 })).toBe(0);
    expect(bearingOf(from, { latitude: 37.77, longitude: -122.42 })).toBe(90);
    expect(bearingOf(from, { latitude: 37.76, longitude: -122.43 })).toBe(180);
    expect(bearingOf(from, { latitude: 37.77, longitude: -122.44 })).toBe(270);
    expect(bearingOf(from, from)).toBeNull();
  });
});

describe("driverOnMap", () => {
  const on = (overrides: Partial<Parameters<typeof driverOnMap>[0]> = {}) =>
    driverOnMap({
      outForDelivery: true,
      position: { latitude: 37.77014, longitude: -122.42771 },
      previous: { latitude: 37.7745, longitude: -122.4235 },
      destination: DOOR,
      nearAddress: false,
      ...overrides,
    });

  it("rounds the driver to about 100 m and heads them the way they moved", () => {
    expect(on()).toEqual({ driver: { latitude: 37.77, longitude: -122.428 }, heading: 217 });
  });

  it.each([
    ["before the driver left for the shopper", { outForDelivery: false }],
    ["without a position", { position: null }],
    ["once near the address by the courier's word", { nearAddress: true }],
    ["within 800 m of the address", { position: { latitude: 37.765, longitude: -122.437 } }],
  ])("draws nothing %s", (_why, overrides) => {
    expect(on(overrides)).toBeNull();
  });
});
