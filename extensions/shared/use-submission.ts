/** The Preact hook around runSubmission (submission.ts): busy, failure and submit for one form. */
import { useRef, useState } from "preact/hooks";
import type { Outcome } from "./order-actions";
import { runSubmission, SUBMISSION_IDLE, type Failure, type SubmissionCell, type SubmissionState } from "./submission";

export interface Submission {
  busy: boolean;
  failure: Failure | null;
  /** Sends the form (ignored while it is busy). */
  submit: () => void;
  /** Hides the last failure (the form is being started again). */
  clearFailure: () => void;
}

export function useSubmission<T>(
  send: () => Promise<Outcome<T>>,
  onSuccess: (value: T, message: string) => void,
): Submission {
  const [state, setState] = useState<SubmissionState>(SUBMISSION_IDLE);
  // The latest state for the guard: a second press comes before the re-render that shows busy.
  const latest = useRef(state);
  const cell: SubmissionCell = {
    get: () => latest.current,
    set: (next) => {
      latest.current = next;
      setState(next);
    },
  };
  return {
    ...state,
    submit: () => void runSubmission(cell, send, onSuccess),
    clearFailure: () => cell.set({ ...cell.get(), failure: null }),
  };
}
