import type { FastifyBaseLogger, FastifyServerOptions } from "fastify";
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString, LogFn, Logger } from "pino";

type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace";

/**
 * A child logger made the first time it writes a line. Every request gets a child (its request id, then its
 * lead id, lead-id-logs.ts), and pino serialises a child's bindings through the redaction of every personal
 * field name (logger.ts) when it is made: about 5 % of a step save's CPU, for lines that at the usual level
 * are never written (requests log at debug, request-logs.ts). A level that is off stays a check of the
 * parent's level.
 */
class LazyChildLogger {
  #parent: Logger | LazyChildLogger;
  #bindings: Bindings;
  #made: Logger | undefined;

  constructor(parent: Logger | LazyChildLogger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  /** The pino logger this one stands for, made now if it was not yet. */
  made(): Logger {
    this.#made ??= pinoOf(this.#parent).child(this.#bindings);
    return this.#made;
  }

  #write(level: Level, args: Parameters<LogFn>): void {
    if (this.isLevelEnabled(level)) this.made()[level](...args);
  }

  fatal(...args: Parameters<LogFn>): void {
    this.#write("fatal", args);
  }
  error(...args: Parameters<LogFn>): void {
    this.#write("error", args);
  }
  warn(...args: Parameters<LogFn>): void {
    this.#write("warn", args);
  }
  info(...args: Parameters<LogFn>): void {
    this.#write("info", args);
  }
  debug(...args: Parameters<LogFn>): void {
    this.#write("debug", args);
  }
  trace(...args: Parameters<LogFn>): void {
    this.#write("trace", args);
  }
  silent(): void {}

  get level(): LevelWithSilentOrString {
    return this.#made ? this.#made.level : this.#parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.made().level = level;
  }

  isLevelEnabled(level: LevelWithSilentOrString): boolean {
    return (this.#made ?? this.#parent).isLevelEnabled(level);
  }

  bindings(): Bindings {
    return this.#made ? this.#made.bindings() : { ...this.#parent.bindings(), ...this.#bindings };
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return childOf(this, bindings, options);
  }
}

const pinoOf = (logger: Logger | LazyChildLogger): Logger =>
  logger instanceof LazyChildLogger ? logger.made() : logger;

/** A child of `parent`, made when it first writes; with options (a route's own level), made at once. */
function childOf(
  parent: Logger | LazyChildLogger,
  bindings: Bindings,
  options: ChildLoggerOptions | undefined,
): FastifyBaseLogger {
  if (options && Object.keys(options).length > 0) {
    return pinoOf(parent).child(bindings, options);
  }
  return new LazyChildLogger(parent, bindings) as unknown as FastifyBaseLogger;
}

/** Fastify's `childLoggerFactory`: each request's logger, made when the request first writes a line. */
export const lazyRequestLogger: NonNullable<FastifyServerOptions["childLoggerFactory"]> = (logger, bindings, options) =>
  childOf(logger as Logger, bindings, options);
