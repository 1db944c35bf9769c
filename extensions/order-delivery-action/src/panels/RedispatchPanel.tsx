import { useEffect, useState } from "preact/hooks";
import type { DeliveryWindowQuote, ShipmentView } from "../../../shared/api-contract";
import { cancelFeeWarning } from "../../../shared/cancellation";
import { fetchQuote, redispatchShipment } from "../../../shared/order-actions";
import { formatMoney } from "../../../shared/presentation";
import { Waiting } from "../../../shared/ui/Waiting";
import { useSubmission } from "../../../shared/use-submission";
import { BackButton, ErrorBanner, type PanelProps } from "./common";

type FreshPrice =
  { state: "loading" } | { state: "priced"; window: DeliveryWindowQuote } | { state: "unpriced"; message: string };

/**
 * Confirms "Cancel and re-dispatch": what changed, what will happen, the fee when it applies, and the
 * new delivery's fresh price (the courier's estimate for the first window open now, as Dispatch now
 * quotes it) before anything is canceled. When it cannot be priced, that is said and staff may still go on.
 */
export function RedispatchPanel(props: PanelProps & { shipment: ShipmentView; orderGid: string }) {
  const { shipment, t } = props;
  const [price, setPrice] = useState<FreshPrice>({ state: "loading" });
  const { busy, failure, submit } = useSubmission(
    () => redispatchShipment(props.fetchFn, shipment, props.now()),
    (updated, message) => props.finish(message, [updated]),
  );
  const warning = cancelFeeWarning(shipment, t);

  useEffect(() => {
    void fetchQuote(props.fetchFn, props.orderGid).then((outcome) => {
      const first = outcome.ok ? outcome.value[0] : undefined;
      setPrice(first ? { state: "priced", window: first } : { state: "unpriced", message: outcome.message });
    });
  }, [props.orderGid, shipment.id]);

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
        {price.state === "loading" ? (
          <Waiting label={t("gettingQuote")} />
        ) : price.state === "priced" ? (
          <s-paragraph>
            {t("redispatchPrice", {
              price: formatMoney(price.window.priceCents, price.window.currencyCode),
              window: price.window.title,
            })}
          </s-paragraph>
        ) : (
          <s-banner tone="warning">{t("redispatchUnpriced", { message: price.message })}</s-banner>
        )}
      </s-stack>
      <s-button
        slot="primary-action"
        variant="primary"
        tone="critical"
        loading={busy}
        disabled={price.state === "loading"}
        onClick={submit}
      >
        {t("redispatch")}
      </s-button>
      <BackButton t={t} back={props.back} disabled={busy} />
    </>
  );
}
