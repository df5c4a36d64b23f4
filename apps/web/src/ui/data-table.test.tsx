import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderCell } from '../resources/cells';
import { type DataColumn, DataTable } from './data-table';
import { stubLayout } from './test-stubs';

type Person = { id: number; name: string; phone: string };
const columns: DataColumn<Person>[] = [
  { key: 'name', title: 'Name', dataIndex: 'name' },
  {
    key: 'phone',
    title: 'Phone',
    render: (_, p) => renderCell(p.phone, { key: 'phone', title: 'Phone', format: 'phone' }),
  },
];
const people = Array.from({ length: 25 }, (_, i) => ({
  id: i + 1,
  name: `Person ${i + 1}`,
  phone: '8325550199',
}));

let narrow = false;
beforeEach(() => {
  stubLayout((query) => narrow && query.includes('max-width'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DataTable', () => {
  it('on a wide screen is a table with the one empty state when there are no rows', () => {
    narrow = false;
    render(
      <DataTable<Person>
        label="People"
        rowKey="id"
        columns={columns}
        dataSource={[]}
        empty="No People found"
      />,
    );
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.getByText('No People found')).toBeTruthy();
  });

  it('under 900 px shows each row as a card, phones formatted, paged in the browser', () => {
    narrow = true;
    render(
      <DataTable<Person>
        label="People"
        rowKey="id"
        columns={columns}
        dataSource={people}
        empty="No People found"
        cardLabel={(p) => p.name}
        pagination={{ defaultPageSize: 20 }}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('region', { name: 'People' })).getAllByRole('article');
    expect(cards).toHaveLength(20);
    const first = screen.getByRole('article', { name: 'Person 1' });
    expect(within(first).getByText('(832) 555-0199')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    expect(screen.getAllByRole('article')).toHaveLength(5);
    expect(screen.getByRole('article', { name: 'Person 25' })).toBeTruthy();
  });

  it('under 900 px an empty list shows the same empty state', () => {
    narrow = true;
    render(
      <DataTable<Person>
        label="People"
        rowKey="id"
        columns={columns}
        dataSource={[]}
        empty="No People found"
      />,
    );
    expect(screen.getByText('No People found')).toBeTruthy();
  });
});
