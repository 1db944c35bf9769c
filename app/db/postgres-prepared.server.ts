/**
 * PostgreSQL connections that keep the app's repeated statements prepared (issue 37).
 *
 * Prisma's pg adapter sends every statement unnamed, so the server parses and analyses its text on
 * every call: on the order job's path, about 30 statements an order, each a round trip that PostgreSQL
 * parsed afresh. A statement named here is parsed once per connection; later calls send only Bind and
 * Execute (pg keeps, per connection, which names it has parsed). A text is named from its second use,
 * so one-off texts (an IN list of a rare length) stay unnamed, and at most `MAX_NAMED_STATEMENTS`
 * texts are ever named in a process: a name is never reused for another text, nothing is evicted, so
 * each connection holds at most that many prepared statements for as long as it lives.
 */
import pg from "pg";

/** Distinct SQL texts a process names; the app issues a few dozen on its hot paths. */
export const MAX_NAMED_STATEMENTS = 200;
/** Texts remembered as used once, so that their second use names them. */
export const SEEN_ONCE_LIMIT = 512;

export type StatementNames = {
  /** The prepared statement's name for this text, or undefined to run it unnamed. */
  nameFor(sql: string): string | undefined;
  readonly namedCount: number;
};

export function createStatementNames(limits: { maxNamed: number; maxSeenOnce: number }): StatementNames {
  const names = new Map<string, string>();
  const seenOnce = new Set<string>();
  return {
    nameFor(sql) {
      const name = names.get(sql);
      if (name !== undefined) return name;
      if (names.size >= limits.maxNamed) return undefined;
      if (!seenOnce.delete(sql)) {
        seenOnce.add(sql);
        if (seenOnce.size > limits.maxSeenOnce) seenOnce.delete(seenOnce.values().next().value!);
        return undefined;
      }
      const named = `app_${names.size + 1}`;
      names.set(sql, named);
      return named;
    },
    get namedCount() {
      return names.size;
    },
  };
}

type QueryConfigWithText = { text: string; name?: string; submit?: unknown };

function isPlainQueryConfig(config: unknown): config is QueryConfigWithText {
  return (
    typeof config === "object" &&
    config !== null &&
    typeof (config as QueryConfigWithText).text === "string" &&
    (config as QueryConfigWithText).name === undefined &&
    typeof (config as QueryConfigWithText).submit !== "function"
  );
}

/**
 * PostgreSQL refuses to run a kept statement whose result columns a migration changed (`SELECT *`,
 * `RETURNING *` after a column was added: "cached plan must not change result type", SQLSTATE 0A000),
 * as an instance still running during a rolling deploy meets it. That call fails (its job is retried);
 * the connection then prepares its statements again under new names (the old ones cannot be dropped
 * inside a failed transaction, and go with the connection).
 */
export function isStalePreparedStatement(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { code?: unknown }).code === "0A000" &&
    /cached plan must not change result type/i.test(String((error as { message?: unknown }).message))
  );
}

/** A pg Client class (for the pool's `Client` option) naming repeated statements through `names`. */
export function preparingClientClass(names: StatementNames): typeof pg.Client {
  class PreparingClient extends pg.Client {
    /** Bumped when the server refused a kept statement as stale: later names are new statements. */
    private namesGeneration = 0;

    // pg's query has a dozen overloads (a promise, or a callback last); this one forwards whatever it is given.
    override query(config: unknown, ...rest: unknown[]): never {
      if (!isPlainQueryConfig(config)) return (super.query as (...args: unknown[]) => never)(config, ...rest);
      const name = names.nameFor(config.text);
      if (name === undefined) return (super.query as (...args: unknown[]) => never)(config, ...rest);
      const named = { ...config, name: this.namesGeneration === 0 ? name : `${name}_${this.namesGeneration}` };
      const noteStale = (error: unknown) => {
        if (isStalePreparedStatement(error)) this.namesGeneration += 1;
      };
      const last = rest.at(-1);
      if (typeof last === "function") {
        const callback = last as (error: unknown, result: unknown) => void;
        const wrapped = (error: unknown, result: unknown) => {
          noteStale(error);
          callback(error, result);
        };
        return (super.query as (...args: unknown[]) => never)(named, ...rest.slice(0, -1), wrapped);
      }
      const result = (super.query as (...args: unknown[]) => unknown)(named, ...rest);
      // A second handler on the caller's promise: the caller still gets the rejection.
      if (result instanceof Promise) result.catch(noteStale);
      return result as never;
    }
  }
  return PreparingClient;
}
