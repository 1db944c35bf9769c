/**
 * The development form of a log entry: the JSON line the logger writes, turned into one line a
 * person reads (time, level, component, message, the other fields as JSON) and the error's stack
 * below it. Production keeps the JSON lines.
 */

/** Fields every entry carries that the readable line shows in its own place or leaves out. */
const SHOWN_APART = new Set(["time", "level", "msg", "component", "pid", "hostname", "err"]);

export function readableLine(jsonLine: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(jsonLine) as Record<string, unknown>;
  } catch {
    return jsonLine.endsWith("\n") ? jsonLine : `${jsonLine}\n`;
  }
  const time = typeof entry.time === "string" ? entry.time.slice(11, 23) : "";
  const level = String(entry.level ?? "").toUpperCase();
  const component = typeof entry.component === "string" ? `[${entry.component}] ` : "";
  const rest = Object.fromEntries(Object.entries(entry).filter(([key]) => !SHOWN_APART.has(key)));
  const fields = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : "";
  const err = entry.err as { message?: unknown; stack?: unknown } | undefined;
  const error = err ? `\n  ${String(err.stack ?? err.message).replaceAll("\n", "\n  ")}` : "";
  return `${time} ${level.padEnd(5)} ${component}${String(entry.msg ?? "")}${fields}${error}\n`;
}
