import { describe, expect, it } from 'vitest';
import { timeZoneOptions } from './time-zone-select';

describe('facility time zone picker options', () => {
  const values = (groups: ReturnType<typeof timeZoneOptions>) =>
    groups.map((g) => g.options.map((o) => o.value));

  it('lists the US zones first, then every other zone the runtime knows, each once', () => {
    const [us, others] = values(timeZoneOptions('America/Chicago', Date.parse('2025-01-15T12:00:00Z')));
    expect(us.slice(0, 2)).toEqual(['America/New_York', 'America/Chicago']);
    expect(others).toContain('Europe/Warsaw');
    expect(others).not.toContain('America/Chicago');
    expect(new Set([...us, ...others]).size).toBe(us.length + others.length);
  });

  it('labels each zone with its offset at the moment, daylight saving included', () => {
    const winter = timeZoneOptions(undefined, Date.parse('2025-01-15T12:00:00Z'))[0].options;
    const summer = timeZoneOptions(undefined, Date.parse('2025-07-15T12:00:00Z'))[0].options;
    expect(winter.find((o) => o.value === 'America/Chicago')?.label).toBe(
      'Central — America/Chicago (UTC−06:00)',
    );
    expect(summer.find((o) => o.value === 'America/Chicago')?.label).toBe(
      'Central — America/Chicago (UTC−05:00)',
    );
  });

  it('keeps a saved zone the runtime does not list (e.g. Etc/GMT+5 from the migration)', () => {
    const [, others] = values(timeZoneOptions('Etc/GMT+5'));
    expect(others[0]).toBe('Etc/GMT+5');
    expect(values(timeZoneOptions('Not/AZone'))[1]).not.toContain('Not/AZone');
  });
});
