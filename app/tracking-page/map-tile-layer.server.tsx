import { mapFrame } from "./map";
import type { MapTileSource } from "~/config/map-tile-source";
import { mapTilesFor } from "./map-tiles";
import type { MapView } from "./view-model";

/**
 * The tile provider's streets under the map's marks (the shop's source or the app's), clipped to
 * the map's rounded frame; the background shows where a tile does not load.
 */
export function MapTileLayer({ map, source }: { map: MapView; source: MapTileSource | null }) {
  const frame = source ? mapFrame(map) : null;
  const tiles = frame && source ? mapTilesFor(frame, source) : [];
  if (!tiles.length) return null;
  return (
    <>
      <clipPath id="map-frame">
        <rect width="100%" height="100%" rx="12" />
      </clipPath>
      <g clipPath="url(#map-frame)" className="tiles">
        {tiles.map((tile) => (
          <image
            key={tile.href}
            href={tile.href}
            x={tile.x}
            y={tile.y}
            width={tile.width}
            height={tile.height}
            preserveAspectRatio="none"
          />
        ))}
      </g>
    </>
  );
}

/** The tile provider's credit under the map. */
export function MapTileCredit({ source }: { source: MapTileSource | null }) {
  return source?.attribution ? <span className="credit">{source.attribution}</span> : null;
}
