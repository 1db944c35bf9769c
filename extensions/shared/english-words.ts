/**
 * The extensions' card words in English for the app's own admin pages (English only): read from the
 * order action's locale file through i18next, so the words live in one place (its `card.*`), not in code.
 */
import i18next from "i18next";
import en from "../order-delivery-action/locales/en.default.json";
import {
  CANCELLATION_CODES,
  SHIPMENT_STATES,
  type CancellationCode,
  type PhotoKind,
  type ShipmentState,
} from "./api-contract";
import { cancelFeeWarning as feeWarningIn, cancellationLabel as labelIn, cancelReasonOptions } from "./cancellation";
import { photoLabel, ratingOptions, RATING_VALUES, stateLabel, type AdminWords } from "./presentation";

const instance = i18next.createInstance();
void instance.init({
  resources: { en: { translation: en } },
  lng: "en",
  interpolation: { escapeValue: false },
  initAsync: false,
});
const fixed = instance.getFixedT("en");

/** The order action's English words (`shopify.i18n.translate` as the extension reads them). */
export const englishAdminWords: AdminWords = (key, values) => fixed(key, values ?? {});

export const STATE_LABELS = Object.fromEntries(
  SHIPMENT_STATES.map((state) => [state, stateLabel(state, englishAdminWords)]),
) as Readonly<Record<ShipmentState, string>>;

export const PHOTO_LABELS: Readonly<Record<PhotoKind, string>> = {
  signature: photoLabel("signature", englishAdminWords),
  pickup: photoLabel("pickup", englishAdminWords),
  delivery: photoLabel("delivery", englishAdminWords),
};

/** The words for each driver rating ("5 – Excellent" in RATING_OPTIONS). */
export const RATING_WORDS: Readonly<Record<number, string>> = Object.fromEntries(
  RATING_VALUES.map((value) => [value, englishAdminWords(`card.ratingWords.${value}`)]),
);

export const RATING_OPTIONS = ratingOptions(englishAdminWords);

/** Any cancellation code in English words (CANCELLATION_LABELS for the known ones). */
export const cancellationLabel = (code: string) => labelIn(code, englishAdminWords);

export const CANCELLATION_LABELS = Object.fromEntries(
  CANCELLATION_CODES.map((code) => [code, cancellationLabel(code)]),
) as Readonly<Record<CancellationCode, string>>;

export const CANCEL_REASON_OPTIONS = cancelReasonOptions(englishAdminWords);

export const cancelFeeWarning = (shipment: { cancelFeeApplies: boolean }) => feeWarningIn(shipment, englishAdminWords);
