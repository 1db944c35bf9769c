import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { milesBetween } from "~/shipments/great-circle";

/**
 * Straight-line miles between the centroids of two US postal codes, from the `zipcodes` package (a
 * kept, maintained data package; the courier sandbox places a ZIP at the same centroid). Its table
 * (44,000 codes) is loaded once, on the first quote that may use the price model, not with the
 * server: a process that never prices from the model (the worker, a shop with the model off) never
 * loads it. Until it is loaded, distances are unknown.
 *
 * Its table is a 5 MB JavaScript object literal (`lib/codes.js`: `exports.codes = {…JSON…};`);
 * compiled as a module it costs about 80 MB of memory and 150 ms, read as JSON about 20 MB and
 * a fraction of the time (measured with node on this machine). So the same file is read as JSON
 * when it has that shape, and imported as the package's module when it does not (a later version).
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

type Place = { latitude: number; longitude: number; country: string };

async function loadZipcodes(): Promise<ZipTable> {
  const codes = await readCodesAsJson();
  if (codes) return { lookup: (zip) => (Object.hasOwn(codes, zip) ? codes[zip] : undefined) };
  const zipcodes = await import("zipcodes");
  return zipcodes.default ?? zipcodes;
}

const CODES_PREFIX = "exports.codes = ";

/** The package's US table read as JSON; null when its file does not have the shape this expects. */
export async function readCodesAsJson(): Promise<Record<string, Place> | null> {
  try {
    const text = await readFile(createRequire(import.meta.url).resolve("zipcodes/lib/codes.js"), "utf8");
    const end = text.indexOf("};\n");
    if (!text.startsWith(CODES_PREFIX) || end < 0) return null;
    const codes: unknown = JSON.parse(text.slice(CODES_PREFIX.length, end + 1));
    return typeof codes === "object" && codes !== null ? (codes as Record<string, Place>) : null;
  } catch {
    return null;
  }
}
