import type { ShipmentView } from "../../../shared/api-contract";
import { cancelFeeWarning } from "../../../shared/cancellation";
import { redispatchShipment } from "../../../shared/order-actions";
import { useSubmission } from "../../../shared/use-submission";
import { BackButton, ErrorBanner, type PanelProps } from "./common";

/** Confirms "Cancel and re-dispatch": what changed, what will happen, and the fee when it applies. */
export function RedispatchPanel(props: PanelProps & { shipment: ShipmentView }) {
  const { shipment, t } = props;
  const { busy, failure, submit } = useSubmission(
    () => redispatchShipment(props.fetchFn, shipment, props.now()),
    (updated, message) => props.finish(message, [updated]),
  );
  const warning = cancelFeeWarning(shipment, t);

  return (
    <>
      <s-stack direction="block" gap="base">
        <ErrorBanner failure={failure} />
        {warning ? <s-banner tone="warning">{warning}</s-banner> : null}
        {shipment.attentionReason ? (
          <s-paragraph>
            <s-text type="strong">{t("redispatchWhy")}:</s-text> {shipment.attentionReason}
          </s-paragraph>
        ) : null}
        <s-paragraph>{t("redispatchCancels")}</s-paragraph>
        <s-paragraph>{t("redispatchDispatches")}</s-paragraph>
      </s-stack>
      <s-button slot="primary-action" variant="primary" tone="critical" loading={busy} onClick={submit}>
        {t("redispatch")}
      </s-button>
      <BackButton t={t} back={props.back} disabled={busy} />
    </>
  );
}
