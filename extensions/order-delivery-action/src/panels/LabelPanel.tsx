import { useState } from "preact/hooks";
import { LABEL_FORMATS, type LabelFormat, type ShipmentView } from "../../../shared/api-contract";
import { fetchLabel } from "../../../shared/order-actions";
import { useSubmission } from "../../../shared/use-submission";
import { isLabelFormat } from "../../../shared/validation";
import { BackButton, ErrorBanner, type PanelProps } from "./common";

export function LabelPanel(props: PanelProps & { shipment: ShipmentView }) {
  const { shipment, t } = props;
  const [format, setFormat] = useState<LabelFormat>("PDF");
  const [label, setLabel] = useState<{ url: string; format: LabelFormat } | null>(null);
  const { busy, failure, submit } = useSubmission(() => {
    setLabel(null);
    return fetchLabel(props.fetchFn, shipment, format, props.now());
  }, setLabel);

  return (
    <>
      <s-stack direction="block" gap="base">
        <ErrorBanner failure={failure} />
        <s-select
          label={t("labelFormat")}
          value={format}
          onChange={(event) => {
            const next = event.currentTarget.value;
            if (isLabelFormat(next)) setFormat(next);
            setLabel(null);
          }}
        >
          {LABEL_FORMATS.map((f) => (
            <s-option key={f} value={f}>
              {f}
            </s-option>
          ))}
        </s-select>
        {label ? (
          <s-button variant="primary" href={label.url} target="_blank">
            {t("openLabel", { format: label.format })}
          </s-button>
        ) : null}
      </s-stack>
      {label ? (
        <s-button slot="primary-action" onClick={props.back}>
          {t("done")}
        </s-button>
      ) : (
        <s-button slot="primary-action" variant="primary" loading={busy} onClick={submit}>
          {t("getLabel")}
        </s-button>
      )}
      <BackButton t={t} back={props.back} disabled={busy} />
    </>
  );
}
