import type { FormatTime } from "../../../shared/presentation";
import type { ReturnPickupView } from "../../../shared/return-pickups-contract";
import { bookReturnPickup } from "../../../shared/return-pickups";
import { useSubmission } from "../../../shared/use-submission";
import { BackButton, ErrorBanner, type PanelProps } from "./common";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Confirms "Book return pickup", books it and waits for its outcome (the collection window, or why not). */
export function ReturnPickupPanel(
  props: PanelProps & { orderGid: string; ret: ReturnPickupView; formatTime: FormatTime },
) {
  const { ret, t } = props;
  const { busy, failure, submit } = useSubmission(
    () => bookReturnPickup(props.fetchFn, props.orderGid, ret, { formatTime: props.formatTime, sleep }),
    (_booked, message) => props.finish(message),
  );
  return (
    <>
      <s-stack direction="block" gap="base">
        <ErrorBanner failure={failure} />
        <s-paragraph>{t("returnPickupExplains", { name: ret.name })}</s-paragraph>
        {ret.exchange ? <s-paragraph>{t("returnPickupExchange")}</s-paragraph> : null}
        {busy ? <s-paragraph>{t("returnPickupBooking")}</s-paragraph> : null}
      </s-stack>
      <s-button slot="primary-action" variant="primary" loading={busy} onClick={submit}>
        {t("bookReturnPickup")}
      </s-button>
      <BackButton t={t} back={props.back} disabled={busy} />
    </>
  );
}
