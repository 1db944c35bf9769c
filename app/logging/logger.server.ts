/**
 * The app's one logger (pino): the level from LOG_LEVEL, tokens and personal data censored by the
 * paths in ./redaction, JSON lines on stdout in production, readable lines in development, and in
 * tests lines through the console, so the test setup's guard fails a test that logs an error.
 */
import pino, { type DestinationStream, type Logger } from "pino";
import { appConfig, type AppConfig } from "~/config/env.server";
import { readableLine } from "./readable-line";
import { REDACTED_PATHS, REDACTION_CENSOR } from "./redaction";

export type LogLevel = AppConfig["logLevel"];
export type LogFields = Record<string, unknown>;

/** Where entries go: `json` writes pino's lines as they are, `readable` through readableLine, `console` by level. */
export type LogOutput = { format: "json"; destination: DestinationStream } | { format: "readable" | "console" };

/**
 * An error as the log shows it: its class, message and stack, never its other properties (a
 * Shopify client error carries the response body, which may hold a customer's data).
 */
export function errorSummary(error: unknown): { type: string; message: string; stack?: string } {
  if (error instanceof Error) return { type: error.name, message: error.message, stack: error.stack };
  return { type: typeof error, message: String(error) };
}

function levelOf(jsonLine: string): string {
  try {
    return String((JSON.parse(jsonLine) as { level?: unknown }).level);
  } catch {
    return "info";
  }
}

/** Tests: each entry through the console method of its level (the setup fails a test on console.error). */
const consoleDestination: DestinationStream = {
  write(line) {
    const text = readableLine(line).trimEnd();
    const level = levelOf(line);
    /* eslint-disable no-console -- the one place the app writes to the console: the test setup watches it */
    if (level === "error" || level === "fatal") console.error(text);
    else if (level === "warn") console.warn(text);
    else console.log(text);
    /* eslint-enable no-console */
  },
};

const readableDestination: DestinationStream = { write: (line) => void process.stdout.write(readableLine(line)) };

export function createLogger(level: LogLevel, output: LogOutput): Logger {
  const destination =
    output.format === "json"
      ? output.destination
      : output.format === "readable"
        ? readableDestination
        : consoleDestination;
  return pino(
    {
      level,
      redact: { paths: [...REDACTED_PATHS], censor: REDACTION_CENSOR },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: errorSummary },
    },
    destination,
  );
}

/** The output for a process environment: JSON lines on stdout in production. */
export function logOutputFor(nodeEnv: AppConfig["nodeEnv"]): LogOutput {
  if (nodeEnv === "production") return { format: "json", destination: pino.destination(1) };
  return { format: nodeEnv === "test" ? "console" : "readable" };
}

let root: Logger | undefined;

/** The process's logger, made on first use from the validated configuration. */
export function appLogger(): Logger {
  if (!root) {
    const config = appConfig();
    root = createLogger(config.logLevel, logOutputFor(config.nodeEnv));
  }
  return root;
}

/**
 * Message first, fields after (an error under `err`): the shape the worker and the quote flow take
 * as their injected logger, and the one every module uses.
 */
export type ComponentLogger = Record<LogLevel, (message: string, fields?: LogFields) => void>;

/** Entries tagged with the component that wrote them; the logger is made at the first entry, not at import. */
export function componentLogger(component: string): ComponentLogger {
  let logger: Logger | undefined;
  const at =
    (level: LogLevel) =>
    (message: string, fields?: LogFields): void => {
      logger ??= appLogger().child({ component });
      logger[level](fields ?? {}, message);
    };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}
