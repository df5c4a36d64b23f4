/**
 * A client mistake in a query option (400), or a valid OData request for something this engine does
 * not implement (501, Part 2 §5: `$apply`, `$compute`, `$format=xml` …); the HTTP layer answers
 * problem+json with it.
 */
export class ODataError extends Error {
  /** The query option at fault: '$filter', '$orderby', '$top', '$skip', '$count', '$select', '$expand', … */
  readonly field: string;
  readonly status: 400 | 501;

  constructor(message: string, field: string, status: 400 | 501 = 400) {
    super(message);
    this.name = 'ODataError';
    this.field = field;
    this.status = status;
  }

  toProblem(): { title: string; status: number; errors: Record<string, string[]> } {
    const title = this.status === 501 ? 'Not Implemented' : 'Bad Request';
    return { title, status: this.status, errors: { [this.field]: [this.message] } };
  }
}

/** Positions are 1-based character offsets into the option's text. */
export function syntaxError(field: string, pos: number, message: string): ODataError {
  return new ODataError(`Syntax error at position ${pos}: ${message}`, field);
}

/** A valid OData request this engine does not implement: 501 Not Implemented. */
export function notImplemented(field: string, message: string): ODataError {
  return new ODataError(message, field, 501);
}
