/**
 * The one fuzz runner: fast-check generates an endpoint's inputs from a fixed seed; each is sent to
 * the real route module in-process (a Request, as Remix would pass it), timed until its body has been
 * read, and judged: a 5xx is a server error, a thrown error (not a Response) a crash, an answer after
 * the endpoint's time budget a late answer, and a 4xx that changed the row count of any table a write
 * on rejection. Every input runs (failures are counted, not stopped at); the first few of each kind
 * are kept as examples.
 */
import { Prisma } from "@prisma/client";
import fc from "fast-check";
import type { Db } from "~/db/client.server";

export type FuzzAnswer = { status: number; ms: number };

export type FuzzTarget<I> = {
  /** Method and route, e.g. "POST /carrier-service/rates". */
  name: string;
  input: fc.Arbitrary<I>;
  /** Calls the route module with the input; resolves with its Response (or a thrown Response). */
  send: (input: I) => Promise<Response>;
  /** The most time an answer may take. */
  budgetMs: number;
  /** A short description of an input for the report. */
  describe: (input: I) => string;
  /** Whether a 4xx must leave every table's row count unchanged (default true). */
  checkWrites?: boolean;
  /** Inputs sent at once (default 1); rows are then not compared (which input wrote is unknown). */
  batch?: number;
  /**
   * Resolves once the work earlier accepted inputs started in the background (jobs) is done, so the
   * row counts taken before an input are its own baseline.
   */
  settle?: () => Promise<void>;
};

export type EndpointStats = {
  endpoint: string;
  inputs: number;
  statuses: Record<string, number>;
  server_errors: number;
  crashes: number;
  late_answers: number;
  writes_on_rejection: number;
  budget_ms: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  examples: string[];
};

const MAX_EXAMPLES = 5;

/**
 * Every table of the data model, by its name in the database, but the Shopify library's sessions: a
 * staff member's first request stores their online session (authentication, whatever the input).
 */
const TABLES = Prisma.dmmf.datamodel.models
  .map((model) => model.dbName ?? model.name)
  .filter((table) => table !== "Session");
/**
 * One statement for every table's row count: counted after each rejected input, so one round trip
 * instead of one per table (which made an endpoint's 10,000 inputs take minutes of counting alone).
 */
const COUNT_EVERY_TABLE = `SELECT ${TABLES.map((table, i) => `(SELECT COUNT(*) FROM "${table}") AS "c${i}"`).join(", ")}`;

/** Row counts of every table of the data model, by table name. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const [row] = await db.$queryRawUnsafe<Record<string, bigint | number>[]>(COUNT_EVERY_TABLE);
  return Object.fromEntries(TABLES.map((table, i) => [table, Number(row![`c${i}`])]));
}

function changedTables(before: Record<string, number>, after: Record<string, number>): string[] {
  return Object.keys(after).filter((table) => before[table] !== after[table]);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** Runs `runs` generated inputs through one endpoint, one at a time or `batch` at a time. */
export async function fuzzEndpoint<I>(
  db: Db,
  target: FuzzTarget<I>,
  options: { runs: number; seed: number },
): Promise<EndpointStats> {
  const stats: EndpointStats = {
    endpoint: target.name,
    inputs: 0,
    statuses: {},
    server_errors: 0,
    crashes: 0,
    late_answers: 0,
    writes_on_rejection: 0,
    budget_ms: target.budgetMs,
    p50_ms: 0,
    p99_ms: 0,
    max_ms: 0,
    examples: [],
  };
  const times: number[] = [];
  const example = (kind: string, input: I, detail: string) => {
    if (stats.examples.length < MAX_EXAMPLES) stats.examples.push(`${kind}: ${target.describe(input)} → ${detail}`);
  };
  const checkWrites = target.checkWrites ?? true;

  /** Sends one input and times it; null status for a crash (a thrown error that is not a Response). */
  const sendOne = async (input: I) => {
    const started = performance.now();
    try {
      const response = await target.send(input);
      const body = await response.text();
      const ms = performance.now() - started;
      return { status: response.status, body, crash: null, ms };
    } catch (thrown) {
      const ms = performance.now() - started;
      if (thrown instanceof Response) return { status: thrown.status, body: await thrown.text(), crash: null, ms };
      return { status: null, body: "", crash: thrown, ms };
    }
  };

  const judge = (input: I, answer: Awaited<ReturnType<typeof sendOne>>) => {
    stats.inputs += 1;
    times.push(answer.ms);
    if (answer.status === null) {
      stats.crashes += 1;
      const crash = answer.crash;
      example("crash", input, crash instanceof Error ? `${crash.name}: ${crash.message.slice(0, 300)}` : String(crash));
      return;
    }
    const family = `${Math.floor(answer.status / 100)}xx`;
    stats.statuses[family] = (stats.statuses[family] ?? 0) + 1;
    if (answer.status >= 500) {
      stats.server_errors += 1;
      // The answer's own words (a staff error's message) say which failure it was.
      example("server error", input, `${answer.status} ${answer.body.slice(0, 200)}`);
    }
    if (answer.ms > target.budgetMs) {
      stats.late_answers += 1;
      example("late", input, `${answer.status} after ${round(answer.ms)} ms (budget ${target.budgetMs} ms)`);
    }
  };

  const batch = target.batch ?? 1;
  const inputs =
    batch === 1 ? target.input.map((input) => [input]) : fc.array(target.input, { minLength: batch, maxLength: batch });
  const property = fc.asyncProperty(inputs, async (sent) => {
    if (sent.length === 1) {
      const input = sent[0]!;
      if (checkWrites) await target.settle?.();
      const before = checkWrites ? await rowCounts(db) : null;
      const answer = await sendOne(input);
      judge(input, answer);
      if (before && answer.status !== null && answer.status >= 400 && answer.status < 500) {
        const changed = changedTables(before, await rowCounts(db));
        if (changed.length > 0) {
          stats.writes_on_rejection += 1;
          example("write on rejection", input, `${answer.status}, rows changed in ${changed.join(", ")}`);
        }
      }
      return true;
    }
    // Sent together: the row counts cannot tell which input wrote, so only answers and times are judged.
    const answers = await Promise.all(sent.map(sendOne));
    sent.forEach((input, i) => judge(input, answers[i]!));
    return true;
  });
  await fc.check(property, { numRuns: Math.ceil(options.runs / batch), seed: options.seed, endOnFailure: true });

  times.sort((a, b) => a - b);
  stats.p50_ms = round(percentile(times, 0.5));
  stats.p99_ms = round(percentile(times, 0.99));
  stats.max_ms = round(times[times.length - 1] ?? 0);
  return stats;
}
