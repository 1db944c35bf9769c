/**
 * The quote's time budget in tests (QuoteDeps.budgetTimer): the budgets asked for are recorded, and
 * they end only when the test ends them. A test of prices never depends on how fast the machine is,
 * and a test of the cut-off ends the budget at the moment it chooses (the courier's call in flight).
 */
export type TestBudgetTimer = {
  timer: (ms: number) => AbortSignal;
  /** The budgets asked for, in ms, in order. */
  asked: number[];
  /** Ends every budget asked for so far (as their time running out would). */
  endAll: () => void;
};

export function testBudgetTimer(): TestBudgetTimer {
  const asked: number[] = [];
  const controllers: AbortController[] = [];
  return {
    asked,
    timer(ms) {
      asked.push(ms);
      const controller = new AbortController();
      controllers.push(controller);
      return controller.signal;
    },
    endAll() {
      for (const controller of controllers)
        controller.abort(new DOMException("The quote's time budget ended.", "TimeoutError"));
    },
  };
}
