import { describe, expect, it } from "vitest";
import { buildChecklist, dispatchModeChosen, webhookInstructions, type ChecklistFacts } from "~/onboarding/checklist";

const NOW = new Date("2026-11-21T18:00:00.000Z");
const READY = { enabled: true, contactName: "Maria", contactPhone: "(415) 555-0132" };

function facts(overrides: Partial<ChecklistFacts> = {}): ChecklistFacts {
  return {
    courier: { status: "connected", detail: "The courier accepted the token." },
    pickupLocations: [READY],
    carrier: { status: "registered", complete: true, instructions: [], missingZones: 0, locationsWithoutUsZone: 0 },
    webhook: { secretSet: true, method: "bearer", lastEventAt: new Date(NOW.getTime() - 5 * 60_000) },
    dispatchModeChosen: true,
    locationsWithoutHours: 0,
    ...overrides,
  };
}

const step = (f: ChecklistFacts, id: string) => buildChecklist(f, NOW).steps.find((s) => s.id === id)!;

describe("setup checklist", () => {
  it.each([
    { without: 0, prompts: [] },
    {
      without: 1,
      prompts: [
        expect.stringMatching(/^One pickup location has no opening hours, so checkout treats it as open every day/),
      ],
    },
    { without: 3, prompts: [expect.stringMatching(/^3 pickup locations have no opening hours/)] },
  ])("prompts to set opening hours for $without location(s) without, never as a step", ({ without, prompts }) => {
    const checklist = buildChecklist(facts({ locationsWithoutHours: without }), NOW);
    expect(checklist.prompts.map((p) => p.summary)).toEqual(prompts);
    expect(checklist.prompts.every((p) => p.id === "hours" && p.title === "Set your opening hours")).toBe(true);
    expect(checklist.done).toBe(5);
  });

  it.each([
    { without: 0, prompts: [] },
    {
      without: 1,
      prompts: [
        expect.stringMatching(
          /^One pickup location has no delivery area, so shoppers as far as the courier goes \(350 miles\)/,
        ),
      ],
    },
    {
      without: 2,
      prompts: [
        expect.stringMatching(
          /^2 pickup locations have no delivery area.*the settings preview says which rule hid it\.$/,
        ),
      ],
    },
  ])("prompts to set a delivery area for $without location(s) without, never as a step", ({ without, prompts }) => {
    const checklist = buildChecklist(facts({ locationsWithoutArea: without }), NOW);
    expect(checklist.prompts.map((p) => p.summary)).toEqual(prompts);
    expect(checklist.prompts.every((p) => p.id === "area" && p.title === "Set where you deliver")).toBe(true);
    expect(checklist.done).toBe(5);
  });

  it("counts the done steps", () => {
    expect(buildChecklist(facts(), NOW).done).toBe(5);
    expect(buildChecklist(facts({ dispatchModeChosen: false, courier: { status: "not_connected" } }), NOW).done).toBe(
      3,
    );
  });

  it.each<[ChecklistFacts["courier"], string, string]>([
    [{ status: "not_connected" }, "todo", "Paste the access token the courier gave you (sandbox to start)."],
    [{ status: "connected", detail: "ok" }, "done", "ok"],
    [{ status: "rejected", detail: "no" }, "blocked", "no"],
    [{ status: "unreachable", detail: "later" }, "waiting", "later"],
  ])("courier %j → %s", (courier, state, summary) => {
    expect(step(facts({ courier }), "courier")).toMatchObject({ state, summary });
  });

  it.each<[ChecklistFacts["pickupLocations"], string, string]>([
    [[], "todo", "Choose the locations drivers collect orders from, with a contact person and phone."],
    [
      [{ ...READY, enabled: false }],
      "todo",
      "Choose the locations drivers collect orders from, with a contact person and phone.",
    ],
    [[READY], "done", "1 pickup location ready."],
    [[READY, READY], "done", "2 pickup locations ready."],
    [
      [READY, { ...READY, contactPhone: "12" }],
      "blocked",
      "1 of 2 pickup locations needs a contact name and a US phone number.",
    ],
    [
      [
        { ...READY, contactName: " " },
        { ...READY, contactPhone: null },
      ],
      "blocked",
      "2 of 2 pickup locations need a contact name and a US phone number.",
    ],
  ])("pickup locations %j → %s", (pickupLocations, state, summary) => {
    expect(step(facts({ pickupLocations }), "pickup")).toMatchObject({ state, summary });
  });

  it.each<[ChecklistFacts["carrier"], string, RegExp]>([
    [{ status: "not_registered" }, "todo", /^Register/],
    [{ status: "unknown", detail: "Shopify did not answer" }, "waiting", /^Shopify did not answer$/],
    [
      { status: "registered", complete: true, instructions: [], missingZones: 0, locationsWithoutUsZone: 0 },
      "done",
      /^Shoppers of every pickup location/,
    ],
    [
      { status: "registered", complete: false, instructions: ["x"], missingZones: 2, locationsWithoutUsZone: 0 },
      "blocked",
      /missing from 2 shipping zones/,
    ],
    [
      { status: "registered", complete: false, instructions: [], missingZones: 0, locationsWithoutUsZone: 1 },
      "blocked",
      /ship to no United States zone/,
    ],
    [
      { status: "registered", complete: false, instructions: [], missingZones: 0, locationsWithoutUsZone: 0 },
      "blocked",
      /Enable a pickup location/,
    ],
  ])("carrier %j → %s", (carrier, state, summary) => {
    const s = step(facts({ carrier }), "carrier");
    expect(s.state).toBe(state);
    expect(s.summary).toMatch(summary);
  });

  it.each<[ChecklistFacts["localDelivery"], string, RegExp]>([
    [undefined, "todo", /^Register the app's delivery rates with Shopify\.$/],
    [
      { firstOrderReceived: false },
      "todo",
      /^Shopify refused the app's rates on your plan: set up Shopify's Local delivery/,
    ],
    [{ firstOrderReceived: true }, "done", /^Shoppers choose Shopify's Local delivery at checkout/],
  ])("after Shopify refused the carrier service, local delivery %j → %s", (localDelivery, state, summary) => {
    const s = step(
      facts({ carrier: { status: "not_registered" }, ...(localDelivery ? { localDelivery } : {}) }),
      "carrier",
    );
    expect(s.state).toBe(state);
    expect(s.summary).toMatch(summary);
  });

  it.each<[ChecklistFacts["webhook"], string, string]>([
    [
      { secretSet: false, method: "bearer", lastEventAt: null },
      "todo",
      "Generate a secret and give the courier your webhook address.",
    ],
    [
      { secretSet: true, method: "bearer", lastEventAt: null },
      "waiting",
      "Set up. No update received yet: they arrive once the courier has your address and a delivery moves.",
    ],
    [
      { secretSet: true, method: "bearer", lastEventAt: new Date(NOW.getTime() - 20_000) },
      "done",
      "Last update received just now.",
    ],
    [
      { secretSet: true, method: "bearer", lastEventAt: new Date(NOW.getTime() - 42 * 60_000) },
      "done",
      "Last update received 42 min ago.",
    ],
    [
      { secretSet: true, method: "bearer", lastEventAt: new Date(NOW.getTime() - 5 * 3600_000) },
      "done",
      "Last update received 5 h ago.",
    ],
  ])("webhook %j → %s", (webhook, state, summary) => {
    expect(step(facts({ webhook }), "webhook")).toMatchObject({ state, summary });
  });

  it.each([
    ["{}", false],
    ['{"leadTimeMinutes":30}', false],
    ['{"dispatchMode":"manual"}', true],
    ["not json", false],
    ["null", false],
  ])("dispatch mode chosen in %s: %s", (json, chosen) => {
    expect(dispatchModeChosen(json)).toBe(chosen);
  });

  it.each([
    ["bearer", "Authorization", "Bearer <secret>", null],
    ["basic", "Authorization", 'Basic, user name "courier", password <secret>', "courier"],
    ["x-api-key", "x-api-key", "<secret>", null],
  ] as const)("webhook instructions for %s", (method, headerName, valueHint, user) => {
    expect(webhookInstructions({ appUrl: "https://app.example/", pathId: "p1", method, basicUser: "courier" })).toEqual(
      {
        url: "https://app.example/courier/webhooks/p1",
        method,
        headerName,
        valueHint,
        user,
      },
    );
  });
});
