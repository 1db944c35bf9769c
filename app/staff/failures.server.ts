import { CourierError } from "~/courier/errors";
import { AdminApiError } from "~/shopify-admin/admin-request.server";
import { fromCourierError, StaffActionError } from "./errors";

/**
 * A staff action's time budget: past it the admin extension gets a 503 with Retry-After and words,
 * never a spinner that the admin's own timeout ends. Dispatch work started by then goes on through
 * the queue (its jobs are idempotent), so "try again" never books twice.
 */
export const STAFF_ACTION_BUDGET_MS = 8_000;
/** What a 503 for an action past its budget asks the merchant to wait. */
export const BUDGET_RETRY_AFTER_MS = 5_000;

export class BudgetExceededError extends Error {
  constructor(readonly budgetMs: number) {
    super(`no answer within ${budgetMs} ms`);
    this.name = "BudgetExceededError";
  }
}

export const SHOPIFY_BUSY =
  "Shopify is busy with this store's requests right now. Wait a few seconds and try again; nothing was changed.";
export const TOOK_TOO_LONG =
  "Shopify or the courier is slow to answer right now. Wait a few seconds and try again (reload first to see whether it went through).";
export const APP_FAILED =
  "Something went wrong in the delivery app. Try again; if it keeps failing, contact the app's support.";

/** Any failure of a staff action as the answer the extension shows (a StaffActionError). */
export function staffFailureOf(error: unknown): StaffActionError {
  if (error instanceof StaffActionError) return error;
  if (error instanceof BudgetExceededError)
    return new StaffActionError(503, TOOK_TOO_LONG, { retryAfterMs: BUDGET_RETRY_AFTER_MS, cause: error });
  if (error instanceof CourierError) return fromCourierError(error, "The courier refused this action.");
  if (error instanceof AdminApiError) {
    if (error.kind === "throttled")
      return new StaffActionError(503, SHOPIFY_BUSY, {
        retryAfterMs: Math.max(1_000, error.retryAfterMs ?? 1_000),
        cause: error,
      });
    return new StaffActionError(502, "Shopify refused the app's request. Try again in a moment.", { cause: error });
  }
  return new StaffActionError(500, APP_FAILED, { cause: error });
}

/** `run`'s result, or BudgetExceededError once `budgetMs` passed (`run` goes on; `late` hears how it ended). */
export function withinBudget<T>(run: () => Promise<T>, budgetMs: number, late: (error: unknown) => void): Promise<T> {
  const work = run();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      work.catch(late);
      reject(new BudgetExceededError(budgetMs));
    }, budgetMs);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
