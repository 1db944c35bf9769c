import { useState } from "preact/hooks";
import { TIP_MAX_DOLLARS, TIP_MIN_DOLLARS, type ShipmentView } from "../../../shared/api-contract";
import { tipDriver } from "../../../shared/order-actions";
import { useSubmission } from "../../../shared/use-submission";
import { BackButton, ErrorBanner, type PanelProps } from "./common";

export function TipPanel(props: PanelProps & { shipment: ShipmentView }) {
  const { shipment, t } = props;
  const [amount, setAmount] = useState("");
  const { busy, failure, submit } = useSubmission(
    () => tipDriver(props.fetchFn, shipment, amount, props.now()),
    (updated, message) => props.finish(message, [updated]),
  );

  return (
    <>
      <s-stack direction="block" gap="base">
        <ErrorBanner failure={failure} />
        <s-number-field
          label={t("tipAmount")}
          details={t("tipDetails")}
          prefix="$"
          inputMode="decimal"
          step={0.01}
          min={TIP_MIN_DOLLARS}
          max={TIP_MAX_DOLLARS}
          value={amount}
          error={failure?.fieldErrors.amountDollars ?? ""}
          onInput={(event) => setAmount(event.currentTarget.value)}
        />
      </s-stack>
      <s-button slot="primary-action" variant="primary" loading={busy} onClick={submit}>
        {t("sendTip")}
      </s-button>
      <BackButton t={t} back={props.back} disabled={busy} />
    </>
  );
}
