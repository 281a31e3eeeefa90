import { problemOf, type PublisherApiCode, type PublisherApiProblem } from "#domain/contracts/publisher-api-problem.ts";

/**
 * A refusal a publisher API route (or the scope itself) throws: the scope's error handler answers it with its
 * problem (docs/decisions/0050-publisher-post-api.md#the-answer). Thrown before anything is written, or inside the
 * transaction that would have written it, so a refusal leaves nothing behind.
 */
export class PublisherApiError extends Error {
  readonly status: number;
  readonly code: PublisherApiCode;
  readonly errors: Record<string, string> | undefined;

  /** Seconds after which the same request may succeed, sent as Retry-After (a full cap, a restart). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: PublisherApiCode,
    detail: { message?: string; errors?: Record<string, string>; retryAfterSeconds?: number } = {},
  ) {
    const problem = problemOf(code, detail);
    super(problem.message);
    this.name = "PublisherApiError";
    this.status = problem.status;
    this.code = code;
    this.errors = problem.errors;
    this.retryAfterSeconds = detail.retryAfterSeconds;
  }

  get problem(): PublisherApiProblem {
    return problemOf(this.code, { message: this.message, ...(this.errors ? { errors: this.errors } : {}) });
  }
}
