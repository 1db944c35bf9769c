/**
 * What every form in the admin extensions does when staff press its button: one request at a time,
 * the button busy while it runs, the failure shown until the next answer, and a success handed on.
 * Plain TypeScript (the Preact hook in use-submission.ts only holds the state), so it is tested alone.
 */
import type { Outcome } from "./order-actions";

export type Failure = Extract<Outcome<unknown>, { ok: false }>;

export interface SubmissionState {
  busy: boolean;
  failure: Failure | null;
}

export const SUBMISSION_IDLE: SubmissionState = { busy: false, failure: null };

/** Where a submission's state lives: the hook's state, or a plain variable in a test. */
export interface SubmissionCell {
  get: () => SubmissionState;
  set: (next: SubmissionState) => void;
}

/**
 * Sends once and records the answer. Does nothing while another submission of the same form runs
 * (a second press before the first answer); a failure stays on screen while the next one is sent.
 * Returns whether it sent. `send` resolves to an `Outcome` and never throws; if it does anyway, the
 * form is no longer busy and the error goes on to the caller.
 */
export async function runSubmission<T>(
  cell: SubmissionCell,
  send: () => Promise<Outcome<T>>,
  onSuccess: (value: T, message: string) => void,
): Promise<boolean> {
  if (cell.get().busy) return false;
  cell.set({ ...cell.get(), busy: true });
  let outcome: Outcome<T>;
  try {
    outcome = await send();
  } catch (error) {
    cell.set({ ...cell.get(), busy: false });
    throw error;
  }
  if (outcome.ok) {
    cell.set(SUBMISSION_IDLE);
    onSuccess(outcome.value, outcome.message);
  } else {
    cell.set({ busy: false, failure: outcome });
  }
  return true;
}
