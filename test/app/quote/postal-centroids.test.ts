import zipcodes from "zipcodes";
import { describe, expect, it } from "vitest";
import { createPostalCentroids, readCodesAsJson } from "~/quote/postal-centroids.server";

describe("postal-code centroids from the zipcodes package", () => {
  it("reads the package's table as JSON, the same places its own lookup gives", async () => {
    const codes = await readCodesAsJson();
    expect(codes).not.toBeNull();
    for (const zip of ["94103", "94110", "10001", "11201", "99501", "00501"]) {
      const place = zipcodes.lookup(zip)!;
      expect(codes![zip]).toMatchObject({ latitude: place.latitude, longitude: place.longitude, country: "US" });
    }
  });

  it("gives straight-line miles between two codes' centroids once loaded, null before and for unknown codes", async () => {
    const centroids = createPostalCentroids();
    expect(centroids.milesBetween("94103", "94110")).toBeNull();
    await centroids.load();
    expect(centroids.loaded).toBe(true);
    // San Francisco's Mission and SoMa centroids, about 1.7 miles apart.
    expect(centroids.milesBetween("94103", "94110-1234")).toBeCloseTo(1.7, 0);
    expect(centroids.milesBetween("94103", "94103")).toBe(0);
    expect(centroids.milesBetween("94103", "00000")).toBeNull();
    expect(centroids.milesBetween("94103", "toString")).toBeNull();
  });

  it("tries again after a failed load", async () => {
    let calls = 0;
    const centroids = createPostalCentroids(async () => {
      calls += 1;
      if (calls === 1) throw new Error("disk");
      return { lookup: () => ({ latitude: 1, longitude: 1, country: "US" }) };
    });
    await centroids.load();
    expect(centroids.loaded).toBe(false);
    await centroids.load();
    expect(centroids.loaded).toBe(true);
  });
});
