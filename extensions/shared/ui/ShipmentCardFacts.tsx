/**
 * The facts of a shipment card (shared/presentation.ts: shipmentCard) as both the order action's
 * overview and the order block show them: attention with its fix, the details, the tracking link.
 */
import type { ShipmentCard } from "../presentation";

export function ShipmentCardFacts(props: {
  card: ShipmentCard;
  t: (key: string) => string;
  /** How a detail's label stands out: strong in the modal, subdued in the narrower block. */
  labelStyle: "strong" | "subdued";
}) {
  const { card, t } = props;
  return (
    <>
      {card.attention ? (
        <s-banner tone="warning" heading={card.attention.reason}>
          {card.attention.fix ? `${t("howToFix")}: ${card.attention.fix}` : null}
        </s-banner>
      ) : null}
      {card.details.map((detail) => (
        <s-paragraph key={detail.label}>
          {props.labelStyle === "strong" ? (
            <s-text type="strong">{detail.label}:</s-text>
          ) : (
            <s-text color="subdued">{detail.label}:</s-text>
          )}{" "}
          {detail.value}
        </s-paragraph>
      ))}
      {card.trackingUrl ? (
        <s-link href={card.trackingUrl} target="_blank">
          {t("track")}
        </s-link>
      ) : null}
    </>
  );
}
