import { describe, expect, it } from "vitest";
import type { Outcome } from "../../extensions/shared/order-actions";
import { RATING_OPTIONS, RATING_WORDS } from "../../extensions/shared/english-words";
import { runSubmission, SUBMISSION_IDLE, type SubmissionState } from "../../extensions/shared/submission";

/** A form's state as a plain variable, with every state it went through. */
function cell(initial: SubmissionState = SUBMISSION_IDLE) {
  let current = initial;
  const seen: SubmissionState[] = [];
  return {
    get: () => current,
    set: (next: SubmissionState) => {
      current = next;
      seen.push(next);
    },
    seen,
  };
}

const refused: Outcome<string> = {
  ok: false,
  message: "Enter a tip of $1.00 or more.",
  fieldErrors: { amount: "Too low" },
};
const accepted: Outcome<string> = { ok: true, value: "shipment", message: "Thanks, the tip was sent." };

describe("runSubmission", () => {
  it("is busy while the request runs, then hands the success on and shows no failure", async () => {
    const state = cell();
    const successes: [string, string][] = [];
    const sent = await runSubmission(
      state,
      async () => {
        expect(state.get()).toEqual({ busy: true, failure: null });
        return accepted;
      },
      (value, message) => successes.push([value, message]),
    );
    expect(sent).toBe(true);
    expect(successes).toEqual([["shipment", "Thanks, the tip was sent."]]);
    expect(state.get()).toEqual(SUBMISSION_IDLE);
  });

  it("keeps a refusal with its field errors and calls nothing else", async () => {
    const state = cell();
    const successes: string[] = [];
    await runSubmission<string>(
      state,
      async () => refused,
      (value) => successes.push(value),
    );
    expect(successes).toEqual([]);
    expect(state.get()).toEqual({ busy: false, failure: refused });
  });

  it("shows the last failure while the next attempt runs, and clears it when that one succeeds", async () => {
    const state = cell({ busy: false, failure: refused as Extract<Outcome<unknown>, { ok: false }> });
    await runSubmission(
      state,
      async () => accepted,
      () => undefined,
    );
    expect(state.seen).toEqual([{ busy: true, failure: refused }, SUBMISSION_IDLE]);
  });

  it("sends nothing while another submission of the form is under way", async () => {
    const state = cell();
    let release: (outcome: Outcome<string>) => void = () => undefined;
    let requests = 0;
    const send = () => {
      requests += 1;
      return new Promise<Outcome<string>>((resolve) => (release = resolve));
    };
    const first = runSubmission(state, send, () => undefined);
    const second = await runSubmission(state, send, () => undefined);
    expect(second).toBe(false);
    expect(requests).toBe(1);
    release(accepted);
    expect(await first).toBe(true);
    expect(
      await runSubmission(
        state,
        async () => refused,
        () => undefined,
      ),
    ).toBe(true);
  });

  it("is not left busy when the request throws, and the error reaches the caller", async () => {
    const state = cell();
    await expect(
      runSubmission(
        state,
        () => Promise.reject(new Error("network down")),
        () => undefined,
      ),
    ).rejects.toThrow("network down");
    expect(state.get()).toEqual(SUBMISSION_IDLE);
  });
});

describe("rating choices", () => {
  it("offers every rating best first, in the words the page and the order action share", () => {
    expect(RATING_OPTIONS.map((o) => o.label)).toEqual([
      "5 – Excellent",
      "4 – Very good",
      "3 – Good",
      "2 – Fair",
      "1 – Poor",
    ]);
    expect(RATING_OPTIONS.every((o) => RATING_WORDS[o.value] !== undefined)).toBe(true);
  });
});
