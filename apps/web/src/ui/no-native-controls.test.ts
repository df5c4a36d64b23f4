import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// #15: every select is antd's (ui/SearchSelect, or a plain antd Select for a short fixed list) and every
// date is a ui/date-fields picker; a native <select> or date/time input would look and behave apart.
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NATIVE = [
  /<select\b/,
  /createElement\(\s*['"]select['"]/,
  /type\s*=\s*\{?\s*['"](date|datetime-local|time|month|week)['"]/,
];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return sources(full);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [full] : [];
  });
}

describe('web controls', () => {
  it('no native select or date input anywhere in apps/web/src', () => {
    const found = sources(src).flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return NATIVE.filter((re) => re.test(text)).map((re) => `${path.relative(src, file)} ${re}`);
    });
    expect(found).toEqual([]);
  });
});
