/**
 * The tracking page's map tiles: a tile server as an https URL template with `{z}`, `{x}` and `{y}`
 * (the slippy-map tile numbering), for example https://tiles.example.com/{z}/{x}/{y}.png, set app-wide
 * by whoever runs the app (MAP_TILE_URL, app/config/map-tiles-env.ts) or by a merchant for their shop
 * (settings, which win). The shopper's browser asks that host for the tiles around the delivery
 * area, so the page's CSP allows that one host for images (a plain hostname only:
 * plain-https-origin.ts). Here, not in settings, because the env module checks the app-wide one too.
 */
import { plainHttpsOrigin } from "./plain-https-origin";

/** A shop's tile source as the tracking page uses it: the template and the provider's credit. */
export type MapTileSource = { urlTemplate: string; attribution: string | null };

export const MAP_TILE_PLACEHOLDERS = ["{z}", "{x}", "{y}"] as const;
/** Where an app-wide provider's template takes its key (MAP_TILE_KEY), filled once at start. */
export const MAP_TILE_KEY_PLACEHOLDER = "{key}";

/** The template with the provider's key in place (URL-encoded): it then holds only {z}, {x}, {y}. */
export function withMapTileKey(template: string, key: string): string {
  return template.replaceAll(MAP_TILE_KEY_PLACEHOLDER, encodeURIComponent(key));
}

/** The template with each placeholder filled; null when it is not a usable https template. */
function filled(template: string, z: number, x: number, y: number): URL | null {
  if (!MAP_TILE_PLACEHOLDERS.every((placeholder) => template.includes(placeholder))) return null;
  // The placeholders belong in the path or query: the host is the one the CSP names.
  const authority = /^https:\/\/([^/?#]*)/i.exec(template)?.[1];
  if (!authority || /[{}]/.test(authority)) return null;
  const text = template.replaceAll("{z}", String(z)).replaceAll("{x}", String(x)).replaceAll("{y}", String(y));
  // Any other brace is a placeholder this app does not fill ({s}, {r}, {apikey}...).
  if (/[{}]/.test(text)) return null;
  try {
    const url = new URL(text);
    return plainHttpsOrigin(url.href) ? url : null;
  } catch {
    return null;
  }
}

export function isMapTileTemplate(template: string): boolean {
  return filled(template, 0, 0, 0) !== null;
}

/** The origin the page's CSP allows for the tiles; null for a template that is not usable. */
export function mapTileOrigin(template: string): string | null {
  return filled(template, 0, 0, 0)?.origin ?? null;
}

/** One tile's address. */
export function mapTileUrl(template: string, z: number, x: number, y: number): string | null {
  return filled(template, z, x, y)?.href ?? null;
}
