/**
 * How the open order status block stays live (extensions/order-status-delivery): it asks the app
 * again on nextRefreshMs's schedule (backing off after failures) while it is on screen, stops asking
 * while it is not, and asks at once when it comes back on screen or after a change.
 *
 * Customer account extensions run in a sandboxed worker with no window or document of the page, so
 * there is no `focus` or `visibilitychange` event to listen to. What the platform gives is
 * `shopify.extension.rendered`, a subscribable boolean: "Whether your extension is currently rendered
 * to the screen … Your extension might also continue to run after the buyer has navigated away …
 * so that it's immediately available if the buyer navigates back" (the `Extension` API in
 * @shopify/ui-extensions, surfaces/customer-account/api/shared.d.ts; shopify.dev, Customer account
 * UI extensions, Extension API). Coming back on screen is the block's "focus".
 */
import { nextRefreshMs, type ShopperDelivery } from "./shopper-delivery";

export interface RefreshTimers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
  /** Milliseconds now (Date.now in the block). */
  now(): number;
}

export interface BlockRefresherOptions {
  /** The deliveries, or null when they could not be had. */
  load: () => Promise<ShopperDelivery[] | null>;
  /** Called with each answer that could be had. */
  show: (deliveries: ShopperDelivery[]) => void;
  timers: RefreshTimers;
}

export interface BlockRefresher {
  /** The first load; the block is taken to be on screen. */
  start(): void;
  /** `shopify.extension.rendered`'s value: off screen stops asking, back on screen asks at once. */
  rendered(onScreen: boolean): void;
  /** Ask now (after a change), whatever the schedule. */
  refreshNow(): void;
  /** The block went away: no more asking, and answers still on their way are dropped. */
  stop(): void;
}

export function createBlockRefresher({ load, show, timers }: BlockRefresherOptions): BlockRefresher {
  let stopped = false;
  let onScreen = true;
  let inFlight = false;
  let again = false;
  let timer: unknown = undefined;
  let failures = 0;
  let shown: ShopperDelivery[] = [];
  let openedAt = 0;

  const clearTimer = () => {
    if (timer !== undefined) timers.clear(timer);
    timer = undefined;
  };

  const schedule = () => {
    clearTimer();
    if (stopped || !onScreen) return;
    const wait = nextRefreshMs(shown, failures, timers.now() - openedAt);
    if (wait !== null) timer = timers.set(() => void ask(), wait);
  };

  const ask = async (): Promise<void> => {
    timer = undefined;
    if (stopped) return;
    if (inFlight) {
      again = true;
      return;
    }
    inFlight = true;
    const deliveries = await load().catch(() => null);
    inFlight = false;
    if (stopped) return;
    if (deliveries === null) failures += 1;
    else {
      failures = 0;
      shown = deliveries;
      show(deliveries);
    }
    if (again && onScreen) {
      again = false;
      return ask();
    }
    again = false;
    schedule();
  };

  return {
    start() {
      openedAt = timers.now();
      void ask();
    },
    rendered(next) {
      const cameBack = next && !onScreen;
      onScreen = next;
      if (!next) clearTimer();
      else if (cameBack) {
        clearTimer();
        void ask();
      }
    },
    refreshNow() {
      clearTimer();
      void ask();
    },
    stop() {
      stopped = true;
      clearTimer();
    },
  };
}
