import { syntaxError } from './odata-error.js';

export type TokenKind =
  | 'ident'
  | 'string'
  | 'number'
  | 'date'
  | 'datetime'
  | 'guid'
  | '('
  | ')'
  | ','
  | 'eof';

export interface Token {
  kind: TokenKind;
  /** Identifiers and paths as written; strings unescaped; other literals as written. */
  value: string;
  /** 1-based position of the first character. */
  pos: number;
}

const B = '(?![A-Za-z0-9_])';
const GUID = new RegExp(
  `[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}${B}`,
  'y',
);
const DATETIME =
  /\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|z|[+\- ]\d{2}:\d{2})?(?![A-Za-z0-9_:.])/y;
const DATE = /\d{4}-\d{2}-\d{2}(?![A-Za-z0-9_:.-])/y;
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?[LlMmDdFf]?(?![A-Za-z0-9_.])/y;
const IDENT = /[A-Za-z_][A-Za-z0-9_]*(?:\/[A-Za-z_][A-Za-z0-9_]*)*/y;
const WS = /[ \t\r\n]+/y;

function stickyMatch(re: RegExp, text: string, at: number): string | undefined {
  re.lastIndex = at;
  return re.exec(text)?.[0];
}

/** Guids first (they may start with digits or letters), then date-times, dates and numbers. */
const LITERALS: [TokenKind, RegExp, RegExp][] = [
  ['guid', GUID, /[0-9A-Fa-f]/],
  ['datetime', DATETIME, /[0-9]/],
  ['date', DATE, /[0-9]/],
  ['number', NUMBER, /[0-9-]/],
];

function matchLiteral(text: string, at: number): { kind: TokenKind; value: string } | undefined {
  for (const [kind, re, first] of LITERALS) {
    if (!first.test(text[at])) continue;
    const value = stickyMatch(re, text, at);
    if (value) return { kind, value };
  }
  return undefined;
}

function describe(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  return code < 32 || code > 126 ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : `'${ch}'`;
}

/** Splits an OData expression ($filter, $orderby) into tokens. `field` names the option for errors. */
export function tokenize(text: string, field: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ws = stickyMatch(WS, text, i);
    if (ws) {
      i += ws.length;
      continue;
    }
    const ch = text[i];
    const pos = i + 1;
    if (ch === '(' || ch === ')' || ch === ',') {
      tokens.push({ kind: ch, value: ch, pos });
      i++;
      continue;
    }
    if (ch === "'") {
      let j = i + 1;
      let value = '';
      for (;;) {
        const q = text.indexOf("'", j);
        if (q < 0) throw syntaxError(field, pos, 'unterminated string literal');
        value += text.slice(j, q);
        if (text[q + 1] === "'") {
          value += "'";
          j = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      // PostgreSQL text cannot hold NUL; refuse it here rather than fail in the database.
      if (value.includes('\u0000')) throw syntaxError(field, pos, 'string literals cannot contain U+0000');
      tokens.push({ kind: 'string', value, pos });
      continue;
    }
    const lit = matchLiteral(text, i);
    const ident = lit ? undefined : stickyMatch(IDENT, text, i);
    if (lit) {
      tokens.push({ kind: lit.kind, value: lit.value, pos });
    } else if (/[0-9-]/.test(ch)) {
      throw syntaxError(field, pos, 'invalid number, date or time literal');
    } else if (ident) {
      if (text[i + ident.length] === '/') {
        throw syntaxError(field, pos + ident.length, "expected a property name after '/'");
      }
      tokens.push({ kind: 'ident', value: ident, pos });
    } else {
      throw syntaxError(
        field,
        pos,
        `unexpected character ${describe(String.fromCodePoint(text.codePointAt(i) ?? 0))}`,
      );
    }
    const m = lit?.value ?? ident ?? '';
    i += m.length;
  }
  tokens.push({ kind: 'eof', value: '', pos: text.length + 1 });
  return tokens;
}

/** How a token reads in an error message. */
export function tokenText(t: Token): string {
  if (t.kind === 'eof') return 'end of input';
  if (t.kind === 'string') return 'a string literal';
  return `'${t.value}'`;
}
