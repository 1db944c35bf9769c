import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "~/config/env.server";
import { mapTileSourceFromEnv } from "~/config/map-tiles-env";
import { testEnv } from "../../support/test-env";

const OSM = "© OpenStreetMap contributors";

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseEnv({ ...testEnv("file:./x.sqlite"), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("the app-wide map tile provider (MAP_TILE_URL, MAP_TILE_ATTRIBUTION, MAP_TILE_KEY)", () => {
  it("is none when nothing is set: the page says the map is unavailable", () => {
    expect(parseEnv(testEnv("file:./x.sqlite")).mapTiles).toBeNull();
    expect(mapTileSourceFromEnv({ MAP_TILE_URL: " ", MAP_TILE_ATTRIBUTION: "" })).toEqual({ ok: true, source: null });
  });

  it("takes an https template with its credit", () => {
    const config = parseEnv({
      ...testEnv("file:./x.sqlite"),
      MAP_TILE_URL: "https://tiles.example.com/{z}/{x}/{y}.png",
      MAP_TILE_ATTRIBUTION: OSM,
    });
    expect(config.mapTiles).toEqual({ urlTemplate: "https://tiles.example.com/{z}/{x}/{y}.png", attribution: OSM });
  });

  it("puts the key in its {key} place once, URL-encoded", () => {
    expect(
      mapTileSourceFromEnv({
        MAP_TILE_URL: "https://maps.example.com:8443/streets/{z}/{x}/{y}.png?key={key}",
        MAP_TILE_ATTRIBUTION: OSM,
        MAP_TILE_KEY: "pk.a/b+c",
      }),
    ).toEqual({
      ok: true,
      source: {
        urlTemplate: "https://maps.example.com:8443/streets/{z}/{x}/{y}.png?key=pk.a%2Fb%2Bc",
        attribution: OSM,
      },
    });
  });

  it.each<[string, Record<string, string>, string[]]>([
    [
      "plain http",
      { MAP_TILE_URL: "http://tiles.example.com/{z}/{x}/{y}.png", MAP_TILE_ATTRIBUTION: OSM },
      ["MAP_TILE_URL must be an https:// address"],
    ],
    [
      "a host that is not a plain hostname (a ; would end the CSP's img-src)",
      { MAP_TILE_URL: "https://tiles.example.com;sandbox/{z}/{x}/{y}.png", MAP_TILE_ATTRIBUTION: OSM },
      ["MAP_TILE_URL must be an https:// address"],
    ],
    [
      "a placeholder this app does not fill",
      { MAP_TILE_URL: "https://{s}.tiles.example.com/{z}/{x}/{y}.png", MAP_TILE_ATTRIBUTION: OSM },
      ["MAP_TILE_URL must be an https:// address"],
    ],
    [
      "no {y}",
      { MAP_TILE_URL: "https://tiles.example.com/{z}/{x}.png", MAP_TILE_ATTRIBUTION: OSM },
      ["MAP_TILE_URL must be an https:// address"],
    ],
    [
      "no credit",
      { MAP_TILE_URL: "https://tiles.example.com/{z}/{x}/{y}.png" },
      ["MAP_TILE_ATTRIBUTION is missing: the tile provider's credit"],
    ],
    [
      "a credit on two lines",
      { MAP_TILE_URL: "https://tiles.example.com/{z}/{x}/{y}.png", MAP_TILE_ATTRIBUTION: "a\nb" },
      ["MAP_TILE_ATTRIBUTION must be at most 200 characters on one line"],
    ],
    [
      "{key} without a key",
      { MAP_TILE_URL: "https://tiles.example.com/{z}/{x}/{y}.png?key={key}", MAP_TILE_ATTRIBUTION: OSM },
      ["MAP_TILE_KEY is missing: MAP_TILE_URL has {key}"],
    ],
    [
      "a key with no {key}",
      { MAP_TILE_URL: "https://tiles.example.com/{z}/{x}/{y}.png", MAP_TILE_ATTRIBUTION: OSM, MAP_TILE_KEY: "k" },
      ["MAP_TILE_KEY is set but MAP_TILE_URL has no {key}"],
    ],
    [
      "a credit and a key without a URL",
      { MAP_TILE_ATTRIBUTION: OSM, MAP_TILE_KEY: "k" },
      ["MAP_TILE_ATTRIBUTION is set without MAP_TILE_URL", "MAP_TILE_KEY is set without MAP_TILE_URL"],
    ],
  ])("refuses at start %s, naming the variable", (_label, env, expected) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(expected.length);
    expected.forEach((start, i) => expect(problems[i]).toMatch(new RegExp(`^${start.replace(/[{}+.()?]/g, "\\$&")}`)));
  });
});
