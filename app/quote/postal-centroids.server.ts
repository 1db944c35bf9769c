import { milesBetween } from "~/shipments/great-circle";

/**
 * Straight-line miles between the centroids of two US postal codes, from the `zipcodes` package (a
 * kept, maintained data package; the courier sandbox places a ZIP at the same centroid). Its table
 * (44,000 codes) costs about 150 ms and 70 MB to load, so it is loaded once, on the first quote
 * that uses the price model, not with the server: a process that never prices from the model (the
 * worker, a shop with the model off) never loads it. Until it is loaded, distances are unknown.
 */

type ZipTable = { lookup(zip: string): { latitude: number; longitude: number; country: string } | undefined };

export function createPostalCentroids(load: () => Promise<ZipTable> = loadZipcodes) {
  let table: ZipTable | null = null;
  let loading: Promise<void> | null = null;
  const place = (zip: string) => {
    const five = /^(\d{5})(?:-\d{4})?$/.exec(zip.trim())?.[1];
    const found = five ? table?.lookup(five) : undefined;
    return found && found.country === "US" ? found : null;
  };
  return {
    /** Starts loading the table (once); resolves when it is there. A failed load is tried again on the next call. */
    load(): Promise<void> {
      loading ??= load().then(
        (loaded) => {
          table = loaded;
        },
        () => {
          loading = null;
        },
      );
      return loading;
    },
    get loaded(): boolean {
      return table !== null;
    },
    /** Miles between the two codes' centroids; null while the table is not loaded or for a code it does not know. */
    milesBetween(fromZip: string, toZip: string): number | null {
      const from = place(fromZip);
      const to = place(toZip);
      return from && to ? milesBetween(from, to) : null;
    },
  };
}

export type PostalCentroids = ReturnType<typeof createPostalCentroids>;

async function loadZipcodes(): Promise<ZipTable> {
  const zipcodes = await import("zipcodes");
  return zipcodes.default ?? zipcodes;
}
