import { describe, expect, it } from "vitest";
import type { ApiResult } from "../../extensions/shared/api-client";
import {
  BLOCK_NOTES_MAX,
  changePanelView,
  editOf,
  IDLE_PANEL,
  loadChangeWindows,
  nextChangePanel,
  notesProblem,
  sendShopperEdit,
  SHOPPER_CHANGE_ROUTE,
  SHOPPER_WINDOWS_ROUTE,
  type ChangeEvent,
  type ChangePanel,
  type ShopperChangeResponse,
  type ShopperWindowsResponse,
} from "../../extensions/shared/shopper-changes";
import type { ShopperChangesState } from "../../extensions/shared/shopper-delivery";

/** The block's English words (extensions/order-status-delivery/locales/en.default.json). */
const WORDS = { notesTooLong: "Keep the notes to 500 characters or fewer" };

const CLOSED = "A driver has your order now, so the delivery time and the notes for the driver can no longer change.";
const WINDOWS = [
  { serviceCode: "SAMEDAY_SLOTS_1400", label: "Friday, 2:00–4:00 PM" },
  { serviceCode: "SAMEDAY_SLOTS_1800", label: "Friday, 6:00–8:00 PM" },
];
const ok = <T>(data: T): ApiResult<T> => ({ ok: true, data });
const failed = (status: number, message: string): ApiResult<never> => ({ ok: false, status, message, fieldErrors: {} });

const notes = (draft: string, more: Partial<Extract<ChangePanel, { mode: "notes" }>> = {}): ChangePanel => ({
  mode: "notes",
  draft,
  sending: false,
  error: null,
  ...more,
});
const windows = (more: Partial<Extract<ChangePanel, { mode: "windows" }>> = {}): ChangePanel => ({
  mode: "windows",
  windows: WINDOWS,
  note: null,
  chosen: null,
  sending: false,
  error: null,
  ...more,
});
const long = "x".repeat(BLOCK_NOTES_MAX + 1);

describe("what a delivery card shows for changes (every state)", () => {
  const open: ShopperChangesState = { open: true };
  it.each<[string, ShopperChangesState, ChangePanel, ReturnType<typeof changePanelView>]>([
    ["an ended delivery: nothing", null, IDLE_PANEL, { kind: "none" }],
    ["an ended delivery, even mid-edit: nothing", null, notes("Gate"), { kind: "none" }],
    ["a driver has it: why not", { open: false, message: CLOSED }, IDLE_PANEL, { kind: "closed", message: CLOSED }],
    [
      "closed while editing: why not",
      { open: false, message: CLOSED },
      notes("Gate"),
      { kind: "closed", message: CLOSED },
    ],
    ["open: the two buttons", open, IDLE_PANEL, { kind: "actions", message: null }],
    [
      "open, after a change: the buttons and the answer",
      open,
      { mode: "idle", message: { text: "Your notes for the driver are saved.", tone: "success" } },
      { kind: "actions", message: { text: "Your notes for the driver are saved.", tone: "success" } },
    ],
    [
      "editing notes",
      open,
      notes("Gate 4412"),
      { kind: "notes", draft: "Gate 4412", counter: "9 / 500", error: null, canSave: true, sending: false },
    ],
    [
      "editing notes that collapse to fewer characters",
      open,
      notes("  Gate \n\n 4412  "),
      { kind: "notes", draft: "  Gate \n\n 4412  ", counter: "9 / 500", error: null, canSave: true, sending: false },
    ],
    [
      "notes too long: cannot save",
      open,
      notes(long, { error: "Keep the notes to 500 characters or fewer" }),
      {
        kind: "notes",
        draft: long,
        counter: "501 / 500",
        error: "Keep the notes to 500 characters or fewer",
        canSave: false,
        sending: false,
      },
    ],
    [
      "notes being sent",
      open,
      notes("Gate", { sending: true }),
      { kind: "notes", draft: "Gate", counter: "4 / 500", error: null, canSave: false, sending: true },
    ],
    [
      "empty notes (removes them): may save",
      open,
      notes(""),
      { kind: "notes", draft: "", counter: "0 / 500", error: null, canSave: true, sending: false },
    ],
    ["windows loading", open, windows({ windows: null }), { kind: "windows_loading" }],
    [
      "windows, none chosen",
      open,
      windows(),
      {
        kind: "windows",
        choices: WINDOWS.map((w) => ({ ...w, selected: false })),
        note: null,
        error: null,
        canSave: false,
        sending: false,
      },
    ],
    [
      "windows, one chosen",
      open,
      windows({ chosen: "SAMEDAY_SLOTS_1800" }),
      {
        kind: "windows",
        choices: [
          { ...WINDOWS[0]!, selected: false },
          { ...WINDOWS[1]!, selected: true },
        ],
        note: null,
        error: null,
        canSave: true,
        sending: false,
      },
    ],
    [
      "no other window: the store's note",
      open,
      windows({ windows: [], note: "No other time." }),
      { kind: "windows", choices: [], note: "No other time.", error: null, canSave: false, sending: false },
    ],
  ])("%s", (_label, changes, panel, view) => {
    expect(changePanelView(changes, panel)).toEqual(view);
  });
});

describe("the panel's state machine", () => {
  const savedNotes = ok<ShopperChangeResponse>({ changed: true, message: "Your notes for the driver are saved." });
  const windowsAnswer = ok<ShopperWindowsResponse>({ kind: "open", windows: WINDOWS, note: null });
  it.each<[string, ChangePanel, ChangeEvent, ChangePanel]>([
    ["idle → notes editor", IDLE_PANEL, { type: "edit_notes" }, notes("")],
    ["idle → windows loading", IDLE_PANEL, { type: "move_window" }, windows({ windows: null })],
    ["typing", notes(""), { type: "notes_typed", text: "Gate" }, notes("Gate")],
    [
      "typing past the limit",
      notes(""),
      { type: "notes_typed", text: long },
      notes(long, { error: "Keep the notes to 500 characters or fewer" }),
    ],
    [
      "typing while sending: ignored",
      notes("Gate", { sending: true }),
      { type: "notes_typed", text: "X" },
      notes("Gate", { sending: true }),
    ],
    ["typing in another mode: ignored", IDLE_PANEL, { type: "notes_typed", text: "X" }, IDLE_PANEL],
    ["windows arrive", windows({ windows: null }), { type: "windows_loaded", result: windowsAnswer }, windows()],
    [
      "windows arrive with the store's note",
      windows({ windows: null }),
      { type: "windows_loaded", result: ok<ShopperWindowsResponse>({ kind: "open", windows: [], note: "None." }) },
      windows({ windows: [], note: "None." }),
    ],
    [
      "windows answer closed: back with why",
      windows({ windows: null }),
      {
        type: "windows_loaded",
        result: ok<ShopperWindowsResponse>({ kind: "closed", reason: "assigned", message: CLOSED }),
      },
      { mode: "idle", message: { text: CLOSED, tone: "critical" } },
    ],
    [
      "windows could not be had",
      windows({ windows: null }),
      { type: "windows_loaded", result: failed(503, "Try again.") },
      { mode: "idle", message: { text: "Try again.", tone: "critical" } },
    ],
    ["windows arrive after cancel: ignored", IDLE_PANEL, { type: "windows_loaded", result: windowsAnswer }, IDLE_PANEL],
    [
      "choosing a window",
      windows(),
      { type: "window_chosen", serviceCode: "SAMEDAY_SLOTS_1400" },
      windows({ chosen: "SAMEDAY_SLOTS_1400" }),
    ],
    [
      "choosing one not offered: ignored",
      windows(),
      { type: "window_chosen", serviceCode: "SAMEDAY_OTHER" },
      windows(),
    ],
    ["sending notes", notes("Gate"), { type: "sending" }, notes("Gate", { sending: true })],
    ["sending notes too long: nothing", notes(long), { type: "sending" }, notes(long)],
    ["sending with no window chosen: nothing", windows(), { type: "sending" }, windows()],
    ["sending twice: once", notes("Gate", { sending: true }), { type: "sending" }, notes("Gate", { sending: true })],
    [
      "saved",
      notes("Gate", { sending: true }),
      { type: "sent", result: savedNotes },
      { mode: "idle", message: { text: "Your notes for the driver are saved.", tone: "success" } },
    ],
    [
      "refused as closed (409): back with why",
      windows({ chosen: "SAMEDAY_SLOTS_1400", sending: true }),
      { type: "sent", result: failed(409, CLOSED) },
      { mode: "idle", message: { text: CLOSED, tone: "critical" } },
    ],
    [
      "gone (404): back with why",
      notes("Gate", { sending: true }),
      { type: "sent", result: failed(404, "This delivery was not found.") },
      { mode: "idle", message: { text: "This delivery was not found.", tone: "critical" } },
    ],
    [
      "refused otherwise (400, 429, 503): the editor stays, with the answer",
      notes("Gate", { sending: true }),
      { type: "sent", result: failed(429, "Too many changes. Try again in a few minutes.") },
      notes("Gate", { error: "Too many changes. Try again in a few minutes." }),
    ],
    ["an answer nobody waits for: ignored", IDLE_PANEL, { type: "sent", result: savedNotes }, IDLE_PANEL],
    ["cancel", notes("Gate"), { type: "cancel" }, IDLE_PANEL],
    [
      "cancel while sending: ignored",
      notes("Gate", { sending: true }),
      { type: "cancel" },
      notes("Gate", { sending: true }),
    ],
    [
      "switch editors while sending: ignored",
      notes("Gate", { sending: true }),
      { type: "move_window" },
      notes("Gate", { sending: true }),
    ],
  ])("%s", (_label, panel, event, next) => {
    expect(nextChangePanel(panel, event, WORDS)).toEqual(next);
  });

  it("sends what the panel holds", () => {
    expect(editOf(notes("Gate"))).toEqual({ change: "notes", notes: "Gate" });
    expect(editOf(notes(long))).toBeNull();
    expect(editOf(windows())).toBeNull();
    expect(editOf(windows({ chosen: "SAMEDAY_SLOTS_1400" }))).toEqual({
      change: "window",
      serviceCode: "SAMEDAY_SLOTS_1400",
    });
    expect(editOf(IDLE_PANEL)).toBeNull();
  });

  it.each([
    ["500 characters", "x".repeat(500), null],
    ["500 characters with spaces around", `  ${"x".repeat(500)}  `, null],
    ["500 emoji (characters, not UTF-16 units)", "😀".repeat(500), null],
    ["501 characters", "x".repeat(501), "Keep the notes to 500 characters or fewer"],
  ])("notes of %s", (_label, text, problem) => {
    expect(notesProblem(text, WORDS)).toBe(problem);
  });
});

describe("the block's change calls", () => {
  type Call = { url: string; method: string; authorization: string | null; body: unknown };
  const recording = (answer: () => Response) => {
    const calls: Call[] = [];
    const fetchFn = async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      calls.push({
        url,
        method: init.method ?? "GET",
        authorization: headers.get("Authorization"),
        body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      });
      return answer();
    };
    return { calls, deps: { fetchFn, appUrl: "https://courier-app.test/", sessionToken: async () => "tok" } };
  };

  it("posts the edit to the delivery's change route with the session token", async () => {
    const { calls, deps } = recording(() => Response.json({ changed: true, message: "Saved." }));
    const result = await sendShopperEdit(deps, "gid://shopify/Order/1001", "cm0delivery1", {
      change: "notes",
      notes: "Hi",
    });
    expect(result).toEqual({ ok: true, data: { changed: true, message: "Saved." } });
    expect(calls).toEqual([
      {
        url: "https://courier-app.test/api/customer/orders/1001/deliveries/cm0delivery1/change",
        method: "POST",
        authorization: "Bearer tok",
        body: { change: "notes", notes: "Hi" },
      },
    ]);
    expect(SHOPPER_CHANGE_ROUTE.replace(":orderId", "1001").replace(":deliveryId", "cm0delivery1")).toBe(
      new URL(calls[0]!.url).pathname,
    );
  });

  it("gets the windows; the app's refusal comes back in its words", async () => {
    const { calls, deps } = recording(() => Response.json({ error: { message: CLOSED } }, { status: 409 }));
    const result = await loadChangeWindows(deps, "gid://shopify/Order/1001", "cm0delivery1");
    expect(result).toEqual({ ok: false, status: 409, message: CLOSED, fieldErrors: {} });
    expect(calls.map((c) => [c.method, new URL(c.url).pathname])).toEqual([
      ["GET", SHOPPER_WINDOWS_ROUTE.replace(":orderId", "1001").replace(":deliveryId", "cm0delivery1")],
    ]);
  });

  it("asks nothing for an id that is not an order's", async () => {
    const { calls, deps } = recording(() => Response.json({}));
    expect((await sendShopperEdit(deps, "gid://shopify/DraftOrder/1", "x", { change: "notes", notes: "" })).ok).toBe(
      false,
    );
    expect((await loadChangeWindows(deps, "gid://shopify/DraftOrder/1", "x")).ok).toBe(false);
    expect(calls).toEqual([]);
  });
});
