import { useState } from "preact/hooks";
import { CANCEL_COMMENT_MAX_LENGTH, type ShipmentView } from "../../../shared/api-contract";
import { cancelFeeWarning, cancelReasonOptions } from "../../../shared/cancellation";
import { cancelShipment } from "../../../shared/order-actions";
import { useSubmission } from "../../../shared/use-submission";
import { BackButton, ErrorBanner, type PanelProps } from "./common";

export function CancelPanel(props: PanelProps & { shipment: ShipmentView }) {
  const { shipment, t } = props;
  const [code, setCode] = useState("");
  const [comment, setComment] = useState("");
  const { busy, failure, submit } = useSubmission(
    () => cancelShipment(props.fetchFn, shipment, { code, comment }, props.now()),
    (updated, message) => props.finish(message, [updated]),
  );
  const warning = cancelFeeWarning(shipment, t);

  return (
    <>
      <s-stack direction="block" gap="base">
        {warning ? <s-banner tone="warning">{warning}</s-banner> : null}
        <ErrorBanner failure={failure} />
        <s-select
          label={t("reason")}
          placeholder={t("reason")}
          value={code}
          required
          error={failure?.fieldErrors.code ?? ""}
          onChange={(event) => setCode(event.currentTarget.value)}
        >
          {cancelReasonOptions(t).map((option) => (
            <s-option key={option.code} value={option.code}>
              {option.label}
            </s-option>
          ))}
        </s-select>
        <s-text-area
          label={t("comment")}
          details={t("commentDetails")}
          value={comment}
          maxLength={CANCEL_COMMENT_MAX_LENGTH}
          rows={3}
          error={failure?.fieldErrors.comment ?? ""}
          onInput={(event) => setComment(event.currentTarget.value)}
        />
      </s-stack>
      <s-button slot="primary-action" variant="primary" tone="critical" loading={busy} onClick={submit}>
        {t("cancelDelivery")}
      </s-button>
      <BackButton t={t} back={props.back} disabled={busy} />
    </>
  );
}
