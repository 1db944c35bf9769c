import type { Db } from "./client.server";

const HEALTH_TIMEOUT_MS = 2000;

/** A database round trip, bounded in time: the load balancer's view of whether this instance can work. */
export async function checkDatabase(db: Db): Promise<{ ok: boolean; database: "up" | "down" }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), HEALTH_TIMEOUT_MS);
  });
  try {
    await Promise.race([db.$queryRaw`SELECT 1`, timeout]);
    return { ok: true, database: "up" };
  } catch {
    return { ok: false, database: "down" };
  } finally {
    clearTimeout(timer);
  }
}
