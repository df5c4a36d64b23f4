import { notImplemented, ODataError, syntaxError } from './odata-error.js';
import { type OptionName, optionKind, type RawOptions } from './query-options.js';
import type { ResourceIndex } from './resource-index.js';
import type { ODataExpand } from './types.js';

export interface ExpandItem {
  key: string;
  expand: ODataExpand;
  options: RawOptions;
}

interface Part {
  text: string;
  /** 0-based offset of `text` in the whole option. */
  offset: number;
}

/** Splits at `sep` outside quotes and parentheses; unbalanced input is a syntax error. */
function splitTopLevel(text: string, sep: string, base: number, field: string): Part[] {
  const parts: Part[] = [];
  let depth = 0;
  let start = 0;
  let open = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'") {
      const q = i++;
      for (;;) {
        if (i >= text.length) throw syntaxError(field, base + q + 1, 'unterminated string literal');
        if (text[i] === "'" && text[i + 1] === "'") i += 2;
        else if (text[i] === "'") break;
        else i++;
      }
    } else if (c === '(') {
      if (depth++ === 0) open = i;
    } else if (c === ')') {
      if (--depth < 0) throw syntaxError(field, base + i + 1, "unexpected ')'");
    } else if (c === sep && depth === 0) {
      parts.push({ text: text.slice(start, i), offset: base + start });
      start = i + 1;
    }
  }
  if (depth > 0) throw syntaxError(field, base + open + 1, "expected ')'");
  parts.push({ text: text.slice(start), offset: base + start });
  return parts;
}

const ITEM = /^(\s*)([A-Za-z_][A-Za-z0-9_]*)\s*(?:\(([\s\S]*)\))?\s*$/;
const OPTION = /^\s*\$([A-Za-z]+)\s*=([\s\S]*)$/;

function parseNested(part: Part, field: string): RawOptions {
  const options: RawOptions = {};
  for (const opt of splitTopLevel(part.text, ';', part.offset, field)) {
    const m = OPTION.exec(opt.text);
    if (!m) throw syntaxError(field, opt.offset + 1, "expected '$option=value'");
    const name = m[1].toLowerCase() as OptionName;
    const kind = optionKind(name);
    if (kind === 'unsupported' || name === 'search' || name === 'skiptoken') {
      throw notImplemented(field, `'$${name}' is not supported in ${field}`);
    }
    if (kind === 'unknown') throw new ODataError(`Unknown option '$${m[1]}' in ${field}`, field);
    if (options[name] !== undefined)
      throw new ODataError(`'$${name}' is given more than once in ${field}`, field);
    const value = m[2].trim();
    if (value !== '') options[name] = value;
  }
  return options;
}

/**
 * `$expand=Messages($select=id,message;$orderby=messagedAt desc;$top=5),Recipients` → the
 * declared navigations with their nested options as text (compiled by the caller).
 */
export function parseExpand(text: string, index: ResourceIndex, field = '$expand'): ExpandItem[] {
  const items: ExpandItem[] = [];
  for (const part of splitTopLevel(text, ',', 0, field)) {
    const m = ITEM.exec(part.text);
    if (!m) {
      const at = part.offset + part.text.length - part.text.trimStart().length + 1;
      throw syntaxError(field, at, 'expected a navigation name, optionally followed by (options)');
    }
    const found = index.expands.get(m[2].toLowerCase());
    if (!found) throw new ODataError(`Unknown navigation '${m[2]}' in ${field}`, field);
    if (items.some((i) => i.key === found.key))
      throw new ODataError(`'${found.key}' is expanded twice`, field);
    let options: RawOptions = {};
    if (m[3] !== undefined) {
      const innerOffset = part.offset + part.text.indexOf('(') + 1;
      options = parseNested({ text: m[3], offset: innerOffset }, field);
    }
    items.push({ key: found.key, expand: found.expand, options });
  }
  return items;
}
