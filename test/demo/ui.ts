/**
 * What the demo shows while it runs (steps are numbered from 0, the start of the servers, so that
 * 1 to 7 are the app's own steps): the step list (○ waiting, ▸ running, ✔ passed, ✘ failed, with
 * timings), each step's findings indented under it, and a progress bar while waiting on the courier.
 * On a terminal the bar redraws in place and the text is coloured (unless NO_COLOR); otherwise (CI,
 * a pipe, `--json`) every line is plain and the bar is left out.
 */

export type StepResult = { name: string; ok: boolean; ms: number; checks: number; error?: string };

export type Reporter = {
  plan(title: string, steps: readonly string[]): void;
  stepStarted(index: number, name: string): void;
  /** A finding of the running step, indented under it. */
  line(text: string): void;
  /** A check of the running step that held. */
  checked(what: string): void;
  /** The progress bar of the running step (only drawn on a terminal). */
  progress(done: number, total: number, label: string): void;
  stepFinished(index: number, result: StepResult): void;
  summary(title: string, results: readonly StepResult[], lines: readonly string[]): void;
  /** Removes the progress bar (before the process exits or prints elsewhere). */
  clear(): void;
};

const BAR_WIDTH = 28;

export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

export function progressBar(done: number, total: number, width = BAR_WIDTH): string {
  const share = total > 0 ? Math.min(1, Math.max(0, done / total)) : 0;
  const filled = Math.round(share * width);
  return `[${"█".repeat(filled)}${"░".repeat(width - filled)}] ${String(Math.round(share * 100)).padStart(3)}%`;
}

export function createReporter(options: {
  write: (text: string) => void;
  interactive: boolean;
  color: boolean;
}): Reporter {
  const { write, interactive } = options;
  const paint = (code: string) => (text: string) => (options.color ? `\x1b[${code}m${text}\x1b[0m` : text);
  const green = paint("32");
  const red = paint("31");
  const dim = paint("2");
  const bold = paint("1");
  const cyan = paint("36");
  let barShown = false;
  let started = 0;

  const clear = () => {
    if (barShown) write("\r\x1b[2K");
    barShown = false;
  };
  const println = (text: string) => {
    clear();
    write(`${text}\n`);
  };
  const mark = (result: StepResult) => (result.ok ? green("✔") : red("✘"));
  const stepLine = (index: number, result: StepResult) =>
    `  ${mark(result)} ${index}. ${result.name.padEnd(46)} ${dim(formatMs(result.ms).padStart(8))}  ${dim(result.checks > 0 ? `${result.checks} checks` : "")}`;

  return {
    plan(title, steps) {
      println(bold(title));
      for (const [i, name] of steps.entries()) println(dim(`  ○ ${i}. ${name}`));
      println("");
    },
    stepStarted(index, name) {
      started = Date.now();
      println(`${cyan("▸")} ${bold(`${index}. ${name}`)}`);
    },
    line(text) {
      println(`    ${text}`);
    },
    checked(what) {
      println(`    ${green("✔")} ${dim(what)}`);
    },
    progress(done, total, label) {
      if (!interactive) return;
      clear();
      write(`    ${cyan(progressBar(done, total))} ${label} ${dim(formatMs(Date.now() - started))}`);
      barShown = true;
    },
    stepFinished(index, result) {
      println(
        result.ok
          ? `  ${green("✔")} ${dim(`done in ${formatMs(result.ms)}`)}`
          : `  ${red("✘")} ${red(`failed after ${formatMs(result.ms)}: ${result.error ?? "unknown error"}`)}`,
      );
      println("");
      void index;
    },
    summary(title, results, lines) {
      println(bold(title));
      for (const [i, result] of results.entries()) println(stepLine(i, result));
      if (lines.length > 0) println("");
      for (const text of lines) println(`  ${text}`);
    },
    clear,
  };
}
