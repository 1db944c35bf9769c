/**
 * "Dispatch selected" on the orders list: what is sent and how each order's result reads (its words
 * from the extension's locale files, `results.*`, through `t`).
 */
import type { BulkDispatchOutcome, BulkDispatchResult } from "./api-contract";
import { callApi, type FetchLike } from "./api-client";
import type { Outcome } from "./order-actions";
import type { AdminWords } from "./admin-words";
import type { Tone } from "./presentation";
import { bulkDispatchRequest } from "./requests";
import { validateBulkSelection } from "./validation";

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

function detailFor(result: BulkDispatchResult, t: AdminWords): string | null {
  if (result.message) return result.message;
  const shipments = Array.isArray(result.shipments) ? result.shipments : [];
  const tracking = shipments.map((s) => s.trackingNumber).filter((n): n is string => Boolean(n));
  return tracking.length > 0 ? t("results.tracking", { numbers: tracking.join(", ") }) : null;
}

const outcomeLabel = (outcome: BulkDispatchOutcome, t: AdminWords) =>
  t(`results.outcome.${outcome in OUTCOME_TONES ? outcome : "failed"}`);

/** One row per order sent, in the order sent; an order the app did not answer for is reported as failed. */
export function summarizeBulkResults(
  orderIds: readonly string[],
  results: readonly BulkDispatchResult[],
  t: AdminWords,
): BulkSummary {
  const byId = new Map(results.map((r) => [r.orderId, r]));
  const rows = orderIds.map((orderId): BulkResultRow => {
    const result = byId.get(orderId);
    if (!result) {
      return {
        orderId,
        orderLabel: t("results.orderLabel", { id: orderId }),
        outcomeLabel: outcomeLabel("failed", t),
        tone: OUTCOME_TONES.failed,
        detail: t("results.missingResult"),
      };
    }
    return {
      orderId,
      orderLabel: result.orderName ?? t("results.orderLabel", { id: orderId }),
      outcomeLabel: outcomeLabel(result.outcome, t),
      tone: OUTCOME_TONES[result.outcome] ?? OUTCOME_TONES.failed,
      detail: detailFor(result, t),
    };
  });
  const dispatched = orderIds.filter((id) => byId.get(id)?.outcome === "dispatched").length;
  const failed = orderIds.filter((id) => {
    const outcome = byId.get(id)?.outcome;
    return outcome === undefined || outcome === "failed";
  }).length;
  const total = orderIds.length;
  const heading =
    dispatched === total
      ? t("results.allDispatched", { count: total })
      : t("results.someDispatched", { count: total, dispatched });
  const tone = dispatched === total ? "success" : failed > 0 ? "critical" : "warning";
  return { rows, heading, tone };
}

/** Checks the selection, sends it once, and summarizes the per-order results. */
export async function dispatchSelected(
  fetchFn: FetchLike,
  selectedIds: readonly string[],
  t: AdminWords,
): Promise<Outcome<BulkSummary>> {
  const selection = validateBulkSelection(selectedIds);
  if (!selection.ok) return { ok: false, message: selection.message, fieldErrors: selection.fieldErrors ?? {} };
  const result = await callApi(fetchFn, bulkDispatchRequest(selection.value));
  if (!result.ok) return { ok: false, message: result.message, fieldErrors: result.fieldErrors };
  const results = Array.isArray(result.data.results) ? result.data.results : [];
  const summary = summarizeBulkResults(selection.value.orderIds, results, t);
  return { ok: true, value: summary, message: summary.heading };
}
