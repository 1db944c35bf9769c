import { z } from "zod";
import type { CourierUrls } from "~/courier/base-url";
import type { Db } from "~/db/client.server";
import type { EnqueueInput } from "~/jobs/job";
import type { JobQueue } from "~/jobs/queue.server";
import type { CourierForShop } from "~/runtime.server";
import type { CourierCheck, CourierHealth } from "./courier-check";
import { shopCourierCheck } from "./courier-connection.server";

/**
 * The courier connection's health, checked in the background and kept on the shop row: a page load
 * reads the last check and, when it is older than COURIER_HEALTH_TTL_MS (or the token changed since),
 * asks for a new one as a job. A page never waits on the courier, and Home loads spend none of the
 * courier's 10 requests a second that checkout needs (one check per shop per TTL at most: the job's
 * unique key).
 */

export const COURIER_HEALTH_JOB = "onboarding.courier-health";
export const COURIER_HEALTH_TTL_MS = 10 * 60 * 1000;
const STORED_STATUSES = ["connected", "rejected", "unreachable"] as const;

export const CourierHealthPayload = z.object({});

export type CourierHealthRow = {
  courierTokenEncrypted: string | null;
  courierConnectedAt: Date | null;
  courierCheckStatus: string | null;
  courierCheckDetail: string | null;
  courierCheckedAt: Date | null;
};

/** The stored check when it is about the current token and recent enough; else null. Pure. */
export function currentCourierCheck(row: CourierHealthRow, now: Date): CourierCheck | null {
  if (!row.courierTokenEncrypted) return { status: "not_connected" };
  const at = row.courierCheckedAt;
  if (!at || now.getTime() - at.getTime() > COURIER_HEALTH_TTL_MS) return null;
  if (row.courierConnectedAt && row.courierConnectedAt.getTime() > at.getTime()) return null;
  const status = (STORED_STATUSES as readonly string[]).includes(row.courierCheckStatus ?? "")
    ? (row.courierCheckStatus as (typeof STORED_STATUSES)[number])
    : null;
  if (!status) return null;
  return { status, detail: row.courierCheckDetail ?? "" };
}

/** The last check for display: an old one about the same token still shows (a new one is on its way). */
export function displayedCourierCheck(row: CourierHealthRow, now: Date): CourierHealth {
  const current = currentCourierCheck(row, now);
  if (current) return current;
  const at = row.courierCheckedAt;
  const sameToken = at !== null && (!row.courierConnectedAt || row.courierConnectedAt.getTime() <= at.getTime());
  return sameToken
    ? (currentCourierCheck({ ...row, courierCheckedAt: now }, now) ?? { status: "checking" })
    : { status: "checking" };
}

/** One check per shop, token (its save time) and TTL period at most. */
export function courierHealthJob(shopDomain: string, tokenSavedAt: Date | null, now: Date): EnqueueInput {
  const bucket = Math.floor(now.getTime() / COURIER_HEALTH_TTL_MS);
  return {
    shopDomain,
    kind: COURIER_HEALTH_JOB,
    payload: {},
    uniqueKey: `courier-health:${shopDomain}:${tokenSavedAt?.getTime() ?? 0}:${bucket}`,
    maxAttempts: 1,
  };
}

/** Asks for a check when the stored one is not current; never waits for it. */
export async function requestCourierHealthIfStale(
  deps: { queue: JobQueue; clock: () => Date },
  shopDomain: string,
  row: CourierHealthRow,
): Promise<void> {
  const now = deps.clock();
  if (currentCourierCheck(row, now)) return;
  await deps.queue.enqueue(courierHealthJob(shopDomain, row.courierConnectedAt, now));
}

/** Stores a check's result (from the job, or the one a saved token was just tested with). */
export async function storeCourierCheck(db: Db, shopDomain: string, check: CourierCheck, at: Date): Promise<void> {
  if (check.status === "not_connected") return;
  await db.shop.updateMany({
    where: { domain: shopDomain },
    data: { courierCheckStatus: check.status, courierCheckDetail: check.detail, courierCheckedAt: at },
  });
}

/** The job: one real estimate with the shop's saved token (courier-connection.server.ts), stored. */
export async function runCourierHealthCheck(
  deps: { db: Db; courierFor: CourierForShop; courierUrls: CourierUrls; clock: () => Date },
  shopDomain: string,
): Promise<CourierCheck> {
  const check = await shopCourierCheck(deps, shopDomain);
  await storeCourierCheck(deps.db, shopDomain, check, deps.clock());
  return check;
}
