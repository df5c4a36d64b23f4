import { describe, expect, it } from 'vitest';
import { canSearch, isRoNumberEnabled, searchOutcome } from './search-form.js';

describe('global search (spec 1 §5 "Global search")', () => {
  it('The Search button is disabled until at least one field is filled', () => {
    expect(canSearch({})).toBe(false);
    expect(canSearch({ name: '  ', facilityId: null })).toBe(false);
    expect(canSearch({ name: 'Lee' })).toBe(true);
  });
  it('The RO number field is enabled only when a facility is chosen', () => {
    expect(isRoNumberEnabled({})).toBe(false);
    expect(isRoNumberEnabled({ facilityId: 3 })).toBe(true);
  });
  it('Exactly one result opens that record directly; otherwise the results modal lists them', () => {
    expect(searchOutcome([{ id: 1 }])).toEqual({ kind: 'open', record: { id: 1 } });
    expect(searchOutcome([{ id: 1 }, { id: 2 }]).kind).toBe('list');
  });
  it('An empty result is still shown in the modal', () => {
    expect(searchOutcome([])).toEqual({ kind: 'list', records: [] });
  });
});
