/**
 * Courier events older than the receiver's replay window are ignored, so event fixtures are dated
 * relative to the test run: `recentIso(m)` is m minutes after a point an hour before this file loaded.
 */
const AN_HOUR_AGO_MS = Date.now() - 60 * 60 * 1000;

export const recentIso = (minutes: number): string => new Date(AN_HOUR_AGO_MS + minutes * 60_000).toISOString();
