import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  AccountOptionsPatchSchema,
  FaultsPatchSchema,
  handleControl,
  type AccountOptionsPatch,
  type FaultsPatch,
} from "./control";
import { BodyTooLarge, endpointNotFound, json, readBody, writeReply, type Reply } from "./http";
import {
  DEFAULT_ACCOUNT_OPTIONS,
  NO_FAULTS,
  type AccountOptions,
  type Faults,
  type SandboxShipment,
  type UpdateRecord,
  type WebhookEvent,
  type WebhookTarget,
} from "./model";
import { estimate, handleApi, type SandboxCore } from "./routes";
import { createRunner } from "./runner";
import { scaledScheduler, type Scheduler } from "./scheduler";
import { shipmentJson } from "./shipments";
import { createTraffic, type TrafficStats } from "./traffic";
import { createWebhookSender, type WebhookDelivery, type WebhookStats } from "./webhook-sender";

/**
 * The courier sandbox: a real HTTP server that implements the courier's API (see
 * README.md in this folder). Start it with `startCourierSandbox()` in tests and benchmarks, or
 * `npm run sandbox` from the command line.
 */

export const DEFAULT_SANDBOX_TOKEN = "sandbox-token";

export type SandboxOptions = {
  host?: string;
  port?: number;
  /** Accepted bearer tokens; default: one, DEFAULT_SANDBOX_TOKEN. */
  tokens?: string[];
  /** Sandbox seconds per real second for progression and webhook retries (1000: a delivery in ~150 ms). */
  timeScale?: number;
  /** The sandbox's "now" (validation, rate limit, timestamps, tip window). Default: the real clock. */
  clock?: () => Date;
  scheduler?: Scheduler;
  random?: () => number;
  /** Options every token starts with. */
  account?: AccountOptionsPatch;
  /** Shorthand for `account.webhook`. */
  webhook?: WebhookTarget;
  faults?: FaultsPatch;
  firstShipmentId?: number;
};

export type RequestLogEntry = {
  at: string;
  method: string;
  path: string;
  token: string | null;
  status: number;
  idempotencyKey?: string;
};

/** Faults injected so far, by kind (429 storms and failNext rules count as `failures` too). */
export type InjectedFaults = { failures: number; lostAnswers: number; latencySpikes: number };

export type SandboxStats = TrafficStats & { webhooks: WebhookStats; injected: InjectedFaults };

export type CourierSandbox = {
  url: string;
  tokens: readonly string[];
  close(): Promise<void>;
  addToken(token: string, options?: AccountOptionsPatch): void;
  setAccountOptions(token: string, options: AccountOptionsPatch): AccountOptions;
  accountOptions(token: string): AccountOptions | null;
  setFaults(faults: FaultsPatch): Faults;
  resetFaults(): void;
  stats(): SandboxStats;
  resetStats(): void;
  shipments: ReadonlyMap<number, SandboxShipment>;
  shipment(id: number | string): SandboxShipment | undefined;
  /** Runs a shipment's next step now (or expires it when no driver is coming). */
  advance(id: number | string): SandboxShipment | null;
  /** Expires a shipment that has no driver yet, as at its deadline. */
  expire(id: number | string): SandboxShipment | null;
  /** Every webhook event the sandbox produced, in order (whether or not a webhook URL is set). */
  emitted: readonly { shipmentId: number; token: string; event: WebhookEvent }[];
  requestLog: readonly RequestLogEntry[];
  /** Every update (PATCH) request answered, with its body and status. */
  updates: readonly UpdateRecord[];
  webhookLog: readonly WebhookDelivery[];
  /** Resolves once every queued webhook has been delivered or given up. */
  webhooksIdle(): Promise<void>;
};

function mergeAccount(current: AccountOptions, patch: AccountOptionsPatch): AccountOptions {
  const parsed = AccountOptionsPatchSchema.parse(patch);
  return {
    barcodeScanning: parsed.barcodeScanning ?? current.barcodeScanning,
    imageCapture: { ...current.imageCapture, ...parsed.imageCapture },
    extraEvents: parsed.extraEvents ?? current.extraEvents,
    automaticRepost: parsed.automaticRepost ?? current.automaticRepost,
    eta: parsed.eta ?? current.eta,
    webhook: parsed.webhook === undefined ? current.webhook : parsed.webhook,
    driverPool: parsed.driverPool === undefined ? current.driverPool : parsed.driverPool,
    peakPricing: parsed.peakPricing === undefined ? current.peakPricing : parsed.peakPricing,
  };
}

function mergeFaults(current: Faults, patch: FaultsPatch): Faults {
  const parsed = FaultsPatchSchema.parse(patch);
  const merged = { ...current };
  for (const [key, value] of Object.entries(parsed)) {
    if (value !== undefined) (merged as Record<string, unknown>)[key] = structuredClone(value);
  }
  return merged;
}

export async function startCourierSandbox(options: SandboxOptions = {}): Promise<CourierSandbox> {
  const clock = options.clock ?? (() => new Date());
  const random = options.random ?? Math.random;
  const scheduler = options.scheduler ?? scaledScheduler(options.timeScale ?? 1);
  const tokens = new Set(options.tokens ?? [DEFAULT_SANDBOX_TOKEN]);
  const baseAccount = mergeAccount(DEFAULT_ACCOUNT_OPTIONS, {
    ...options.account,
    ...(options.webhook ? { webhook: options.webhook } : {}),
  });
  const accounts = new Map<string, AccountOptions>();
  let faults = mergeFaults(NO_FAULTS, options.faults ?? {});
  let injected: InjectedFaults = { failures: 0, lostAnswers: 0, latencySpikes: 0 };
  let nextId = options.firstShipmentId ?? 100001;
  let baseUrl = "";
  const shipments = new Map<number, SandboxShipment>();
  const emitted: { shipmentId: number; token: string; event: WebhookEvent }[] = [];
  const requestLog: RequestLogEntry[] = [];
  const traffic = createTraffic(clock);
  const sender = createWebhookSender({ scheduler, random, faults: () => faults });
  const account = (token: string) => accounts.get(token) ?? baseAccount;

  const emit = (shipment: SandboxShipment, events: WebhookEvent[]) => {
    const target = account(shipment.token).webhook;
    for (const event of events) {
      emitted.push({ shipmentId: shipment.id, token: shipment.token, event });
      if (target) sender.send(`${shipment.token}:${shipment.id}`, target, event);
    }
  };

  const runner = createRunner({
    shipments,
    account,
    clock,
    scheduler,
    baseUrl: () => baseUrl,
    nextId: () => nextId++,
    emit,
  });
  const core: SandboxCore = {
    clock,
    shipments,
    idempotency: new Map(),
    nextId: () => nextId++,
    account,
    runner,
    baseUrl: () => baseUrl,
    emit,
    updates: [],
  };

  const setAccountOptions = (token: string, patch: AccountOptionsPatch) => {
    tokens.add(token);
    const merged = mergeAccount(account(token), patch);
    accounts.set(token, merged);
    return merged;
  };
  const toId = (id: number | string) => Number(id);
  const control = {
    setAccountOptions,
    accountOptions: (token: string) => (tokens.has(token) ? account(token) : null),
    setFaults: (patch: FaultsPatch) => (faults = mergeFaults(faults, patch)),
    stats: (): SandboxStats => ({ ...traffic.stats(), webhooks: sender.stats(), injected: { ...injected } }),
    advance: (id: number) => {
      const s = runner.advance(id);
      return s ? shipmentJson(s, { includeEvents: true }) : null;
    },
    expire: (id: number) => {
      const s = runner.expireNow(id);
      return s ? shipmentJson(s, { includeEvents: true }) : null;
    },
    estimate: (body: unknown, token: string) => estimate(core, { body, token }),
  };

  /** Fault injection for one authenticated request: a reply to send instead, or null. */
  const injectedFault = (method: string, path: string, token: string): Reply | null => {
    if (faults.throttleStorm && faults.throttleStorm.count > 0) {
      const storm = faults.throttleStorm;
      faults = { ...faults, throttleStorm: storm.count > 1 ? { ...storm, count: storm.count - 1 } : null };
      traffic.noteInjectedThrottle(token);
      return json(429, { errors: [], message: "Too many requests." }, { "retry-after": String(storm.retryAfterS) });
    }
    const ruleIndex = faults.failNext.findIndex(
      (rule) => (!rule.method || rule.method === method) && (!rule.pathPrefix || path.startsWith(rule.pathPrefix)),
    );
    if (ruleIndex >= 0) {
      const rule = faults.failNext[ruleIndex]!;
      const failNext = [...faults.failNext];
      if (rule.count > 1) failNext[ruleIndex] = { ...rule, count: rule.count - 1 };
      else failNext.splice(ruleIndex, 1);
      faults = { ...faults, failNext };
      const headers = rule.retryAfterS !== undefined ? { "retry-after": String(rule.retryAfterS) } : undefined;
      if (rule.status === 429) traffic.noteInjectedThrottle(token);
      return json(rule.status, { errors: [], message: "Injected failure." }, headers);
    }
    if (faults.errorRate > 0 && random() < faults.errorRate) {
      const status = faults.errorStatuses[Math.floor(random() * faults.errorStatuses.length)] ?? 500;
      return json(status, { errors: [], message: "Injected failure." });
    }
    return null;
  };

  const parseJsonBody = (text: string): { ok: true; value: unknown } | { ok: false } => {
    if (text.trim() === "") return { ok: true, value: undefined };
    try {
      return { ok: true, value: JSON.parse(text) };
    } catch {
      return { ok: false };
    }
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://sandbox.local");
    const method = req.method ?? "GET";
    const segments = url.pathname.split("/").filter(Boolean);
    let text: string;
    try {
      text = await readBody(req);
    } catch (error) {
      if (error instanceof BodyTooLarge) return writeReply(res, json(413, { errors: [], message: "Body too large." }));
      throw error;
    }
    const body = parseJsonBody(text);

    if (segments[0] === "__sandbox") {
      if (!body.ok) return writeReply(res, json(400, { message: "Body is not JSON." }));
      return writeReply(res, handleControl(control, method, segments, body.value));
    }

    const finish = (reply: Reply, token: string | null) => {
      traffic.noteResponse(reply.status);
      const retryAfter = reply.status === 429 && "json" in reply ? Number(reply.headers?.["retry-after"]) : Number.NaN;
      if (token && Number.isFinite(retryAfter)) traffic.noteRetryAfter(token, retryAfter);
      const entry: RequestLogEntry = {
        at: clock().toISOString(),
        method,
        path: url.pathname,
        token,
        status: reply.status,
      };
      const key = body.ok ? (body.value as { idempotency_key?: unknown } | undefined)?.idempotency_key : undefined;
      if (typeof key === "string") entry.idempotencyKey = key;
      requestLog.push(entry);
      if (requestLog.length > 10_000) requestLog.shift();
      writeReply(res, reply);
    };

    if (segments[0] !== "v1") return finish(endpointNotFound(), null);
    const auth = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
    const token = auth?.[1];
    if (!token || !tokens.has(token)) {
      return finish(json(401, { errors: [], message: "Access token missing or invalid." }), null);
    }
    const retryAfter = traffic.admit(token);
    if (retryAfter !== null) {
      return finish(
        json(429, { errors: [], message: "Too many requests." }, { "retry-after": String(retryAfter) }),
        token,
      );
    }
    const fault = injectedFault(method, url.pathname, token);
    if (fault) injected.failures += 1;
    const spike = faults.latencySpikeRate > 0 && random() < faults.latencySpikeRate ? faults.latencySpikeMs : 0;
    if (spike > 0) injected.latencySpikes += 1;
    if (faults.latencyMs + spike > 0) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs + spike));
    if (fault) return finish(fault, token);
    if (!body.ok) {
      return finish(
        json(400, { errors: [{ code: 1002, parameter: "body", message: "Body is not valid JSON." }] }),
        token,
      );
    }
    const reply = handleApi(core, { token, method, segments, query: url.searchParams, body: body.value });
    // A lost answer: the work is done (a shipment created, a cancel made) but the caller sees a 500.
    if (reply.status < 300 && faults.lostAnswerRate > 0 && random() < faults.lostAnswerRate) {
      injected.lostAnswers += 1;
      return finish(json(500, { errors: [], message: "Injected failure after the request was carried out." }), token);
    }
    finish(reply, token);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) writeReply(res, json(500, { errors: [], message: "Sandbox failure." }));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  baseUrl = `http://${host}:${address.port}`;

  return {
    url: baseUrl,
    get tokens() {
      return [...tokens];
    },
    async close() {
      runner.closeAll();
      scheduler.cancelAll();
      await sender.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    addToken(token, opts) {
      tokens.add(token);
      if (opts) setAccountOptions(token, opts);
    },
    setAccountOptions,
    accountOptions: control.accountOptions,
    setFaults: control.setFaults,
    resetFaults() {
      faults = { ...NO_FAULTS };
    },
    stats: control.stats,
    resetStats() {
      traffic.reset();
      sender.resetStats();
      injected = { failures: 0, lostAnswers: 0, latencySpikes: 0 };
    },
    shipments,
    shipment: (id) => shipments.get(toId(id)),
    advance: (id) => runner.advance(toId(id)),
    expire: (id) => runner.expireNow(toId(id)),
    emitted,
    requestLog,
    updates: core.updates,
    webhookLog: sender.log,
    webhooksIdle: () => sender.idle(),
  };
}
