/**
 * What every demo step receives: the running stack, a place to say what it sees, the progress bar,
 * `check` (each step checks its own outcome; a failed check ends the step and the demo), and what
 * earlier steps learned.
 */
import type { OrderState } from "../shopify-stand-in";
import type { ShipmentView } from "../../extensions/shared/api-contract";
import type { DemoStack } from "./stack";
import type { DemoSlot } from "./slot";
import type { ChosenRate } from "./store";

/** A check that did not hold: its text names what was expected. */
export class CheckFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CheckFailed";
  }
}

export type DemoState = {
  carrierService?: { id: string; name: string; callbackUrl: string };
  webhookUrl?: string;
  /** The scheduled slot set up in step 1, which the shopper chooses at checkout. */
  slot?: DemoSlot;
  chosenRate?: ChosenRate;
  /** The two-location order and its shipments, once delivered. */
  delivered?: { order: OrderState; shipments: ShipmentView[] };
  returned?: { order: OrderState; shipment: ShipmentView };
  canceled?: { order: OrderState; shipment: ShipmentView };
  /** The order no driver took until its pay was raised twice (step 7), once delivered. */
  noDriver?: { order: OrderState; shipment: ShipmentView };
};

export type DemoContext = {
  stack: DemoStack;
  state: DemoState;
  say(text: string): void;
  progress(done: number, total: number, label: string): void;
  /** Records `what` as checked; throws CheckFailed(`what`, with `detail`) when `condition` is false. */
  check(condition: unknown, what: string, detail?: () => string): asserts condition;
  /**
   * Calls `probe` until it returns a value other than null/undefined/false; throws CheckFailed
   * naming `what` (and the last `describe()`) after `timeoutMs`.
   */
  waitFor<T>(
    what: string,
    probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
    options?: { timeoutMs?: number; intervalMs?: number; describe?: () => string },
  ): Promise<T>;
};

export type DemoStep = {
  name: string;
  /** What the step shows when it passes (the summary's "what was checked"). */
  proves: string;
  run(ctx: DemoContext): Promise<void>;
};

export function createContext(
  stack: DemoStack,
  say: (text: string) => void,
  progress: DemoContext["progress"],
  onCheck: (what: string) => void,
): DemoContext {
  const state: DemoState = {};
  return {
    stack,
    state,
    say,
    progress,
    check(condition, what, detail) {
      if (!condition) throw new CheckFailed(detail ? `${what} (${detail()})` : what);
      onCheck(what);
    },
    async waitFor(what, probe, options = {}) {
      const timeoutMs = options.timeoutMs ?? 20_000;
      const intervalMs = options.intervalMs ?? 50;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const value = await probe();
        if (value !== null && value !== undefined && value !== false) return value;
        if (Date.now() > deadline) {
          throw new CheckFailed(
            `${what}: not seen within ${timeoutMs / 1000} s${options.describe ? ` (${options.describe()})` : ""}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, intervalMs));
      }
    },
  };
}
