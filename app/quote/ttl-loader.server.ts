/**
 * A keyed loader that keeps each result for `ttlMs` and shares one load among concurrent callers:
 * the quote flow reads a shop's settings and builds its courier client at most once per TTL instead
 * of on every checkout request. A failed load is not kept.
 */

export type TtlLoaderOptions<T> = {
  clock: () => Date;
  ttlMs: number;
  /** Most keys kept; the least recently loaded go first. */
  maxEntries: number;
  load: (key: string) => Promise<T>;
  /** Whether a loaded value is kept (default: always); one that is not is loaded again on the next call. */
  keep?: (value: T) => boolean;
};

export function createTtlLoader<T>({ clock, ttlMs, maxEntries, load, keep }: TtlLoaderOptions<T>) {
  const entries = new Map<string, { value: Promise<T>; loadedAt: number }>();

  return {
    get(key: string): Promise<T> {
      const now = clock().getTime();
      const entry = entries.get(key);
      if (entry && now - entry.loadedAt < ttlMs) return entry.value;
      const value = load(key);
      entries.delete(key);
      entries.set(key, { value, loadedAt: now });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      const forgetThis = () => {
        if (entries.get(key)?.value === value) entries.delete(key);
      };
      value.then((loaded) => {
        if (keep && !keep(loaded)) forgetThis();
      }, forgetThis);
      return value;
    },

    forget(key: string): void {
      entries.delete(key);
    },
  };
}
