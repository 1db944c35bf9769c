/**
 * The no-driver watchdog's look times for the demo, placed from the real clock. The watchdog looks
 * at whole minutes before pickup_after (app/watchdog/no-driver-decision.ts) and the demo's pickup is
 * a slot start, itself a whole minute, so every look falls on a whole minute of the clock: the demo
 * cannot make a look come sooner than the next whole minute, only choose which one.
 *
 * - first: the latest whole minute before pickup that has already come, so the look enqueued at
 *   dispatch is due at once (app/watchdog/start-watch.server.ts moves a past first look to "now");
 * - second: the first whole minute at least `leadMs` away, time enough to dispatch, raise once and
 *   see that no driver came (10 to 70 s of waiting with a 10 s lead, whatever the time of day);
 * - 0: the pickup time, the watch's last look (long after the demo): the second look is not the last,
 *   so it raises without also marking "no driver yet".
 */

const MINUTE_MS = 60_000;

export type RaiseLooks = { minutesBefore: [number, number, 0]; firstAt: Date; secondAt: Date };

export function demoRaiseLooks(pickupAfter: Date, now: Date, leadMs: number): RaiseLooks | null {
  const untilPickup = pickupAfter.getTime() - now.getTime();
  const first = Math.ceil(untilPickup / MINUTE_MS);
  const second = Math.floor((untilPickup - leadMs) / MINUTE_MS);
  // Too close to pickup for two looks before it (the demo's slot starts at least 10 minutes ahead).
  if (second < 1 || first <= second) return null;
  return {
    minutesBefore: [first, second, 0],
    firstAt: new Date(pickupAfter.getTime() - first * MINUTE_MS),
    secondAt: new Date(pickupAfter.getTime() - second * MINUTE_MS),
  };
}
