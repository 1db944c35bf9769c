/**
 * The chaos run's size and seed. Default: the full run the issue asks for. Each figure can be set by
 * an environment variable or an argument (`--orders 200`); `--quick` is a small run for development.
 */

export type ChaosKnobs = {
  /** Seeds every random choice (kill moments, faults, event order); printed so a run can be repeated. */
  seed: number;
  /** Orders of the flash sale during which the app is killed. */
  orders: number;
  /** SIGKILLs during the flash sale. */
  kills: number;
  /** SIGKILLs while the courier events are posted and applied. */
  eventKills: number;
  /** Courier events to post at least (the flash sale's shipments run to their end; 10 % sent twice). */
  minEvents: number;
  /** Orders dispatched and tracked under courier faults. */
  courierFaultOrders: number;
  /** Orders dispatched and tracked under Shopify faults. */
  shopifyFaultOrders: number;
};

export const FULL_RUN: Omit<ChaosKnobs, "seed"> = {
  orders: 1_000,
  kills: 10,
  eventKills: 2,
  minEvents: 10_000,
  courierFaultOrders: 200,
  shopifyFaultOrders: 200,
};

export const QUICK_RUN: Omit<ChaosKnobs, "seed"> = {
  orders: 100,
  kills: 3,
  eventKills: 2,
  minEvents: 900,
  courierFaultOrders: 40,
  shopifyFaultOrders: 40,
};

const FLAGS: Record<string, keyof Omit<ChaosKnobs, "seed"> | "seed"> = {
  "--seed": "seed",
  "--orders": "orders",
  "--kills": "kills",
  "--event-kills": "eventKills",
  "--events": "minEvents",
  "--courier-fault-orders": "courierFaultOrders",
  "--shopify-fault-orders": "shopifyFaultOrders",
};

const ENV: Record<string, keyof ChaosKnobs> = {
  CHAOS_SEED: "seed",
  CHAOS_ORDERS: "orders",
  CHAOS_KILLS: "kills",
  CHAOS_EVENT_KILLS: "eventKills",
  CHAOS_EVENTS: "minEvents",
  CHAOS_COURIER_FAULT_ORDERS: "courierFaultOrders",
  CHAOS_SHOPIFY_FAULT_ORDERS: "shopifyFaultOrders",
};

function whole(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number ≥ 0, not ${text}`);
  return value;
}

/** Knobs from the arguments, then the environment, then the full (or `--quick`) defaults; the seed defaults to `defaultSeed`. */
export function parseKnobs(argv: readonly string[], env: Record<string, string | undefined>, defaultSeed: number) {
  const quick = argv.includes("--quick");
  const knobs: ChaosKnobs = { seed: defaultSeed, ...(quick ? QUICK_RUN : FULL_RUN) };
  for (const [name, key] of Object.entries(ENV)) {
    const text = env[name];
    if (text !== undefined && text !== "") knobs[key] = whole(name, text);
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--quick") continue;
    const key = FLAGS[arg];
    const text = argv[i + 1];
    if (!key || text === undefined)
      throw new Error(`Unknown option ${arg} (known: --quick, ${Object.keys(FLAGS).join(" <n>, ")} <n>)`);
    knobs[key] = whole(arg, text);
    i += 1;
  }
  if (knobs.orders < 20) throw new Error("--orders must be at least 20 (one per shop of the flash sale)");
  return knobs;
}
