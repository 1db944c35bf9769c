/** The overview's returns: each open return with its latest collection, and "Book return pickup". */
import type { FormatTime } from "../../../shared/presentation";
import type { ReturnPickupView } from "../../../shared/return-pickups-contract";
import { returnPickupCard, returnsToShow } from "../../../shared/return-pickups";
import type { Translate } from "./common";

export type ReturnsLoad =
  { state: "loading" } | { state: "failed"; message: string } | { state: "loaded"; returns: ReturnPickupView[] };

export function ReturnsSection(props: {
  load: ReturnsLoad;
  formatTime: FormatTime;
  t: Translate;
  book: (returnId: string) => void;
}) {
  const { load, t } = props;
  if (load.state === "loading") return null;
  if (load.state === "failed")
    return (
      <s-section heading={t("returnsHeading")}>
        <s-banner tone="warning">{t("returnsUnavailable", { message: load.message })}</s-banner>
      </s-section>
    );
  const shown = returnsToShow(load.returns);
  if (shown.length === 0) return null;
  return (
    <s-section heading={t("returnsHeading")}>
      <s-stack direction="block" gap="base">
        {shown.map((ret) => {
          const card = returnPickupCard(ret, props.formatTime);
          return (
            <s-stack key={ret.id} direction="block" gap="small">
              <s-stack direction="inline" gap="small">
                <s-text type="strong">{card.heading}</s-text>
                <s-badge tone={card.badge.tone}>{card.badge.label}</s-badge>
              </s-stack>
              {card.note ? <s-banner tone="warning">{card.note}</s-banner> : null}
              {card.details.map((detail) => (
                <s-paragraph key={detail.label}>
                  <s-text type="strong">{detail.label}:</s-text> {detail.value}
                </s-paragraph>
              ))}
              {card.canBook ? (
                <s-stack direction="inline" gap="small">
                  <s-button onClick={() => props.book(ret.id)}>{t("bookReturnPickup")}</s-button>
                </s-stack>
              ) : null}
            </s-stack>
          );
        })}
      </s-stack>
    </s-section>
  );
}
