import { MAP_TILE_KEY_PLACEHOLDER, isMapTileTemplate, withMapTileKey, type MapTileSource } from "./map-tile-source";

/**
 * The app-wide map tile provider, set once by whoever runs the app (README, Configuration): the
 * tracking page draws its map over these tiles unless a shop set its own source (settings win). Read
 * by env.server.ts with the rest of the environment; every problem is named at start. Pure.
 *
 * - MAP_TILE_URL: an https template with {z}, {x}, {y} and, for a provider that wants a key in the
 *   address, {key}; its host a plain hostname (the page's CSP names it).
 * - MAP_TILE_ATTRIBUTION: the credit the provider's terms ask for, shown under the map; required with
 *   a URL, since the page would otherwise show the tiles without it.
 * - MAP_TILE_KEY: the key for {key}. Shoppers' browsers fetch the tiles, so it is visible in the page:
 *   a key the provider issues for browsers, never a secret one.
 */

export const MAP_TILE_ATTRIBUTION_MAX_LENGTH = 200;
export const MAP_TILE_KEY_MAX_LENGTH = 200;

export type MapTileEnv = { MAP_TILE_URL?: string; MAP_TILE_ATTRIBUTION?: string; MAP_TILE_KEY?: string };
export type MapTileEnvProblem = { name: keyof MapTileEnv; message: string };

const CONTROL_CHARACTERS = /\p{Cc}/u;
const blankToUndefined = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** The provider the environment sets (null: none), or every problem with it. */
export function mapTileSourceFromEnv(
  env: MapTileEnv,
): { ok: true; source: MapTileSource | null } | { ok: false; problems: MapTileEnvProblem[] } {
  const url = blankToUndefined(env.MAP_TILE_URL);
  const attribution = blankToUndefined(env.MAP_TILE_ATTRIBUTION);
  const key = blankToUndefined(env.MAP_TILE_KEY);
  const problems: MapTileEnvProblem[] = [];
  if (!url) {
    for (const name of ["MAP_TILE_ATTRIBUTION", "MAP_TILE_KEY"] as const)
      if (blankToUndefined(env[name])) problems.push({ name, message: "is set without MAP_TILE_URL" });
    return problems.length ? { ok: false, problems } : { ok: true, source: null };
  }
  const wantsKey = url.includes(MAP_TILE_KEY_PLACEHOLDER);
  if (wantsKey && !key)
    problems.push({ name: "MAP_TILE_KEY", message: `is missing: MAP_TILE_URL has ${MAP_TILE_KEY_PLACEHOLDER}` });
  if (!wantsKey && key)
    problems.push({ name: "MAP_TILE_KEY", message: `is set but MAP_TILE_URL has no ${MAP_TILE_KEY_PLACEHOLDER}` });
  if (key && (key.length > MAP_TILE_KEY_MAX_LENGTH || CONTROL_CHARACTERS.test(key)))
    problems.push({ name: "MAP_TILE_KEY", message: `must be at most ${MAP_TILE_KEY_MAX_LENGTH} printable characters` });
  const template = key ? withMapTileKey(url, key) : url;
  // A {key} with no key is the one problem then, not also a malformed URL.
  if (!(wantsKey && !key) && !isMapTileTemplate(template))
    problems.push({
      name: "MAP_TILE_URL",
      message:
        "must be an https:// address on a plain host name with {z}, {x} and {y} (and {key} for MAP_TILE_KEY), " +
        "for example https://tiles.example.com/{z}/{x}/{y}.png",
    });
  if (!attribution)
    problems.push({
      name: "MAP_TILE_ATTRIBUTION",
      message: "is missing: the tile provider's credit, shown under the map (e.g. © OpenStreetMap contributors)",
    });
  else if (attribution.length > MAP_TILE_ATTRIBUTION_MAX_LENGTH || CONTROL_CHARACTERS.test(attribution))
    problems.push({
      name: "MAP_TILE_ATTRIBUTION",
      message: `must be at most ${MAP_TILE_ATTRIBUTION_MAX_LENGTH} characters on one line`,
    });
  if (problems.length) return { ok: false, problems };
  return { ok: true, source: { urlTemplate: template, attribution: attribution! } };
}
