import { useState } from "preact/hooks";
import type { ShipmentView } from "../../../shared/api-contract";
import { rateDriver } from "../../../shared/order-actions";
import { ratingOptions } from "../../../shared/presentation";
import { useSubmission } from "../../../shared/use-submission";
import { BackButton, ErrorBanner, type PanelProps } from "./common";

export function RatePanel(props: PanelProps & { shipment: ShipmentView }) {
  const { shipment, t } = props;
  const [value, setValue] = useState("");
  const { busy, failure, submit } = useSubmission(
    () => rateDriver(props.fetchFn, shipment, value, props.now()),
    (updated, message) => props.finish(message, [updated]),
  );

  return (
    <>
      <s-stack direction="block" gap="base">
        <ErrorBanner failure={failure} />
        <s-select
          label={t("rating")}
          placeholder={t("rating")}
          details={t("ratingDetails")}
          value={value}
          required
          error={failure?.fieldErrors.value ?? ""}
          onChange={(event) => setValue(event.currentTarget.value)}
        >
          {ratingOptions(t).map((option) => (
            <s-option key={option.value} value={String(option.value)}>
              {option.label}
            </s-option>
          ))}
        </s-select>
      </s-stack>
      <s-button slot="primary-action" variant="primary" loading={busy} onClick={submit}>
        {t("sendRating")}
      </s-button>
      <BackButton t={t} back={props.back} disabled={busy} />
    </>
  );
}
