/**
 * Which prepared statements the SQLite connection keeps (sqlite-connection.server.ts): those whose
 * SQL text was used before, the least recently used dropped past `maxKept`. A prepared statement
 * holds SQLite's compiled program in native memory (30–90 KB for the app's statements) until V8
 * collects it, so a statement kept from its first use made every one-off text resident for as long
 * as the cache held it: the event intake's statements name each batch's shipments, so nearly every
 * batch has a text of its own, and bench:events ended with about 460 of them kept. Texts seen once
 * are remembered (the text only, at most `maxSeenOnce`), so a statement is kept from its second use.
 */
export type StatementCache<T> = {
  /** The kept statement for this text, now the most recently used; undefined when none is kept. */
  get(sql: string): T | undefined;
  /** A statement just prepared for this text: kept when the text was seen before, else remembered as seen. */
  offer(sql: string, statement: T): void;
  /** Keeps this statement for its text whatever its uses (one that failed part-way must run again to be reset). */
  keep(sql: string, statement: T): void;
  readonly keptCount: number;
  clear(): void;
};

export function createStatementCache<T>(limits: { maxKept: number; maxSeenOnce: number }): StatementCache<T> {
  // Maps and Sets iterate in insertion order: re-inserting moves a text to the end, so the first is the oldest.
  const kept = new Map<string, T>();
  const seenOnce = new Set<string>();
  function keep(sql: string, statement: T) {
    seenOnce.delete(sql);
    kept.delete(sql);
    kept.set(sql, statement);
    if (kept.size > limits.maxKept) kept.delete(kept.keys().next().value!);
  }
  return {
    get(sql) {
      const statement = kept.get(sql);
      if (statement === undefined) return undefined;
      kept.delete(sql);
      kept.set(sql, statement);
      return statement;
    },
    offer(sql, statement) {
      if (seenOnce.delete(sql)) {
        keep(sql, statement);
        return;
      }
      seenOnce.add(sql);
      if (seenOnce.size > limits.maxSeenOnce) seenOnce.delete(seenOnce.values().next().value!);
    },
    keep,
    get keptCount() {
      return kept.size;
    },
    clear() {
      kept.clear();
      seenOnce.clear();
    },
  };
}
