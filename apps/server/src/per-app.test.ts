import { describe, expect, it } from 'vitest';
import { perApp } from './per-app.js';

describe('one value per app instance', () => {
  it('makes it once per app, on first use, and peek does not make it', () => {
    let made = 0;
    const counterOf = perApp((app: { name: string }) => ({ app: app.name, n: ++made }));
    const a = { name: 'a' };
    const b = { name: 'b' };
    expect(counterOf.peek(a)).toBeUndefined();
    expect(made).toBe(0);
    const first = counterOf(a);
    expect(counterOf(a)).toBe(first);
    expect(counterOf.peek(a)).toBe(first);
    expect(counterOf(b)).toEqual({ app: 'b', n: 2 });
    expect(made).toBe(2);
  });
});
