/** The modal's panels. Each renders its content plus the modal's primary and secondary buttons. */
import { useEffect, useState } from "preact/hooks";
import {
  CANCEL_COMMENT_MAX_LENGTH,
  LABEL_FORMATS,
  RATING_MAX,
  RATING_MIN,
  TIP_MAX_DOLLARS,
  TIP_MIN_DOLLARS,
  type DeliveryWindowQuote,
  type LabelFormat,
  type OrderShipmentsResponse,
  type ShipmentPhoto,
  type ShipmentView,
} from "../../shared/api-contract";
import type { FetchLike } from "../../shared/api-client";
import { CANCEL_REASON_OPTIONS, cancelFeeWarning } from "../../shared/cancellation";
import {
  cancelShipment,
  dispatchOrder,
  fetchLabel,
  fetchPhotos,
  fetchQuote,
  rateDriver,
  redispatchShipment,
  tipDriver,
  type Outcome,
} from "../../shared/order-actions";
import { PHOTO_LABELS, shipmentCard, windowOptionLabel, type FormatTime } from "../../shared/presentation";
import { offeredActions, type ShipmentAction } from "../../shared/shipment-rules";
import { isLabelFormat } from "../../shared/validation";

export type Translate = (key: string, options?: Record<string, string | number>) => string;

/** The result of the last action, kept on the overview. */
export type Notice = { tone: "success" | "critical" | "warning" | "info"; message: string } | null;

type Failure = Extract<Outcome<unknown>, { ok: false }>;

interface PanelProps {
  fetchFn: FetchLike;
  now: () => Date;
  t: Translate;
  back: () => void;
  finish: (message: string, updated?: ShipmentView[]) => void;
}

const ACTION_LABEL_KEYS: Record<ShipmentAction, string> = {
  label: "printLabel",
  photos: "viewPhotos",
  tip: "tipDriver",
  rate: "rateDriver",
  redispatch: "redispatch",
  cancel: "cancelDelivery",
};

function ErrorBanner({ failure }: { failure: Failure | null }) {
  return failure ? <s-banner tone="critical">{failure.message}</s-banner> : null;
}

function BackButton({ t, back, disabled }: { t: Translate; back: () => void; disabled?: boolean }) {
  return (
    <s-button slot="secondary-actions" onClick={back} disabled={disabled ?? false}>
      {t("back")}
    </s-button>
  );
}

// ---------------------------------------------------------------------------------------------

function ShipmentSummary(props: {
  shipment: ShipmentView;
  now: Date;
  formatTime: FormatTime;
  t: Translate;
  open: (action: ShipmentAction, shipmentId: string) => void;
}) {
  const { shipment, t } = props;
  const card = shipmentCard(shipment, props.now, props.formatTime);
  const actions = offeredActions(shipment, props.now);
  return (
    <s-section heading={card.heading}>
      <s-stack direction="block" gap="small">
        <s-stack direction="inline" gap="small">
          <s-badge tone={card.tone}>{card.stateLabel}</s-badge>
        </s-stack>
        {card.attention ? (
          <s-banner tone="warning" heading={card.attention.reason}>
            {card.attention.fix ? `${t("howToFix")}: ${card.attention.fix}` : null}
          </s-banner>
        ) : null}
        {card.details.map((detail) => (
          <s-paragraph key={detail.label}>
            <s-text type="strong">{detail.label}:</s-text> {detail.value}
          </s-paragraph>
        ))}
        {card.trackingUrl ? (
          <s-link href={card.trackingUrl} target="_blank">
            {t("track")}
          </s-link>
        ) : null}
        {actions.length > 0 ? (
          <s-stack direction="inline" gap="small">
            {actions.map((action) => (
              <s-button
                key={action}
                tone={action === "cancel" ? "critical" : "auto"}
                onClick={() => props.open(action, shipment.id)}
              >
                {t(ACTION_LABEL_KEYS[action])}
              </s-button>
            ))}
          </s-stack>
        ) : null}
      </s-stack>
    </s-section>
  );
}

export function OverviewPanel(props: {
  order: OrderShipmentsResponse;
  shipments: ShipmentView[];
  now: Date;
  formatTime: FormatTime;
  notice: Notice;
  t: Translate;
  close: () => void;
  open: (action: ShipmentAction, shipmentId: string) => void;
  openDispatch: () => void;
}) {
  const { order, shipments, notice, t } = props;
  return (
    <>
      <s-stack direction="block" gap="base">
        {notice ? <s-banner tone={notice.tone}>{notice.message}</s-banner> : null}
        {shipments.length === 0 ? <s-paragraph>{t("noShipments")}</s-paragraph> : null}
        {!order.dispatch.allowed && order.dispatch.reason && shipments.length === 0 ? (
          <s-paragraph>{order.dispatch.reason}</s-paragraph>
        ) : null}
        {shipments.map((shipment) => (
          <ShipmentSummary
            key={shipment.id}
            shipment={shipment}
            now={props.now}
            formatTime={props.formatTime}
            t={t}
            open={props.open}
          />
        ))}
      </s-stack>
      {order.dispatch.allowed ? (
        <s-button slot="primary-action" variant="primary" onClick={props.openDispatch}>
          {t("dispatchNow")}
        </s-button>
      ) : notice ? (
        // Closing after a change lets the admin refresh the order page.
        <s-button slot="primary-action" onClick={props.close}>
          {t("done")}
        </s-button>
      ) : null}
      <s-button slot="secondary-actions" onClick={props.close}>
        {t("close")}
      </s-button>
    </>
  );
}

// ---------------------------------------------------------------------------------------------

type Quote =
  { state: "loading" } | { state: "failed"; message: string } | { state: "ready"; windows: DeliveryWindowQuote[] };

export function DispatchPanel(props: PanelProps & { orderGid: string }) {
  const { fetchFn, orderGid, t } = props;
  const [quote, setQuote] = useState<Quote>({ state: "loading" });
  const [choice, setChoice] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  async function getQuote() {
    setQuote({ state: "loading" });
    setFailure(null);
    const outcome = await fetchQuote(fetchFn, orderGid);
    if (outcome.ok) {
      setQuote({ state: "ready", windows: outcome.value });
      setChoice(outcome.value[0]?.serviceCode ?? "");
    } else {
      setQuote({ state: "failed", message: outcome.message });
    }
  }

  useEffect(() => {
    void getQuote();
  }, [orderGid]);

  async function submit(windows: DeliveryWindowQuote[]) {
    setBusy(true);
    const outcome = await dispatchOrder(fetchFn, orderGid, choice, windows);
    setBusy(false);
    if (outcome.ok) props.finish(outcome.message, outcome.value);
    else setFailure(outcome);
  }

  if (quote.state !== "ready") {
    return (
      <>
        {quote.state === "loading" ? (
          <s-stack direction="inline" gap="small" alignItems="center">
            <s-spinner accessibilityLabel={t("gettingQuote")} />
            <s-text>{t("gettingQuote")}</s-text>
          </s-stack>
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
      <s-button slot="primary-action" variant="primary" loading={busy} onClick={() => void submit(windows)}>
        {t("dispatch")}
      </s-button>
      <s-button slot="secondary-actions" disabled={busy} onClick={() => void getQuote()}>
        {t("getNewQuote")}
      </s-button>
      <BackButton t={t} back={props.back} disabled={busy} />
    </>
  );
}

// ---------------------------------------------------------------------------------------------

export function CancelPanel(props: PanelProps & { shipment: ShipmentView }) {
  const { shipment, t } = props;
  const [code, setCode] = useState("");
  const [comment, setComment] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const warning = cancelFeeWarning(shipment);

  async function submit() {
    setBusy(true);
    const outcome = await cancelShipment(props.fetchFn, shipment, { code, comment }, props.now());
    setBusy(false);
    if (outcome.ok) props.finish(outcome.message, [outcome.value]);
    else setFailure(outcome);
  }

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
          {CANCEL_REASON_OPTIONS.map((option) => (
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
      <s-button slot="primary-action" variant="primary" tone="critical" loading={busy} onClick={() => void submit()}>
        {t("cancelDelivery")}
      </s-button>
      <BackButton t={t} back={props.back} disabled={busy} />
    </>
  );
}

// ---------------------------------------------------------------------------------------------

/** Confirms "Cancel and re-dispatch": what changed, what will happen, and the fee when it applies. */
export function RedispatchPanel(props: PanelProps & { shipment: ShipmentView }) {
  const { shipment, t } = props;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const warning = cancelFeeWarning(shipment);

  async function submit() {
    setBusy(true);
    const outcome = await redispatchShipment(props.fetchFn, shipment, props.now());
    setBusy(false);
    if (outcome.ok) props.finish(outcome.message, [outcome.value]);
    else setFailure(outcome);
  }

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
      </s-stack>
      <s-button slot="primary-action" variant="primary" tone="critical" loading={busy} onClick={() => void submit()}>
        {t("redispatch")}
      </s-button>
      <BackButton t={t} back={props.back} disabled={busy} />
    </>
  );
}

// ---------------------------------------------------------------------------------------------

export function TipPanel(props: PanelProps & { shipment: ShipmentView }) {
  const { shipment, t } = props;
  const [amount, setAmount] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  async function submit() {
    setBusy(true);
    const outcome = await tipDriver(props.fetchFn, shipment, amount, props.now());
    setBusy(false);
    if (outcome.ok) props.finish(outcome.message, [outcome.value]);
    else setFailure(outcome);
  }

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
      <s-button slot="primary-action" variant="primary" loading={busy} onClick={() => void submit()}>
        {t("sendTip")}
      </s-button>
      <BackButton t={t} back={props.back} disabled={busy} />
    </>
  );
}

// ---------------------------------------------------------------------------------------------

const RATING_WORDS: Record<number, string> = { 1: "Poor", 2: "Fair", 3: "Good", 4: "Very good", 5: "Excellent" };

export function RatePanel(props: PanelProps & { shipment: ShipmentView }) {
  const { shipment, t } = props;
  const [value, setValue] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const values: number[] = [];
  for (let v = RATING_MAX; v >= RATING_MIN; v -= 1) values.push(v);

  async function submit() {
    setBusy(true);
    const outcome = await rateDriver(props.fetchFn, shipment, value, props.now());
    setBusy(false);
    if (outcome.ok) props.finish(outcome.message, [outcome.value]);
    else setFailure(outcome);
  }

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
          {values.map((v) => (
            <s-option key={v} value={String(v)}>
              {`${v} – ${RATING_WORDS[v] ?? ""}`}
            </s-option>
          ))}
        </s-select>
      </s-stack>
      <s-button slot="primary-action" variant="primary" loading={busy} onClick={() => void submit()}>
        {t("sendRating")}
      </s-button>
      <BackButton t={t} back={props.back} disabled={busy} />
    </>
  );
}

// ---------------------------------------------------------------------------------------------

export function LabelPanel(props: PanelProps & { shipment: ShipmentView }) {
  const { shipment, t } = props;
  const [format, setFormat] = useState<LabelFormat>("PDF");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [label, setLabel] = useState<{ url: string; format: LabelFormat } | null>(null);

  async function submit() {
    setBusy(true);
    setLabel(null);
    const outcome = await fetchLabel(props.fetchFn, shipment, format, props.now());
    setBusy(false);
    if (outcome.ok) {
      setFailure(null);
      setLabel(outcome.value);
    } else {
      setFailure(outcome);
    }
  }

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
        <s-button slot="primary-action" variant="primary" loading={busy} onClick={() => void submit()}>
          {t("getLabel")}
        </s-button>
      )}
      <BackButton t={t} back={props.back} disabled={busy} />
    </>
  );
}

// ---------------------------------------------------------------------------------------------

type Photos = { state: "loading" } | { state: "failed"; message: string } | { state: "ready"; photos: ShipmentPhoto[] };

export function PhotosPanel(props: PanelProps & { shipment: ShipmentView }) {
  const { shipment, t } = props;
  const [photos, setPhotos] = useState<Photos>({ state: "loading" });

  useEffect(() => {
    void fetchPhotos(props.fetchFn, shipment, props.now()).then((outcome) =>
      setPhotos(outcome.ok ? { state: "ready", photos: outcome.value } : { state: "failed", message: outcome.message }),
    );
  }, [shipment.id]);

  return (
    <>
      {photos.state === "loading" ? (
        <s-stack direction="inline" gap="small" alignItems="center">
          <s-spinner accessibilityLabel={t("loadingPhotos")} />
          <s-text>{t("loadingPhotos")}</s-text>
        </s-stack>
      ) : photos.state === "failed" ? (
        <s-banner tone="critical">{photos.message}</s-banner>
      ) : (
        <s-stack direction="inline" gap="base">
          {photos.photos.map((photo) => (
            <s-stack key={photo.kind} direction="block" gap="small">
              <s-thumbnail src={photo.url} alt={PHOTO_LABELS[photo.kind]} size="large" />
              <s-link href={photo.url} target="_blank">
                {PHOTO_LABELS[photo.kind]}
              </s-link>
            </s-stack>
          ))}
        </s-stack>
      )}
      <s-button slot="primary-action" onClick={props.back}>
        {t("back")}
      </s-button>
    </>
  );
}
