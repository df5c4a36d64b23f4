import type { ControlRoomBoard } from '@glass/domain/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BoardView, rejectedBy } from './board-view';
import { stubLayout } from '../../ui/test-stubs';

beforeEach(() => {
  stubLayout();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('rejectedBy', () => {
  it('names the person, else what recorded it, else the clearing house', () => {
    expect(rejectedBy({ by: 'Ann Lee', source: null, clearingHouse: 'TPA' })).toBe('Ann Lee');
    expect(rejectedBy({ by: null, source: 'remittance', clearingHouse: 'TPA' })).toBe('remittance');
    expect(rejectedBy({ by: null, source: 'system', clearingHouse: 'TPA' })).toBe('TPA');
    expect(rejectedBy({ by: null, source: null, clearingHouse: 'TPA' })).toBe('TPA');
  });
});

const board = (rejections: ControlRoomBoard['rejections']): ControlRoomBoard => ({
  facility: { id: 1, name: 'Houston', shortName: 'HOU', timeZone: 'America/Chicago' },
  facilities: [],
  readAt: '2026-11-29T18:00:00.000Z',
  today: '2026-11-29',
  serviceVehicles: { byPriority: [], open: 0, readyNoContact: 0, oldestReadyNoContact: null },
  followUps: { serviceVehicles: { overdue: 0, dueToday: 0 }, invoices: { overdue: 0, dueToday: 0 } },
  appointments: { total: 0, byStatus: [], installers: [] },
  parked: [],
  onDuty: [],
  alerts: [],
  rejections,
});

describe('Claims rejected today', () => {
  it('shows the count and each rejection with its invoice link, reason, who and when (facility time)', () => {
    render(
      <MemoryRouter>
        <BoardView
          now={new Date('2026-11-29T18:00:00Z')}
          board={board({
            today: 3,
            latest: [
              {
                id: 9,
                invoiceId: 1234,
                clearingHouse: 'Gulf States Glass Network',
                reasonCode: 'A7',
                reasonText: 'Policy number not found',
                at: '2026-11-29T15:05:00.000+00:00',
                by: 'Ann Lee',
                source: null,
              },
            ],
          })}
        />
      </MemoryRouter>,
    );
    const panel = screen.getByRole('region', { name: 'Claims rejected today' });
    expect(within(panel).getByTestId('cr-rejections-today').textContent).toBe('3');
    const line = within(panel).getByTestId('cr-rejection');
    expect(line.textContent).toContain('Gulf States Glass Network: A7 Policy number not found');
    expect(line.textContent).toContain('by Ann Lee at 9:05 AM');
    expect(within(line).getByRole('link', { name: 'Invoice 1234' }).getAttribute('href')).toBe(
      '/invoices/1234',
    );
  });

  it('says so when nothing was rejected today', () => {
    render(
      <MemoryRouter>
        <BoardView now={new Date()} board={board({ today: 0, latest: [] })} />
      </MemoryRouter>,
    );
    const panel = screen.getByRole('region', { name: 'Claims rejected today' });
    expect(within(panel).getByText('No claim rejected today')).toBeTruthy();
  });
});
