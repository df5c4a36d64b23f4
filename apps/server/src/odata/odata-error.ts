/** A client mistake in a query option; the HTTP layer answers 400 problem+json with it. */
export class ODataError extends Error {
  readonly status = 400;
  /** The query option at fault: '$filter', '$orderby', '$top', '$skip', '$count', '$select', '$expand'. */
  readonly field: string;

  constructor(message: string, field: string) {
    super(message);
    this.name = 'ODataError';
    this.field = field;
  }

  toProblem(): { title: string; status: number; errors: Record<string, string[]> } {
    return { title: 'Bad Request', status: 400, errors: { [this.field]: [this.message] } };
  }
}

/** Positions are 1-based character offsets into the option's text. */
export function syntaxError(field: string, pos: number, message: string): ODataError {
  return new ODataError(`Syntax error at position ${pos}: ${message}`, field);
}
