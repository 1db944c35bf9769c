/** "Dispatch selected" on the orders list. Thin: checks, request and result rows come from extensions/shared/bulk-dispatch.ts. */
import { useState } from "preact/hooks";
import type { FetchLike } from "../../shared/api-client";
import { dispatchSelected, type BulkSummary } from "../../shared/bulk-dispatch";
import { useSubmission } from "../../shared/use-submission";
import { validateBulkSelection } from "../../shared/validation";

export interface BulkDispatchProps {
  selectedIds: string[];
  fetchFn: FetchLike;
  t: (key: string, options?: Record<string, string | number>) => string;
  close: () => void;
}

export function BulkDispatch(props: BulkDispatchProps) {
  const { t } = props;
  const [summary, setSummary] = useState<BulkSummary | null>(null);
  const { busy, failure, submit } = useSubmission(
    () => dispatchSelected(props.fetchFn, props.selectedIds, t),
    setSummary,
  );
  const selection = validateBulkSelection(props.selectedIds);

  if (summary) {
    return (
      <s-admin-action heading={t("heading")}>
        <s-stack direction="block" gap="base">
          <s-banner tone={summary.tone}>{summary.heading}</s-banner>
          <s-table variant="list">
            <s-table-header-row>
              <s-table-header listSlot="primary">{t("order")}</s-table-header>
              <s-table-header listSlot="inline">{t("result")}</s-table-header>
              <s-table-header listSlot="secondary">{t("details")}</s-table-header>
            </s-table-header-row>
            <s-table-body>
              {summary.rows.map((row) => (
                <s-table-row key={row.orderId}>
                  <s-table-cell>{row.orderLabel}</s-table-cell>
                  <s-table-cell>
                    <s-badge tone={row.tone}>{row.outcomeLabel}</s-badge>
                  </s-table-cell>
                  <s-table-cell>{row.detail ?? ""}</s-table-cell>
                </s-table-row>
              ))}
            </s-table-body>
          </s-table>
        </s-stack>
        <s-button slot="primary-action" variant="primary" onClick={props.close}>
          {t("done")}
        </s-button>
      </s-admin-action>
    );
  }

  return (
    <s-admin-action heading={t("heading")}>
      <s-stack direction="block" gap="base">
        {!selection.ok ? <s-banner tone="warning">{selection.message}</s-banner> : null}
        {failure ? <s-banner tone="critical">{failure.message}</s-banner> : null}
        {selection.ok ? <s-paragraph>{t("selected", { count: selection.value.orderIds.length })}</s-paragraph> : null}
      </s-stack>
      <s-button slot="primary-action" variant="primary" disabled={!selection.ok} loading={busy} onClick={submit}>
        {t("dispatch")}
      </s-button>
      <s-button slot="secondary-actions" disabled={busy} onClick={props.close}>
        {t("close")}
      </s-button>
    </s-admin-action>
  );
}
