/**
 * The shopper's changes before pickup from the order status block (extensions/order-status-delivery):
 * the routes it calls, their answers, and the change part of a delivery card as a pure state machine
 * (nextChangePanel) and what it shows (changePanelView). The server side is the tracking page's
 * (app/tracking-page/shopper-changes.server.ts), so the words, the rules and the timeline are one.
 */
import { NOTES_MAX } from "../../app/courier/limits";
import type { ApiResult } from "./api-client";
import { orderIdFromGid } from "./api-contract";
import { callWithSessionToken, type ShopperChangesState, type ShopperDeliveryDeps } from "./shopper-delivery";

/** The notes for the driver: the courier's location notes limit (the page's limit too). */
export const BLOCK_NOTES_MAX = NOTES_MAX;

export type WindowChoice = { serviceCode: string; label: string };

/** GET …/windows: the windows the delivery may move to, or why it can no longer change. */
export type ShopperWindowsResponse =
  { kind: "open"; windows: WindowChoice[]; note: string | null } | { kind: "closed"; reason: string; message: string };

/** POST …/change: done (or already so), in the page's words. */
export interface ShopperChangeResponse {
  changed: boolean;
  message: string;
}

/** What a change request carries (the page's own JSON shapes). */
export type ShopperEdit = { change: "notes"; notes: string } | { change: "window"; serviceCode: string };

export const SHOPPER_CHANGE_ROUTE = "/api/customer/orders/:orderId/deliveries/:deliveryId/change";
export const SHOPPER_WINDOWS_ROUTE = "/api/customer/orders/:orderId/deliveries/:deliveryId/windows";

const deliveryPath = (orderId: string, deliveryId: string, last: "change" | "windows") =>
  `/api/customer/orders/${encodeURIComponent(orderId)}/deliveries/${encodeURIComponent(deliveryId)}/${last}`;

// ---------------------------------------------------------------------------------------------
// The change part of a card

export type PanelMessage = { text: string; tone: "success" | "critical" };

export type ChangePanel =
  | { mode: "idle"; message: PanelMessage | null }
  | { mode: "notes"; draft: string; sending: boolean; error: string | null }
  | {
      mode: "windows";
      /** null while they load. */
      windows: WindowChoice[] | null;
      note: string | null;
      chosen: string | null;
      sending: boolean;
      error: string | null;
    };

export const IDLE_PANEL: ChangePanel = { mode: "idle", message: null };

export type ChangeEvent =
  | { type: "edit_notes" }
  | { type: "notes_typed"; text: string }
  | { type: "move_window" }
  | { type: "windows_loaded"; result: ApiResult<ShopperWindowsResponse> }
  | { type: "window_chosen"; serviceCode: string }
  | { type: "sending" }
  | { type: "sent"; result: ApiResult<ShopperChangeResponse> }
  | { type: "cancel" };

// eslint-disable-next-line no-control-regex
const CONTROL_OR_SPACE = /[\u0000-\u001f\u007f\s]+/gu;

/** The notes as the server keeps them (runs of spaces and control characters as one space). */
export const normalisedNotes = (text: string) => text.replace(CONTROL_OR_SPACE, " ").trim();

/** The block's own words in the panel, in the shopper's language (the extension's locale files). */
export type ChangePanelWords = { notesTooLong: string };

const notesTooLong = (draft: string) => [...normalisedNotes(draft)].length > BLOCK_NOTES_MAX;

/** Why the notes cannot be sent, in the shopper's words; null when they can. */
export function notesProblem(draft: string, words: ChangePanelWords): string | null {
  return notesTooLong(draft) ? words.notesTooLong : null;
}

/** What "Save" sends from the panel; null when there is nothing to send yet. */
export function editOf(panel: ChangePanel): ShopperEdit | null {
  if (panel.mode === "notes") return notesTooLong(panel.draft) ? null : { change: "notes", notes: panel.draft };
  if (panel.mode === "windows" && panel.chosen) return { change: "window", serviceCode: panel.chosen };
  return null;
}

/** The panel after an event; an event that does not apply to the panel's mode changes nothing. */
export function nextChangePanel(panel: ChangePanel, event: ChangeEvent, words: ChangePanelWords): ChangePanel {
  const busy = panel.mode !== "idle" && panel.sending;
  switch (event.type) {
    case "edit_notes":
      return busy ? panel : { mode: "notes", draft: "", sending: false, error: null };
    case "move_window":
      return busy ? panel : { mode: "windows", windows: null, note: null, chosen: null, sending: false, error: null };
    case "cancel":
      return busy ? panel : IDLE_PANEL;
    case "notes_typed":
      return panel.mode === "notes" && !panel.sending
        ? { ...panel, draft: event.text, error: notesProblem(event.text, words) }
        : panel;
    case "window_chosen":
      return panel.mode === "windows" &&
        !panel.sending &&
        panel.windows?.some((w) => w.serviceCode === event.serviceCode)
        ? { ...panel, chosen: event.serviceCode, error: null }
        : panel;
    case "windows_loaded": {
      if (panel.mode !== "windows" || panel.windows !== null) return panel;
      const { result } = event;
      if (!result.ok) return { mode: "idle", message: { text: result.message, tone: "critical" } };
      if (result.data.kind === "closed")
        return { mode: "idle", message: { text: result.data.message, tone: "critical" } };
      return { ...panel, windows: result.data.windows, note: result.data.note };
    }
    case "sending":
      return panel.mode !== "idle" && !panel.sending && editOf(panel)
        ? { ...panel, sending: true, error: null }
        : panel;
    case "sent": {
      if (panel.mode === "idle" || !panel.sending) return panel;
      const { result } = event;
      if (result.ok) return { mode: "idle", message: { text: result.data.message, tone: "success" } };
      // Closed for good (a driver has it) or gone: the editor has nothing left to fix.
      if (result.status === 409 || result.status === 404)
        return { mode: "idle", message: { text: result.message, tone: "critical" } };
      return { ...panel, sending: false, error: result.message };
    }
  }
}

export type ChangePanelView =
  | { kind: "none" }
  | { kind: "closed"; message: string }
  | { kind: "actions"; message: PanelMessage | null }
  | { kind: "notes"; draft: string; counter: string; error: string | null; canSave: boolean; sending: boolean }
  | { kind: "windows_loading" }
  | {
      kind: "windows";
      choices: (WindowChoice & { selected: boolean })[];
      note: string | null;
      error: string | null;
      canSave: boolean;
      sending: boolean;
    };

/**
 * What the card shows for changes: nothing once the delivery ended, why not once closed (a driver has
 * it), else the two buttons (with the last change's message) or the open editor.
 */
export function changePanelView(changes: ShopperChangesState, panel: ChangePanel): ChangePanelView {
  if (changes === null) return { kind: "none" };
  if (!changes.open) return { kind: "closed", message: changes.message };
  if (panel.mode === "idle") return { kind: "actions", message: panel.message };
  if (panel.mode === "notes")
    return {
      kind: "notes",
      draft: panel.draft,
      counter: `${[...normalisedNotes(panel.draft)].length} / ${BLOCK_NOTES_MAX}`,
      error: panel.error,
      canSave: !panel.sending && editOf(panel) !== null,
      sending: panel.sending,
    };
  if (panel.windows === null) return { kind: "windows_loading" };
  return {
    kind: "windows",
    choices: panel.windows.map((w) => ({ ...w, selected: w.serviceCode === panel.chosen })),
    note: panel.note,
    error: panel.error,
    canSave: !panel.sending && panel.chosen !== null,
    sending: panel.sending,
  };
}

// ---------------------------------------------------------------------------------------------
// Calls

const NOT_AN_ORDER: ApiResult<never> = {
  ok: false,
  status: 0,
  message: "This order cannot be changed here. Contact the store.",
  fieldErrors: {},
};

export function loadChangeWindows(
  deps: ShopperDeliveryDeps,
  orderGid: string,
  deliveryId: string,
): Promise<ApiResult<ShopperWindowsResponse>> {
  const orderId = orderIdFromGid(orderGid);
  if (!orderId) return Promise.resolve(NOT_AN_ORDER);
  return callWithSessionToken<ShopperWindowsResponse>(deps, {
    method: "GET",
    path: deliveryPath(orderId, deliveryId, "windows"),
  });
}

export function sendShopperEdit(
  deps: ShopperDeliveryDeps,
  orderGid: string,
  deliveryId: string,
  edit: ShopperEdit,
): Promise<ApiResult<ShopperChangeResponse>> {
  const orderId = orderIdFromGid(orderGid);
  if (!orderId) return Promise.resolve(NOT_AN_ORDER);
  return callWithSessionToken<ShopperChangeResponse>(deps, {
    method: "POST",
    path: deliveryPath(orderId, deliveryId, "change"),
    body: edit,
  });
}
