/**
 * npm run bench:scale — two app instances sharing one PostgreSQL database, one killed mid-run.
 *
 * - PostgreSQL: the server named by TEST_POSTGRES_URL, or a throw-away one on 127.0.0.1 for the run;
 *   a fresh database, migrated with `prisma migrate deploy`.
 * - Two servers from the production build (`remix build` first when build/ is missing or stale),
 *   started as `npm start` starts it (its Node flags too), with the worker on, on two ports, sharing that database.
 * - The Shopify stand-in served over HTTP: the unmodified Shopify client of each app process reaches
 *   it through the stand-in's HTTPS proxy (proxyEnv). Plus-level Admin limits, so the courier is
 *   the bottleneck being measured.
 * - The courier sandbox in a child process (its rate counting undisturbed by the load generator),
 *   posting its events. A driver takes every shipment: EVENT_STEPS steps each (driver_assigned,
 *   en_route_to_pickup, driver_approaching_pickup), and every FULL_DELIVERY_EVERY-th shipment is
 *   delivered (pickup, fulfillment, delivery): ~3,300 events for 1,000 orders, which a 2-core
 *   machine applies in a few minutes next to the dispatch.
 * - A load balancer in this process: round robin over the instances, an instance whose connection
 *   fails is skipped for a second and the request goes to the other (as a health-checking LB).
 *   Shopify's orders/paid webhooks (signed, ~15 % repeated with the same webhook id, ~5 % redelivered
 *   with a new one) and every courier event go through it.
 * - When a third of the orders have their courier shipment, instance A is killed with SIGKILL, and
 *   started again after RESTART_AFTER_MS. Its running jobs are taken over when their leases end.
 *
 * Seeded per shop as installing and connecting does: the offline session (a token the stand-in
 * issued), the courier token (saveCourierToken), the webhook secret (rotateWebhookSecret) given to
 * the sandbox account, and an enabled pickup location.
 *
 * Waits until every order has its shipment, every shipment has had its steps at the courier, every
 * event the courier emitted is recorded and applied and no job is due (or DEADLINE_MS passes: a miss).
 * Jobs scheduled further ahead than LATER_AFTER_MS (the no-driver looks before each pickup) are not
 * waited for: they are counted and printed apart. Then prints a summary, the event-loop delay of each
 * app instance and of this load generator with the machine's load, and, as its last line, a JSON
 * object (with the peak RSS of any app instance, sampled every second; no target). Exit code 1 when a
 * target is missed, each missed one printed: no duplicate, nothing missing, the courier never above 10
 * requests per second per token, no 429, instance A killed, the deadline not reached, no due job left,
 * no dead job, no operation the Shopify stand-in refused.
 * BENCH_ORDERS overrides the number of orders (default 1000).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { createWriteStream, mkdtempSync, rmSync, type WriteStream } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseEnv } from "~/config/env.server";
import { REQUESTS_PER_SECOND } from "~/courier/limits";
import { createDb, type Db } from "~/db/client.server";
import { serviceCodeFor } from "~/schedule/service-code";
import { rotateWebhookSecret, saveCourierToken } from "~/shops/courier-credentials.server";
import {
  createDatabase,
  dropDatabase,
  startThrowawayPostgres,
  type PostgresServer,
} from "../../prisma/tools/postgres-server";
import { startCourierSandbox, type CourierSandbox, type SandboxStats } from "../courier-sandbox/server";
import { addOrder, createShopifyStandIn, type ShopifyStandIn } from "../shopify-stand-in";
import { serveShopifyStandIn } from "../shopify-stand-in/serve";
import { webhookRequest } from "../support/shopify-signing";
import { localCourierEnv, TEST_API_KEY, TEST_API_SECRET, testEnv } from "../support/test-env";
import { ensureProductionBuild, freePort, migrateDatabase, ROOT } from "../support/app-server";
import { serverStart } from "../support/start-command";
import { seededRandom } from "./harness";
import { samplePeakRss } from "./peak-rss";
import {
  appLoopDelay,
  conditionsLine,
  loopDelayEnv,
  machineLoad,
  ownLoopDelay,
  worseLoopDelay,
  type AppLoopDelay,
  type LoopDelay,
} from "./loop-delay";
import { atMost, equalTo, judgeTargets } from "./targets";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1000);
const SHOPS = 4;
const INSTANCES = 2;
const SAME_ID_REPEAT_RATE = 0.15;
const NEW_ID_REDELIVERY_RATE = 0.05;
/** orders/paid deliveries per second: spread over the dispatch, so the kill lands among them. */
const WEBHOOKS_PER_SECOND = 40;
const SEND_CONCURRENCY = 16;
const SEND_ATTEMPTS = 8;
const KILL_AT_SHARE = 1 / 3;
const RESTART_AFTER_MS = 3_000;
/** Sandbox seconds per real second: its webhook retries (1 s, 4 s, 16 s) come 10 times sooner. */
const SANDBOX_TIME_SCALE = 10;
const EVENT_STEPS = 3;
const FULL_DELIVERY_EVERY = 20;
const MAX_DELIVERY_STEPS = 20;
const ADVANCE_EVERY_MS = 250;
const DEADLINE_MS = 8 * 60_000;
/**
 * Jobs due further ahead than this are the work of later (the no-driver looks, scheduled minutes
 * before each pickup): the run ends without them and prints them apart. Nearer ones (a retry's
 * backoff) are waited for.
 */
const LATER_AFTER_MS = 5 * 60_000;
/** With no job left, nothing changing for this long means nothing will (longer than a job lease). */
const STALL_MS = 90_000;
const POLL_MS = 1_000;
const LB_SKIP_DOWN_MS = 1_000;
const MAX_PROXIED_BODY_BYTES = 1024 * 1024;
const SANDBOX_ROLE = "--courier-sandbox";

const info = (line: string) => process.stdout.write(`${line}\n`);
const debug = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- the courier sandbox, in a child process

type SandboxCommand =
  | { id: number; cmd: "account"; token: string; webhook: { url: string; secret: string } }
  | { id: number; cmd: "summary" }
  | { id: number; cmd: "close" };

export type CourierSummary = {
  stats: SandboxStats;
  shipments: {
    id: number;
    token: string;
    referenceId: string;
    state: string;
    finished: boolean;
    advanced: boolean;
    events: number;
  }[];
};

function summarize(sandbox: CourierSandbox, advanced: ReadonlySet<number>): CourierSummary {
  const events = new Map<number, number>();
  for (const emitted of sandbox.emitted) events.set(emitted.shipmentId, (events.get(emitted.shipmentId) ?? 0) + 1);
  return {
    stats: sandbox.stats(),
    shipments: [...sandbox.shipments.values()].map((s) => ({
      id: s.id,
      token: s.token,
      referenceId: s.request.reference_id,
      state: s.state,
      finished: s.finishedAt !== null,
      advanced: advanced.has(s.id),
      events: events.get(s.id) ?? 0,
    })),
  };
}

async function runSandboxChild(tokens: string[]): Promise<void> {
  if (!process.send) throw new Error("The courier sandbox role needs an IPC channel");
  const sandbox = await startCourierSandbox({ host: "127.0.0.1", port: 0, tokens, timeScale: SANDBOX_TIME_SCALE });
  // The drivers: every new shipment is taken through its steps (the sandbox waits for a driver otherwise).
  const advanced = new Set<number>();
  const drivers = setInterval(() => {
    for (const shipment of sandbox.shipments.values()) {
      if (advanced.has(shipment.id)) continue;
      advanced.add(shipment.id);
      const steps = shipment.id % FULL_DELIVERY_EVERY === 0 ? MAX_DELIVERY_STEPS : EVENT_STEPS;
      for (let step = 0; step < steps; step++) {
        const after = sandbox.advance(shipment.id);
        if (!after || after.finishedAt !== null) break;
      }
    }
  }, ADVANCE_EVERY_MS);
  process.on("message", (message: SandboxCommand) => {
    if (message.cmd === "account") {
      sandbox.setAccountOptions(message.token, {
        webhook: { url: message.webhook.url, auth: { method: "bearer", token: message.webhook.secret } },
      });
      process.send!({ id: message.id });
    } else if (message.cmd === "summary") {
      process.send!({ id: message.id, summary: summarize(sandbox, advanced) });
    } else {
      clearInterval(drivers);
      void sandbox.close().then(() => process.exit(0));
    }
  });
  process.on("disconnect", () => {
    clearInterval(drivers);
    void sandbox.close().then(() => process.exit(0));
  });
  process.send({ url: sandbox.url });
}

type SandboxChild = {
  url: string;
  setWebhook(token: string, webhook: { url: string; secret: string }): Promise<void>;
  summary(): Promise<CourierSummary>;
  close(): Promise<void>;
};

async function startSandboxChild(tokens: string[]): Promise<SandboxChild> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", import.meta.filename, SANDBOX_ROLE, JSON.stringify(tokens)],
    {
      cwd: ROOT,
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const pending = new Map<number, (reply: { summary?: CourierSummary }) => void>();
  let nextId = 1;
  const url = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`The courier sandbox exited with code ${code}`)));
    child.on("message", (message: { url?: string; id?: number; summary?: CourierSummary }) => {
      if (message.url) resolve(message.url);
      if (message.id !== undefined) pending.get(message.id)?.(message);
    });
  });
  const ask = (command: Omit<Extract<SandboxCommand, { cmd: "account" }>, "id"> | { cmd: "summary" }) =>
    new Promise<{ summary?: CourierSummary }>((resolve) => {
      const id = nextId++;
      pending.set(id, (reply) => {
        pending.delete(id);
        resolve(reply);
      });
      child.send({ ...command, id });
    });
  return {
    url,
    setWebhook: async (token, webhook) => void (await ask({ cmd: "account", token, webhook })),
    summary: async () => (await ask({ cmd: "summary" })).summary!,
    async close() {
      if (child.exitCode !== null) return;
      child.send({ id: 0, cmd: "close" });
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

// ---------------------------------------------------------------- the load balancer

type Balancer = {
  url: string;
  setTarget(index: number, url: string | null): void;
  counts: { forwarded: number[]; failovers: number; unavailable: number };
  close(): Promise<void>;
};

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_PROXIED_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "host", "content-length", "upgrade"]);

async function startBalancer(instances: number): Promise<Balancer> {
  const targets: (string | null)[] = Array.from({ length: instances }, () => null);
  const downUntil: number[] = Array.from({ length: instances }, () => 0);
  const counts = { forwarded: Array.from({ length: instances }, () => 0), failovers: 0, unavailable: 0 };
  let next = 0;
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    if (body === null) return void res.writeHead(413).end();
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name))
        headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    for (let tried = 0; tried < instances; tried++) {
      const index = next++ % instances;
      const target = targets[index];
      if (!target || downUntil[index]! > Date.now()) continue;
      try {
        const response = await fetch(`${target}${req.url ?? "/"}`, {
          method: req.method,
          headers,
          ...(hasBody ? { body: new Uint8Array(body) } : {}),
        });
        const answer = Buffer.from(await response.arrayBuffer());
        counts.forwarded[index]! += 1;
        const out: Record<string, string> = {};
        response.headers.forEach((value, name) => {
          if (!HOP_BY_HOP.has(name) && name !== "content-encoding") out[name] = value;
        });
        res.writeHead(response.status, out).end(answer);
        return;
      } catch {
        // Connection refused or reset: the instance is down; the request goes to the next one.
        downUntil[index] = Date.now() + LB_SKIP_DOWN_MS;
        counts.failovers += 1;
      }
    }
    counts.unavailable += 1;
    res.writeHead(502, { "Content-Type": "text/plain" }).end("No instance available\n");
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setTarget: (index, url) => {
      targets[index] = url;
      downUntil[index] = 0;
    },
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------- app instances

type AppInstance = {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  exited: Promise<void>;
  loop: AppLoopDelay;
};

type InstanceEnv = Record<string, string> & { NODE_ENV: "production" };

function startInstance(name: string, port: number, env: InstanceEnv, log: WriteStream): AppInstance {
  const start = serverStart(ROOT);
  const child: ChildProcess = spawn(process.execPath, start.args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", ...start.env, ...env, ...loopDelayEnv(), PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const loop = appLoopDelay(() => child.pid!);
  child.stdout?.on("data", (chunk: Buffer) => log.write(`[${name}] ${chunk.toString("utf8")}`));
  // Whole lines: the event-loop delay readings are answered here, everything else goes to the log.
  let partial = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    const lines = (partial + chunk.toString("utf8")).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) if (!loop.onLog(line)) log.write(`[${name}!] ${line}\n`);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { name, port, url: `http://127.0.0.1:${port}`, child, exited, loop };
}

async function waitHealthy(instance: AppInstance): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (instance.child.exitCode !== null)
      throw new Error(`App instance ${instance.name} exited with code ${instance.child.exitCode}`);
    try {
      if ((await fetch(`${instance.url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`App instance ${instance.name} did not become healthy within 30 s`);
    await sleep(200);
  }
}

async function stopInstance(instance: AppInstance): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  instance.child.kill("SIGTERM");
  const timer = setTimeout(() => instance.child.kill("SIGKILL"), 10_000);
  await instance.exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------- shops, orders, webhooks

type BenchShop = { domain: string; token: string; orders: { gid: string; name: string }[] };

function addShops(standIn: ShopifyStandIn): BenchShop[] {
  return Array.from({ length: SHOPS }, (_, n) => {
    const domain = `scale-shop-${n + 1}.myshopify.com`;
    const shop = standIn.addShop({
      myshopifyDomain: domain,
      address: {
        address1: `${n + 1} Main St`,
        city: "Brooklyn",
        province: "New York",
        provinceCode: "NY",
        zip: "11201",
        countryCode: "US",
      },
      locations: [{ name: "Main Street" }],
    });
    const orders = Array.from({ length: Math.floor(ORDERS / SHOPS) + (n < ORDERS % SHOPS ? 1 : 0) }, () => {
      const order = addOrder(shop, {
        shippingAddress: {
          firstName: "Sam",
          lastName: "Shopper",
          address1: "123 Shipping St",
          city: "Brooklyn",
          provinceCode: "NY",
          zip: "11215",
          countryCodeV2: "US",
          phone: "+17185550134",
        },
        shippingLines: [
          {
            title: "Within 3 hours",
            code: serviceCodeFor("within-3-hours"),
            source: "Same-day delivery",
            carrierIdentifier: "c9f1e2",
            price: "9.99",
          },
        ],
      });
      return { gid: order.id, name: order.name };
    });
    return { domain, token: `scale-courier-token-${n + 1}-${randomBytes(4).toString("hex")}`, orders };
  });
}

async function seedShop(
  db: Db,
  keys: ReturnType<typeof parseEnv>["encryption"],
  standIn: ShopifyStandIn,
  shop: BenchShop,
  courierUrl: string,
) {
  const accessToken = standIn.issueAccessToken(shop.domain);
  const scope = standIn.issuedTokens.find((t) => t.shop === shop.domain)?.scope ?? "";
  await db.session.create({
    data: { id: `offline_${shop.domain}`, shop: shop.domain, state: "", isOnline: false, accessToken, scope },
  });
  const row = await db.shop.create({ data: { domain: shop.domain, timezone: "America/New_York" } });
  await saveCourierToken({ db, keys }, shop.domain, { token: shop.token, environment: "sandbox", baseUrl: courierUrl });
  const secret = await rotateWebhookSecret({ db, keys }, shop.domain, "bearer");
  for (const location of standIn.shop(shop.domain).locations) {
    await db.pickupLocation.create({
      data: {
        shopId: row.id,
        locationGid: location.id,
        name: location.name,
        enabled: true,
        contactName: "Dana",
        contactPhone: "+17185550100",
        addressJson: JSON.stringify(location.address),
      },
    });
  }
  const { webhookPathId } = await db.shop.findUniqueOrThrow({ where: { id: row.id }, select: { webhookPathId: true } });
  return { secret, webhookPathId };
}

type Delivery = { shop: string; orderGid: string; webhookId: string };

/** One delivery per order, some repeated with the same webhook id, some redelivered with a new one; in a fixed shuffled order. */
function plannedDeliveries(shops: BenchShop[], random: () => number): { deliveries: Delivery[]; repeats: number } {
  const deliveries: Delivery[] = [];
  let repeats = 0;
  for (const shop of shops) {
    for (const order of shop.orders) {
      const first = { shop: shop.domain, orderGid: order.gid, webhookId: randomUUID() };
      deliveries.push(first);
      const again = [
        ...(random() < SAME_ID_REPEAT_RATE ? [{ ...first }] : []),
        ...(random() < NEW_ID_REDELIVERY_RATE ? [{ ...first, webhookId: randomUUID() }] : []),
      ];
      deliveries.push(...again);
      repeats += again.length;
    }
  }
  for (let i = deliveries.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
  }
  return { deliveries, repeats };
}

/** Sends each delivery through the balancer at a steady pace; a failed one is sent again, as Shopify retries. */
async function sendDeliveries(
  balancerUrl: string,
  deliveries: Delivery[],
): Promise<{ sent: number; retries: number; failed: number }> {
  let index = 0;
  let retries = 0;
  let failed = 0;
  const started = Date.now();
  const send = async (delivery: Delivery) => {
    const request = webhookRequest({
      url: `${balancerUrl}/webhooks/orders/paid`,
      topic: "orders/paid",
      shop: delivery.shop,
      body: {
        id: Number(delivery.orderGid.split("/").pop()),
        admin_graphql_api_id: delivery.orderGid,
        financial_status: "paid",
      },
      secret: TEST_API_SECRET,
      webhookId: delivery.webhookId,
    });
    const body = await request.text();
    for (let attempt = 1; attempt <= SEND_ATTEMPTS; attempt++) {
      try {
        const response = await fetch(request.url, { method: "POST", headers: request.headers, body });
        await response.arrayBuffer();
        if (response.ok) return;
      } catch {
        // the balancer is always up; a reset connection is retried like an error status
      }
      retries += 1;
      await sleep(250 * attempt);
    }
    failed += 1;
  };
  await Promise.all(
    Array.from({ length: SEND_CONCURRENCY }, async () => {
      for (;;) {
        const mine = index++;
        const delivery = deliveries[mine];
        if (!delivery) return;
        const due = started + (mine * 1000) / WEBHOOKS_PER_SECOND;
        if (due > Date.now()) await sleep(due - Date.now());
        await send(delivery);
      }
    }),
  );
  return { sent: deliveries.length, retries, failed };
}

// ---------------------------------------------------------------- measuring

type Progress = {
  shipments: number;
  ordersWithShipment: number;
  /** Jobs running, due, or due within LATER_AFTER_MS (retries after a backoff): the run waits for them. */
  pendingJobs: number;
  /** Jobs scheduled past LATER_AFTER_MS (the no-driver looks before a pickup): counted, not waited for. */
  laterJobs: number;
  laterJobsByKind: Record<string, number>;
  /** When the earliest of those is due, in minutes from now (null: none). */
  laterFirstInMin: number | null;
  deadJobs: number;
  eventsRecorded: number;
  eventsApplied: number;
  /** Recorded without a shipment to attach them to (and never attached since). */
  eventsUnmatched: number;
};

async function progress(db: Db): Promise<Progress> {
  const laterFrom = new Date(Date.now() + LATER_AFTER_MS);
  const [shipments, byOrder, pendingJobs, later, deadJobs, eventsRecorded, eventsApplied, eventsUnmatched] =
    await Promise.all([
      db.shipment.count({ where: { courierShipmentId: { not: null } } }),
      db.shipment.groupBy({
        by: ["shopId", "orderGid"],
        where: { courierShipmentId: { not: null } },
        orderBy: { orderGid: "asc" },
      }),
      db.job.count({
        where: { OR: [{ state: "running" }, { state: "queued", runAt: { lte: laterFrom } }] },
      }),
      db.job.groupBy({
        by: ["kind"],
        where: { state: "queued", runAt: { gt: laterFrom } },
        _count: { _all: true },
        _min: { runAt: true },
        orderBy: { kind: "asc" },
      }),
      db.job.count({ where: { state: "dead" } }),
      db.courierEvent.count({ where: { synthesized: false } }),
      db.courierEvent.count({ where: { synthesized: false, appliedAt: { not: null } } }),
      db.courierEvent.count({ where: { synthesized: false, shipmentId: null } }),
    ]);
  const firstLater = Math.min(...later.map((group) => group._min.runAt?.getTime() ?? Infinity));
  return {
    shipments,
    ordersWithShipment: byOrder.length,
    pendingJobs,
    laterJobs: later.reduce((sum, group) => sum + group._count._all, 0),
    laterJobsByKind: Object.fromEntries(later.map((group) => [group.kind, group._count._all])),
    laterFirstInMin: Number.isFinite(firstLater) ? Math.round((firstLater - Date.now()) / 6_000) / 10 : null,
    deadJobs,
    eventsRecorded,
    eventsApplied,
    eventsUnmatched,
  };
}

function courierFigures(summary: CourierSummary) {
  const perOrder = new Map<string, number>();
  for (const s of summary.shipments)
    perOrder.set(`${s.token}|${s.referenceId}`, (perOrder.get(`${s.token}|${s.referenceId}`) ?? 0) + 1);
  const tokens = Object.values(summary.stats.perToken);
  return {
    shipments: summary.shipments.length,
    orders: perOrder.size,
    duplicates: summary.shipments.length - perOrder.size,
    advanced: summary.shipments.filter((s) => s.advanced).length,
    delivered: summary.shipments.filter((s) => s.state === "delivered").length,
    events: summary.shipments.reduce((sum, s) => sum + s.events, 0),
    maxRps: Math.max(0, ...tokens.map((t) => t.maxRps)),
    maxAcceptedRps: Math.max(0, ...tokens.map((t) => t.maxAcceptedRps)),
    throttled: summary.stats.throttled,
    requests: summary.stats.requests,
    webhooksFailed: summary.stats.webhooks.failed,
  };
}

// ---------------------------------------------------------------- the run

async function main(): Promise<void> {
  const started = Date.now();
  ensureProductionBuild({ mustContain: "FOR UPDATE OF c SKIP LOCKED", log: debug });
  const workDir = mkdtempSync(path.join(tmpdir(), "bench-scale-"));
  const log = createWriteStream(path.join(workDir, "instances.log"));
  let server: PostgresServer | null = null;
  let adminUrl = process.env.TEST_POSTGRES_URL;
  const databaseName = `bench_scale_${randomBytes(4).toString("hex")}`;
  const cleanups: (() => Promise<void> | void)[] = [];
  // Every instance's resident memory, the restarted one included; the peak is the largest of any.
  const rss = samplePeakRss();
  cleanups.push(() => rss.stop());
  try {
    if (!adminUrl) {
      server = await startThrowawayPostgres();
      adminUrl = server.adminUrl;
      cleanups.push(() => server?.stop());
    }
    const databaseUrl = await createDatabase(adminUrl, databaseName);
    cleanups.unshift(() => dropDatabase(adminUrl!, databaseName));
    migrateDatabase(databaseUrl);
    const db = createDb(databaseUrl);
    cleanups.unshift(() => db.$disconnect());

    let shopifyProblems = 0;
    const standIn = createShopifyStandIn({
      apiKey: TEST_API_KEY,
      apiSecret: TEST_API_SECRET,
      throttle: { maximumAvailable: 20_000, restoreRate: 1_000 },
      onInvalidOperation: (problem) => {
        shopifyProblems += 1;
        if (shopifyProblems <= 5)
          debug(
            `Shopify stand-in refused an operation: ${problem.kind} ${JSON.stringify(problem.errors).slice(0, 300)}`,
          );
      },
    });
    const shops = addShops(standIn);
    const served = await serveShopifyStandIn(standIn);
    cleanups.unshift(() => served.close());
    const sandbox = await startSandboxChild(shops.map((s) => s.token));
    cleanups.unshift(() => sandbox.close());
    const balancer = await startBalancer(INSTANCES);
    cleanups.unshift(() => balancer.close());

    const ports = [await freePort(), await freePort()];
    const env: InstanceEnv = {
      ...testEnv(databaseUrl),
      ...served.proxyEnv(),
      NODE_ENV: "production" as const,
      SHOPIFY_APP_URL: balancer.url,
      WORKER_ENABLED: "true",
      ...localCourierEnv(sandbox.url),
      DATABASE_URL: `${databaseUrl}?connection_limit=8`,
    };
    const keys = parseEnv({ ...env, PORT: String(ports[0]) }).encryption;
    for (const shop of shops) {
      const { secret, webhookPathId } = await seedShop(db, keys, standIn, shop, sandbox.url);
      await sandbox.setWebhook(shop.token, { url: `${balancer.url}/courier/webhooks/${webhookPathId}`, secret });
    }

    const instances = ports.map((port, i) => startInstance(String.fromCharCode(65 + i), port, env, log));
    for (const instance of instances) rss.track(instance.child.pid!);
    cleanups.unshift(() => Promise.all(instances.map(stopInstance)).then(() => undefined));
    await Promise.all(instances.map(waitHealthy));
    instances.forEach((instance, i) => balancer.setTarget(i, instance.url));
    info(
      `PostgreSQL ${adminUrl.replace(/\/[^/]*$/, "")}, ${INSTANCES} app instances (production build, worker on), ` +
        `${SHOPS} shops/courier tokens, ${ORDERS} orders; instance logs: ${path.join(workDir, "instances.log")}`,
    );

    const { deliveries, repeats } = plannedDeliveries(shops, seededRandom(9));
    const runStarted = Date.now();
    const generatorLoop = ownLoopDelay();
    const sending = sendDeliveries(balancer.url, deliveries);

    // Kill instance A once a third of the orders have their courier shipment; start it again after a pause.
    let killedAt: { seconds: number; shipments: number } | null = null;
    let restartedAfterMs = 0;
    let beforeKill: LoopDelay | null = null;
    for (;;) {
      const now = await progress(db);
      if (now.ordersWithShipment >= ORDERS * KILL_AT_SHARE) {
        // Its delay until now, read just before the kill (a killed process answers no read).
        beforeKill = await instances[0]!.loop.read();
        instances[0]!.child.kill("SIGKILL");
        await instances[0]!.exited;
        killedAt = { seconds: Math.round((Date.now() - runStarted) / 100) / 10, shipments: now.ordersWithShipment };
        info(`SIGKILL instance A at ${killedAt.seconds} s (${now.ordersWithShipment} orders dispatched)`);
        break;
      }
      if (Date.now() - runStarted > DEADLINE_MS) break;
      await sleep(100);
    }
    if (killedAt) {
      const restartStarted = Date.now();
      await sleep(RESTART_AFTER_MS);
      instances[0] = startInstance("A", ports[0]!, env, log);
      rss.track(instances[0].child.pid!);
      await waitHealthy(instances[0]);
      balancer.setTarget(0, instances[0].url);
      restartedAfterMs = Date.now() - restartStarted;
      info(`Instance A restarted and healthy ${Math.round(restartedAfterMs / 100) / 10} s after the kill`);
    }
    const sent = await sending;
    info(
      `orders/paid: ${sent.sent} deliveries sent (${repeats} repeats), ${sent.retries} retried, ${sent.failed} given up`,
    );

    // Until everything that is due is done, or the deadline (a miss).
    let last = await progress(db);
    let timedOut = true;
    let courier = courierFigures(await sandbox.summary());
    let lastLine = 0;
    let lastChange = { at: Date.now(), state: "" };
    while (Date.now() - runStarted < DEADLINE_MS) {
      last = await progress(db);
      courier = courierFigures(await sandbox.summary());
      const state = JSON.stringify([last, courier.shipments, courier.advanced, courier.events]);
      if (state !== lastChange.state) lastChange = { at: Date.now(), state };
      else if (last.pendingJobs === 0 && Date.now() - lastChange.at > STALL_MS) {
        timedOut = false;
        info(`  nothing changed for ${STALL_MS / 1000} s with no job due: stopping (what is missing is counted)`);
        break;
      }
      const done =
        last.ordersWithShipment === ORDERS &&
        courier.advanced === courier.shipments &&
        last.eventsApplied >= courier.events &&
        last.pendingJobs === 0;
      if (done) {
        timedOut = false;
        break;
      }
      if (Date.now() - lastLine > 10_000) {
        lastLine = Date.now();
        info(
          `  ${Math.round((Date.now() - runStarted) / 1000)} s: ${last.ordersWithShipment}/${ORDERS} dispatched, ` +
            `${courier.advanced}/${courier.shipments} taken by a driver, events ${last.eventsApplied}/${courier.events} applied, ${last.pendingJobs} jobs due, ${last.laterJobs} scheduled later`,
        );
      }
      await sleep(POLL_MS);
    }
    const runSeconds = Math.round((Date.now() - runStarted) / 100) / 10;
    if (timedOut) info(`DEADLINE: the due work was not done within ${DEADLINE_MS / 1000} s`);
    info(
      `Scheduled later, not waited for: ${last.laterJobs} jobs (${
        Object.entries(last.laterJobsByKind)
          .map(([kind, count]) => `${kind} ${count}`)
          .join(", ") || "none"
      })${last.laterFirstInMin === null ? "" : `, the first due in ${last.laterFirstInMin} min`}`,
    );
    // The app instances' event-loop delay over the run (A: the worse of before its kill and since its
    // restart), this load generator's, the load. An instance that answered no read is printed as such,
    // and the JSON figure is null unless every instance was read.
    const instanceLoops = await Promise.all(instances.map((instance) => instance.loop.read()));
    if (killedAt)
      instanceLoops[0] = beforeKill && instanceLoops[0] ? worseLoopDelay(beforeKill, instanceLoops[0]) : null;
    const appLoop = instanceLoops.includes(null) ? null : instanceLoops.reduce<LoopDelay | null>(worseLoopDelay, null);
    const generator = generatorLoop.read();
    const load = machineLoad();
    instances.forEach((instance, i) =>
      info(`Instance ${instance.name}: ${conditionsLine(instanceLoops[i] ?? null, generator, load)}`),
    );
    const dbDuplicates = last.shipments - last.ordersWithShipment;
    const summary = {
      orders: ORDERS,
      instances: INSTANCES,
      shops: SHOPS,
      webhooks_sent: sent.sent,
      webhooks_repeated: repeats,
      shipments: last.shipments,
      courier_shipments: courier.shipments,
      duplicates: dbDuplicates + courier.duplicates,
      missing:
        ORDERS - last.ordersWithShipment + (ORDERS - courier.orders) + Math.max(0, courier.events - last.eventsApplied),
      delivered: courier.delivered,
      events_emitted: courier.events,
      events_recorded: last.eventsRecorded,
      events_applied: last.eventsApplied,
      events_unmatched: last.eventsUnmatched,
      courier_requests: courier.requests,
      courier_max_rps: courier.maxRps,
      courier_max_accepted_rps: courier.maxAcceptedRps,
      courier_429: courier.throttled,
      courier_webhooks_failed: courier.webhooksFailed,
      dead_jobs: last.deadJobs,
      due_jobs_left: last.pendingJobs,
      later_jobs: last.laterJobs,
      later_jobs_by_kind: last.laterJobsByKind,
      later_first_due_in_min: last.laterFirstInMin,
      timed_out: timedOut ? 1 : 0,
      app_loop_p99_ms: appLoop?.p99_ms ?? null,
      app_loop_max_ms: appLoop?.max_ms ?? null,
      gen_loop_p99_ms: generator.p99_ms,
      gen_loop_max_ms: generator.max_ms,
      load1: load.load1,
      shopify_errors: shopifyProblems,
      killed_at_s: killedAt?.seconds ?? null,
      killed_at_dispatched: killedAt?.shipments ?? null,
      restarted_after_s: Math.round(restartedAfterMs / 100) / 10,
      lb_forwarded: balancer.counts.forwarded,
      lb_failovers: balancer.counts.failovers,
      run_s: runSeconds,
      total_s: Math.round((Date.now() - started) / 1000),
      app_peak_rss_mb: rss.peakMb(),
    };
    const met = judgeTargets(
      [
        equalTo("duplicates", summary.duplicates, 0),
        equalTo("missing", summary.missing, 0),
        atMost("courier_max_rps", summary.courier_max_rps, REQUESTS_PER_SECOND),
        equalTo("courier_429", summary.courier_429, 0),
        // The kill is what the run is about: an instance killed before the deadline (null: never).
        atMost("killed_at_s", summary.killed_at_s, DEADLINE_MS / 1000),
        // Reaching the deadline is a miss, and so is due work left or lost.
        equalTo("timed_out", summary.timed_out, 0),
        equalTo("due_jobs_left", summary.due_jobs_left, 0),
        equalTo("dead_jobs", summary.dead_jobs, 0),
        equalTo("shopify_errors", summary.shopify_errors, 0),
      ],
      info,
    );
    info(JSON.stringify({ ...summary, targets_met: met }));
  } finally {
    for (const cleanup of cleanups) {
      try {
        await cleanup();
      } catch (error) {
        debug(`cleanup: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    log.end();
    if (process.exitCode !== 1) rmSync(workDir, { recursive: true, force: true });
  }
}

const fail = (error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
};

if (process.argv[2] === SANDBOX_ROLE) runSandboxChild(JSON.parse(process.argv[3] ?? "[]") as string[]).catch(fail);
else main().then(() => process.exit(process.exitCode ?? 0), fail);
