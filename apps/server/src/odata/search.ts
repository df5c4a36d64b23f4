import { type SQL, sql } from 'drizzle-orm';
import { likeContains } from './literals.js';
import { notImplemented, ODataError } from './odata-error.js';
import type { ResourceIndex } from './resource-index.js';

const FIELD = '$search';
export const MAX_SEARCH_TERMS = 20;

/**
 * `$search` (Part 2 §5.1.7) as this engine answers it: words and "quoted phrases", separated by spaces
 * or `AND`, each of which must occur (case-insensitively, anywhere) in one of the resource's declared
 * search fields. `OR`, `NOT` and parentheses are valid OData but not implemented (501); so is `$search`
 * on a list that declares no search fields.
 */
export function parseSearch(text: string): string[] {
  const terms: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      i++;
    } else if (c === '"') {
      let phrase = '';
      let j = i + 1;
      for (;;) {
        if (j >= text.length)
          throw new ODataError(`Syntax error at position ${i + 1}: unterminated phrase`, FIELD);
        if (text[j] === '\\' && (text[j + 1] === '"' || text[j + 1] === '\\')) {
          phrase += text[j + 1];
          j += 2;
        } else if (text[j] === '"') break;
        else phrase += text[j++];
      }
      if (phrase.trim() === '')
        throw new ODataError(`Syntax error at position ${i + 1}: empty phrase`, FIELD);
      terms.push(phrase);
      i = j + 1;
    } else if (c === '(' || c === ')') {
      throw notImplemented(FIELD, 'Parentheses in $search are not supported; separate the terms with spaces');
    } else {
      let j = i;
      while (j < text.length && !/[\s"()]/.test(text[j])) j++;
      const word = text.slice(i, j);
      if (word === 'OR' || word === 'NOT') {
        throw notImplemented(FIELD, `${word} in $search is not supported; every term must match (AND)`);
      }
      if (word !== 'AND') terms.push(word);
      i = j;
    }
  }
  if (terms.length === 0) throw new ODataError('$search has no search term', FIELD);
  if (terms.length > MAX_SEARCH_TERMS)
    throw new ODataError(`$search has too many terms (at most ${MAX_SEARCH_TERMS})`, FIELD);
  for (const t of terms) {
    if (t.includes('\u0000')) throw new ODataError('$search cannot contain the character U+0000', FIELD);
  }
  return terms;
}

/** The condition of a `$search`: every term in one of the declared search fields (ILIKE, escaped). */
export function compileSearch(text: string, index: ResourceIndex): SQL {
  const keys = index.resource.search ?? [];
  if (keys.length === 0) throw notImplemented(FIELD, `$search is not supported on ${index.resource.name}`);
  const fields = keys.map((key) => {
    const found = index.fields.get(key.toLowerCase());
    if (found?.field.type !== 'string') {
      throw new Error(`OData resource '${index.resource.name}': search field '${key}' is not a string field`);
    }
    return found.field.sql;
  });
  const conditions = parseSearch(text).map((term) => {
    const pattern = likeContains(term);
    return sql`(${sql.join(
      fields.map((f) => sql`(${sql.raw(f)}) ilike ${pattern}::text escape '\\'`),
      sql` or `,
    )})`;
  });
  return sql`(${sql.join(conditions, sql` and `)})`;
}
