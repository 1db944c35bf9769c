/** "Dispatch selected" on the orders list: what is sent and how each order's result reads. */
import type { BulkDispatchOutcome, BulkDispatchResult } from "./api-contract";
import { callApi, type FetchLike } from "./api-client";
import type { Outcome } from "./order-actions";
import type { Tone } from "./presentation";
import { bulkDispatchRequest } from "./requests";
import { validateBulkSelection } from "./validation";

export const OUTCOME_LABELS: Readonly<Record<BulkDispatchOutcome, string>> = {
  dispatched: "Dispatched",
  already_dispatched: "Already dispatched",
  not_eligible: "Not dispatched",
  failed: "Failed",
};

export const OUTCOME_TONES: Readonly<Record<BulkDispatchOutcome, Tone>> = {
  dispatched: "success",
  already_dispatched: "info",
  not_eligible: "warning",
  failed: "critical",
};

export interface BulkResultRow {
  orderId: string;
  orderLabel: string;
  outcomeLabel: string;
  tone: Tone;
  /** The reason or the tracking numbers. */
  detail: string | null;
}

export interface BulkSummary {
  rows: BulkResultRow[];
  heading: string;
  tone: "success" | "warning" | "critical";
}

const MISSING_RESULT = "The delivery app returned no result for this order. Check it on the order page.";

function detailFor(result: BulkDispatchResult): string | null {
  if (result.message) return result.message;
  const shipments = Array.isArray(result.shipments) ? result.shipments : [];
  const tracking = shipments.map((s) => s.trackingNumber).filter((t): t is string => Boolean(t));
  return tracking.length > 0 ? `Tracking: ${tracking.join(", ")}` : null;
}

/** One row per order sent, in the order sent; an order the app did not answer for is reported as failed. */
export function summarizeBulkResults(orderIds: readonly string[], results: readonly BulkDispatchResult[]): BulkSummary {
  const byId = new Map(results.map((r) => [r.orderId, r]));
  const rows = orderIds.map((orderId): BulkResultRow => {
    const result = byId.get(orderId);
    if (!result) {
      return {
        orderId,
        orderLabel: `Order ${orderId}`,
        outcomeLabel: OUTCOME_LABELS.failed,
        tone: OUTCOME_TONES.failed,
        detail: MISSING_RESULT,
      };
    }
    return {
      orderId,
      orderLabel: result.orderName ?? `Order ${orderId}`,
      outcomeLabel: OUTCOME_LABELS[result.outcome] ?? OUTCOME_LABELS.failed,
      tone: OUTCOME_TONES[result.outcome] ?? OUTCOME_TONES.failed,
      detail: detailFor(result),
    };
  });
  const dispatched = orderIds.filter((id) => byId.get(id)?.outcome === "dispatched").length;
  const failed = orderIds.filter((id) => {
    const outcome = byId.get(id)?.outcome;
    return outcome === undefined || outcome === "failed";
  }).length;
  const total = orderIds.length;
  const noun = (n: number) => (n === 1 ? "order" : "orders");
  const heading =
    dispatched === total
      ? `${total} ${noun(total)} dispatched.`
      : `${dispatched} of ${total} ${noun(total)} dispatched.`;
  const tone = dispatched === total ? "success" : failed > 0 ? "critical" : "warning";
  return { rows, heading, tone };
}

/** Checks the selection, sends it once, and summarizes the per-order results. */
export async function dispatchSelected(
  fetchFn: FetchLike,
  selectedIds: readonly string[],
): Promise<Outcome<BulkSummary>> {
  const selection = validateBulkSelection(selectedIds);
  if (!selection.ok) return { ok: false, message: selection.message, fieldErrors: selection.fieldErrors ?? {} };
  const result = await callApi(fetchFn, bulkDispatchRequest(selection.value));
  if (!result.ok) return { ok: false, message: result.message, fieldErrors: result.fieldErrors };
  const results = Array.isArray(result.data.results) ? result.data.results : [];
  const summary = summarizeBulkResults(selection.value.orderIds, results);
  return { ok: true, value: summary, message: summary.heading };
}
