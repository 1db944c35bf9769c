/** "Dispatch now": a fresh quote, the window choice, then the dispatch. */
import { useEffect, useState } from "preact/hooks";
import type { DeliveryWindowQuote } from "../../../shared/api-contract";
import { dispatchOrder, fetchQuote } from "../../../shared/order-actions";
import { windowOptionLabel } from "../../../shared/presentation";
import { Waiting } from "../../../shared/ui/Waiting";
import { useSubmission } from "../../../shared/use-submission";
import { BackButton, ErrorBanner, type PanelProps } from "./common";

type Quote =
  | { state: "loading" }
  | { state: "failed"; message: string }
  | { state: "ready"; windows: DeliveryWindowQuote[]; note: string };

export function DispatchPanel(props: PanelProps & { orderGid: string }) {
  const { fetchFn, orderGid, t } = props;
  const [quote, setQuote] = useState<Quote>({ state: "loading" });
  const [choice, setChoice] = useState("");
  const { busy, failure, submit, clearFailure } = useSubmission(
    () => dispatchOrder(fetchFn, orderGid, choice, quote.state === "ready" ? quote.windows : []),
    (updated, message) => props.finish(message, updated),
  );

  async function getQuote() {
    setQuote({ state: "loading" });
    clearFailure();
    const outcome = await fetchQuote(fetchFn, orderGid);
    if (outcome.ok) {
      setQuote({ state: "ready", windows: outcome.value, note: outcome.message });
      setChoice(outcome.value[0]?.serviceCode ?? "");
    } else {
      setQuote({ state: "failed", message: outcome.message });
    }
  }

  useEffect(() => {
    void getQuote();
  }, [orderGid]);

  if (quote.state !== "ready") {
    return (
      <>
        {quote.state === "loading" ? (
          <Waiting label={t("gettingQuote")} />
        ) : (
          <s-banner tone="critical">{quote.message}</s-banner>
        )}
        <s-button slot="primary-action" disabled={quote.state === "loading"} onClick={() => void getQuote()}>
          {t("getNewQuote")}
        </s-button>
        <BackButton t={t} back={props.back} />
      </>
    );
  }

  const windows = quote.windows;
  return (
    <>
      <s-stack direction="block" gap="base">
        <ErrorBanner failure={failure} />
        {quote.note ? <s-banner tone="warning">{quote.note}</s-banner> : null}
        <s-select
          label={t("window")}
          value={choice}
          error={failure?.fieldErrors.windowServiceCode ?? ""}
          onChange={(event) => setChoice(event.currentTarget.value)}
        >
          {windows.map((window) => (
            <s-option key={window.serviceCode} value={window.serviceCode}>
              {windowOptionLabel(window)}
            </s-option>
          ))}
        </s-select>
      </s-stack>
      <s-button slot="primary-action" variant="primary" loading={busy} onClick={submit}>
        {t("dispatch")}
      </s-button>
      <s-button slot="secondary-actions" disabled={busy} onClick={() => void getQuote()}>
        {t("getNewQuote")}
      </s-button>
      <BackButton t={t} back={props.back} disabled={busy} />
    </>
  );
}
