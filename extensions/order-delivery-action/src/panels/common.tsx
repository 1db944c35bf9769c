/** What the modal's panels share: their props, the failure banner and the back button. */
import type { ShipmentView } from "../../../shared/api-contract";
import type { FetchLike } from "../../../shared/api-client";
import type { Failure } from "../../../shared/submission";

export type Translate = (key: string, options?: Record<string, string | number>) => string;

/** The result of the last action, kept on the overview. */
export type Notice = { tone: "success" | "critical" | "warning" | "info"; message: string } | null;

export interface PanelProps {
  fetchFn: FetchLike;
  now: () => Date;
  t: Translate;
  back: () => void;
  finish: (message: string, updated?: ShipmentView[]) => void;
}

export function ErrorBanner({ failure }: { failure: Failure | null }) {
  return failure ? <s-banner tone="critical">{failure.message}</s-banner> : null;
}

export function BackButton({ t, back, disabled }: { t: Translate; back: () => void; disabled?: boolean }) {
  return (
    <s-button slot="secondary-actions" onClick={back} disabled={disabled ?? false}>
      {t("back")}
    </s-button>
  );
}
