import { type CompareOp, FILTER_LIMITS, type FilterNode, type LiteralNode } from './filter-ast.js';
import { type Token, tokenize, tokenText } from './lexer.js';
import { dateLiteral, dateTimeLiteral, numberLiteral } from './literals.js';
import { ODataError, syntaxError } from './odata-error.js';

const COMPARE_OPS = new Set(['eq', 'ne', 'gt', 'ge', 'lt', 'le']);

/**
 * Recursive descent over the $filter grammar. Precedence, loosest first: or, and, not,
 * comparison (eq ne gt ge lt le in), primary. `not` binds looser than comparisons, as in SQL,
 * so `not Name eq 'x'` means `not (Name eq 'x')`.
 */
class FilterParser {
  private i = 0;
  private depth = 0;
  private terms = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly field: string,
  ) {}

  parse(): FilterNode {
    const node = this.or();
    const t = this.peek();
    if (t.kind !== 'eof') throw this.error(t, `unexpected ${tokenText(t)}`);
    return node;
  }

  private peek(): Token {
    return this.tokens[this.i];
  }

  private next(): Token {
    return this.tokens[this.i++];
  }

  private keyword(t: Token, word: string): boolean {
    return t.kind === 'ident' && t.value.toLowerCase() === word;
  }

  private error(t: Token, message: string): ODataError {
    return syntaxError(this.field, t.pos, message);
  }

  private expect(kind: Token['kind'], what: string): Token {
    const t = this.next();
    if (t.kind !== kind) throw this.error(t, `expected ${what} but found ${tokenText(t)}`);
    return t;
  }

  private enter(): void {
    if (++this.depth > FILTER_LIMITS.maxDepth) {
      throw new ODataError(
        `${this.field} is nested too deeply (at most ${FILTER_LIMITS.maxDepth} levels)`,
        this.field,
      );
    }
  }

  private term(): void {
    if (++this.terms > FILTER_LIMITS.maxTerms) {
      throw new ODataError(
        `${this.field} has too many terms (at most ${FILTER_LIMITS.maxTerms})`,
        this.field,
      );
    }
  }

  private or(): FilterNode {
    let left = this.and();
    while (this.keyword(this.peek(), 'or')) {
      const pos = this.next().pos;
      left = { kind: 'logical', op: 'or', left, right: this.and(), pos };
    }
    return left;
  }

  private and(): FilterNode {
    let left = this.not();
    while (this.keyword(this.peek(), 'and')) {
      const pos = this.next().pos;
      left = { kind: 'logical', op: 'and', left, right: this.not(), pos };
    }
    return left;
  }

  private not(): FilterNode {
    const t = this.peek();
    if (!this.keyword(t, 'not')) return this.comparison();
    this.next();
    this.enter();
    const operand = this.not();
    this.depth--;
    return { kind: 'not', operand, pos: t.pos };
  }

  private comparison(): FilterNode {
    let left = this.primary();
    for (;;) {
      const t = this.peek();
      const word = t.kind === 'ident' ? t.value.toLowerCase() : '';
      if (COMPARE_OPS.has(word)) {
        this.next();
        left = { kind: 'compare', op: word as CompareOp, left, right: this.primary(), pos: t.pos };
      } else if (word === 'in') {
        this.next();
        left = { kind: 'in', left, items: this.literalList(), pos: t.pos };
      } else {
        return left;
      }
    }
  }

  private literalList(): LiteralNode[] {
    this.expect('(', "'(' after 'in'");
    const items: LiteralNode[] = [];
    do {
      const t = this.peek();
      const lit = this.literal(t);
      if (!lit) throw this.error(t, `expected a literal value but found ${tokenText(t)}`);
      this.next();
      items.push(lit);
    } while (this.peek().kind === ',' && this.next());
    this.expect(')', "',' or ')'");
    return items;
  }

  private literal(t: Token): LiteralNode | undefined {
    const f = this.field;
    let node: LiteralNode | undefined;
    if (t.kind === 'string') node = { kind: 'literal', type: 'string', value: t.value, pos: t.pos };
    else if (t.kind === 'guid')
      node = { kind: 'literal', type: 'guid', value: t.value.toLowerCase(), pos: t.pos };
    else if (t.kind === 'date')
      node = { kind: 'literal', type: 'date', value: dateLiteral(t.value, f, t.pos), pos: t.pos };
    else if (t.kind === 'datetime') {
      node = { kind: 'literal', type: 'datetime', value: dateTimeLiteral(t.value, f, t.pos), pos: t.pos };
    } else if (t.kind === 'number') {
      const n = numberLiteral(t.value, f, t.pos);
      node = { kind: 'literal', type: 'number', value: n.text, bigint: n.bigint, pos: t.pos };
    } else if (t.kind === 'ident') {
      const word = t.value.toLowerCase();
      if (word === 'true' || word === 'false') {
        node = { kind: 'literal', type: 'boolean', value: word === 'true', pos: t.pos };
      } else if (word === 'null') node = { kind: 'literal', type: 'null', value: null, pos: t.pos };
    }
    if (node) this.term();
    return node;
  }

  private primary(): FilterNode {
    const t = this.peek();
    if (t.kind === '(') {
      this.next();
      this.enter();
      const inner = this.or();
      this.expect(')', "')'");
      this.depth--;
      return inner;
    }
    const lit = this.literal(t);
    if (lit) {
      this.next();
      return lit;
    }
    if (t.kind !== 'ident')
      throw this.error(t, `expected a value, property or function but found ${tokenText(t)}`);
    this.next();
    if (this.peek().kind !== '(') {
      this.term();
      return { kind: 'field', path: t.value, pos: t.pos };
    }
    this.next();
    this.enter();
    const args: FilterNode[] = [];
    if (this.peek().kind !== ')') {
      do args.push(this.or());
      while (this.peek().kind === ',' && this.next());
    }
    this.expect(')', "',' or ')'");
    this.depth--;
    return { kind: 'call', name: t.value.toLowerCase(), args, pos: t.pos };
  }
}

/** Parses a $filter (or a nested one inside $expand) into an AST, enforcing the size limits. */
export function parseFilter(text: string, field = '$filter'): FilterNode {
  if (text.length > FILTER_LIMITS.maxLength) {
    throw new ODataError(`${field} is too long (at most ${FILTER_LIMITS.maxLength} characters)`, field);
  }
  return new FilterParser(tokenize(text, field), field).parse();
}
