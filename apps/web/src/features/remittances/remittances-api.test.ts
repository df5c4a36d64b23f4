import type { RemittanceImport } from '@glass/domain/contracts/remittances';
import { describe, expect, it } from 'vitest';
import { isActive, percentDone } from './remittances-api';

const imp = (over: Partial<RemittanceImport>): RemittanceImport =>
  ({ state: 'running', rowsTotal: 200, rowsDone: 0, ...over }) as RemittanceImport;

describe('remittance import progress', () => {
  it('is active while queued or running', () => {
    expect(isActive({ state: 'queued' })).toBe(true);
    expect(isActive({ state: 'running' })).toBe(true);
    expect(isActive({ state: 'uploaded' })).toBe(false);
    expect(isActive({ state: 'completed' })).toBe(false);
    expect(isActive({ state: 'failed' })).toBe(false);
  });

  it('fills the bar by lines read, 100 once completed, 0 while the count is unknown', () => {
    expect(percentDone(imp({ rowsDone: 50 }))).toBe(25);
    expect(percentDone(imp({ rowsDone: 199 }))).toBe(99);
    expect(percentDone(imp({ rowsDone: 300 }))).toBe(100);
    expect(percentDone(imp({ rowsTotal: null, rowsDone: 10 }))).toBe(0);
    expect(percentDone(imp({ state: 'completed', rowsTotal: null }))).toBe(100);
  });
});
