import { describe, expect, it } from "vitest";
import { fitPriceModel, predictPrice, type Observation } from "~/quote/price-model";

/** A courier that charges base + per mile by size, with roads 1.25 times the straight line. */
function courier(sizeClass: string, base: number, perMile: number, centroidMiles: number): Observation {
  const distanceMiles = Math.round(centroidMiles * 1.25 * 100) / 100;
  return {
    sizeClass,
    priceDollars: Math.round((base + perMile * distanceMiles) * 100) / 100,
    distanceMiles,
    centroidMiles,
  };
}

describe("fitPriceModel on known data", () => {
  const known = [
    courier("small", 8, 1.5, 1),
    courier("small", 8, 1.5, 4),
    courier("small", 8, 1.5, 9),
    courier("large", 16, 2, 2),
    courier("large", 16, 2, 6),
  ];

  it("recovers each size class's price line and the road factor", () => {
    const model = fitPriceModel(known)!;
    expect(model.classes.get("small")!.slope).toBeCloseTo(1.5, 2);
    expect(model.classes.get("small")!.intercept).toBeCloseTo(8, 1);
    expect(model.classes.get("large")!.slope).toBeCloseTo(2, 2);
    expect(model.classes.get("large")!.intercept).toBeCloseTo(16, 1);
    expect(model.roadFactor).toBeCloseTo(1.25, 2);
  });

  it.each([
    ["small", 5, 8 + 1.5 * 6.25],
    ["large", 10, 16 + 2 * 12.5],
  ])("prices a new %s cart %i centroid miles away within a cent of the courier", (sizeClass, miles, expected) => {
    const predicted = predictPrice(fitPriceModel(known)!, sizeClass, miles)!;
    expect(Math.abs(predicted.priceDollars - expected)).toBeLessThanOrEqual(0.011);
    expect(predicted.distanceMiles).toBeCloseTo(miles * 1.25, 1);
  });

  it("a class seen at one distance only: its price there, moved by the slope the other classes share", () => {
    const model = fitPriceModel([...known, courier("medium", 11, 1.5, 3)])!;
    const line = model.classes.get("medium")!;
    // Pooled slope of small (1.5) and large (2), weighted by their spreads of distance.
    expect(line.slope).toBeGreaterThan(1.5);
    expect(line.slope).toBeLessThan(2);
    expect(line.intercept + line.slope * 3.75).toBeCloseTo(11 + 1.5 * 3.75, 2);
  });

  it("a class never seen is priced by its first stand-in the model knows", () => {
    const model = fitPriceModel(known)!;
    expect(predictPrice(model, "medium", 4, ["unknown", "large"])).toEqual(predictPrice(model, "large", 4));
  });

  it("no price for a class never seen, nor without any slope, nor from nothing", () => {
    expect(predictPrice(fitPriceModel(known)!, "xlarge", 3)).toBeNull();
    expect(fitPriceModel([courier("small", 8, 1.5, 2), courier("small", 8, 1.5, 2)])!.classes.size).toBe(0);
    expect(fitPriceModel([])).toBeNull();
  });

  it("without a road factor yet (every estimate within a mile), takes centroid miles as road miles", () => {
    const near = [courier("small", 8, 1.5, 0), courier("small", 8, 1.5, 0.8)];
    const model = fitPriceModel(near)!;
    expect(model.roadFactor).toBeNull();
    expect(predictPrice(model, "small", 2)).toMatchObject({ distanceMiles: 2 });
  });

  it("never a price of zero or below (a line falling with distance)", () => {
    const falling = [
      { sizeClass: "small", priceDollars: 10, distanceMiles: 1, centroidMiles: 1 },
      { sizeClass: "small", priceDollars: 2, distanceMiles: 5, centroidMiles: 5 },
    ];
    expect(predictPrice(fitPriceModel(falling)!, "small", 8)).toBeNull();
  });
});
