/**
 * The shopper's changes before pickup on one delivery card: the notes for the driver and a move to
 * another window, as the tracking page offers them. Thin: what shows and when is
 * shared/shopper-changes.ts (nextChangePanel, changePanelView).
 */
import { useState } from "preact/hooks";
import type { ApiResult } from "../../shared/api-client";
import {
  BLOCK_NOTES_MAX,
  changePanelView,
  editOf,
  IDLE_PANEL,
  nextChangePanel,
  type ChangeEvent,
  type ChangePanel,
  type ShopperChangeResponse,
  type ShopperEdit,
  type ShopperWindowsResponse,
} from "../../shared/shopper-changes";
import type { ShopperChangesState, ShopperWords } from "../../shared/shopper-delivery";

export interface DeliveryChangesProps {
  changes: ShopperChangesState;
  loadWindows: () => Promise<ApiResult<ShopperWindowsResponse>>;
  send: (edit: ShopperEdit) => Promise<ApiResult<ShopperChangeResponse>>;
  /** After a change was answered: the block asks for the deliveries again. */
  answered: () => void;
  /** The block's own words in the shopper's language. */
  t: ShopperWords;
}

/** A field's value from its event (the customer account components type the target as EventTarget). */
function valueOf(event: Event): string {
  const value = (event.currentTarget as { value?: unknown } | null)?.value;
  return typeof value === "string" ? value : "";
}

export function DeliveryChanges({ changes, loadWindows, send, answered, t }: DeliveryChangesProps) {
  const [panel, setPanel] = useState<ChangePanel>(IDLE_PANEL);
  const words = { notesTooLong: t("notesTooLong", { max: BLOCK_NOTES_MAX }) };
  const apply = (event: ChangeEvent) => setPanel((current) => nextChangePanel(current, event, words));
  const view = changePanelView(changes, panel);

  const openWindows = async () => {
    apply({ type: "move_window" });
    apply({ type: "windows_loaded", result: await loadWindows() });
  };
  const save = async () => {
    const edit = editOf(panel);
    if (!edit) return;
    apply({ type: "sending" });
    apply({ type: "sent", result: await send(edit) });
    answered();
  };

  switch (view.kind) {
    case "none":
      return null;
    case "closed":
      return <s-paragraph>{view.message}</s-paragraph>;
    case "actions":
      return (
        <s-stack direction="block" gap="small-200">
          {view.message ? <s-banner tone={view.message.tone}>{view.message.text}</s-banner> : null}
          <s-stack direction="inline" gap="small-200">
            <s-button variant="secondary" onClick={() => apply({ type: "edit_notes" })}>
              {t("editNotes")}
            </s-button>
            <s-button variant="secondary" onClick={() => void openWindows()}>
              {t("changeTime")}
            </s-button>
          </s-stack>
        </s-stack>
      );
    case "notes":
      return (
        <s-stack direction="block" gap="small-200">
          <s-text-area
            label={t("notesLabel")}
            value={view.draft}
            maxLength={BLOCK_NOTES_MAX}
            rows={3}
            error={view.error ?? ""}
            disabled={view.sending}
            onInput={(event) => apply({ type: "notes_typed", text: valueOf(event) })}
          />
          <s-text color="subdued">{view.counter}</s-text>
          <s-stack direction="inline" gap="small-200">
            <s-button variant="primary" loading={view.sending} disabled={!view.canSave} onClick={() => void save()}>
              {t("saveNotes")}
            </s-button>
            <s-button variant="secondary" disabled={view.sending} onClick={() => apply({ type: "cancel" })}>
              {t("cancel")}
            </s-button>
          </s-stack>
        </s-stack>
      );
    case "windows_loading":
      return <s-spinner accessibilityLabel={t("loadingTimes")} />;
    case "windows":
      return (
        <s-stack direction="block" gap="small-200">
          {view.note ? <s-paragraph>{view.note}</s-paragraph> : null}
          {view.choices.length ? (
            <s-select
              label={t("newTime")}
              value={view.choices.find((choice) => choice.selected)?.serviceCode ?? ""}
              error={view.error ?? ""}
              disabled={view.sending}
              onChange={(event) => apply({ type: "window_chosen", serviceCode: valueOf(event) })}
            >
              <s-option value="">{t("chooseTime")}</s-option>
              {view.choices.map((choice) => (
                <s-option key={choice.serviceCode} value={choice.serviceCode}>
                  {choice.label}
                </s-option>
              ))}
            </s-select>
          ) : null}
          <s-stack direction="inline" gap="small-200">
            {view.choices.length ? (
              <s-button variant="primary" loading={view.sending} disabled={!view.canSave} onClick={() => void save()}>
                {t("moveDelivery")}
              </s-button>
            ) : null}
            <s-button variant="secondary" disabled={view.sending} onClick={() => apply({ type: "cancel" })}>
              {t("cancel")}
            </s-button>
          </s-stack>
        </s-stack>
      );
  }
}
