import type { ResourceDef } from '@glass/domain/resources/define';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, queryWrapper } from '../query/test-utils';
import { fieldInput } from './field-input';
import { ListFilters } from './list-filters';
import { stubLayout } from '../ui/test-stubs';

beforeEach(() => {
  stubLayout();
  mockFetch({
    body: [
      { id: 1, name: 'Lone Star Auto Glass' },
      { id: 2, name: 'Gulf Coast Glass' },
    ],
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const def = {
  name: 'things',
  title: 'Things',
  search: ['name'],
  filters: [
    { key: 'active', label: 'Active', kind: 'boolean' },
    {
      key: 'dataType',
      label: 'Data Type',
      kind: 'select',
      options: [
        { value: 'text', label: 'Text' },
        { value: 'number', label: 'Number' },
        { value: 'date', label: 'Date' },
      ],
    },
    { key: 'brandId', label: 'Brand', kind: 'lookup', lookup: { path: 'Brands' } },
  ],
} as unknown as ResourceDef;

function renderFilters(onFilters = vi.fn()) {
  const { wrapper: Wrapper } = queryWrapper();
  const view = render(
    <Wrapper>
      <ListFilters def={def} filters={{}} search="" onFilters={onFilters} onSearch={() => undefined} />
    </Wrapper>,
  );
  return { ...view, onFilters };
}

/** The open popup's options (antd renders them in the document body; a closed one stays, hidden). */
const optionTexts = () =>
  [
    ...document.querySelectorAll(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
    ),
  ].map((o) => o.textContent);

describe('resource list filters', () => {
  it('are searchable drop-downs named by their filter, no native select', () => {
    const { container } = renderFilters();
    expect(container.querySelector('select')).toBeNull();
    for (const name of ['Active', 'Data Type', 'Brand']) {
      const box = screen.getByRole('combobox', { name });
      expect(box.tagName).toBe('INPUT'); // antd's search input: the user can type
      expect(box.closest('.ant-select')?.textContent).toContain(`${name}:`); // named inside, as in array-list
    }
  });

  it('typing narrows the options and the keyboard chooses one', async () => {
    const { onFilters } = renderFilters();
    const box = screen.getByRole('combobox', { name: 'Data Type' });
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: 'num' } });
    expect(optionTexts()).toEqual(['Number']);
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onFilters).toHaveBeenLastCalledWith({ dataType: 'number' });
  });

  it('a flag filter answers a boolean; a lookup filter searches the lookup rows', async () => {
    const { onFilters } = renderFilters();
    const flag = screen.getByRole('combobox', { name: 'Active' });
    fireEvent.mouseDown(flag);
    fireEvent.change(flag, { target: { value: 'No' } });
    fireEvent.keyDown(flag, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onFilters).toHaveBeenLastCalledWith({ active: false });

    const brand = screen.getByRole('combobox', { name: 'Brand' });
    fireEvent.mouseDown(brand);
    fireEvent.change(brand, { target: { value: 'gulf' } });
    await vi.waitFor(() => expect(optionTexts()).toEqual(['Gulf Coast Glass']));
    // The looked-up option becomes the active one a render after it appears: Enter chooses the active one.
    await vi.waitFor(() =>
      expect(
        document.querySelector(
          '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-active',
        )?.textContent,
      ).toBe('Gulf Coast Glass'),
    );
    fireEvent.keyDown(brand, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onFilters).toHaveBeenLastCalledWith({ brandId: 2 });
  });
});

describe('declared form widgets', () => {
  it('a select, a state and a lookup are searchable drop-downs', () => {
    const { wrapper: Wrapper } = queryWrapper();
    const { container } = render(
      <Wrapper>
        {fieldInput({ name: 'state', label: 'State', widget: 'state' })}
        {fieldInput({ name: 'kind', label: 'Kind', widget: 'select', options: [{ value: 1, label: 'One' }] })}
        {fieldInput({ name: 'brandId', label: 'Brand', widget: 'lookup', lookup: { path: 'Brands' } })}
      </Wrapper>,
    );
    expect(container.querySelector('select')).toBeNull();
    const state = screen.getByRole('combobox', { name: 'State' });
    fireEvent.mouseDown(state);
    fireEvent.change(state, { target: { value: 'Texas' } });
    expect(optionTexts()).toEqual(['TX - Texas']);
    expect(screen.getByRole('combobox', { name: 'Kind' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Brand' })).toBeTruthy();
  });
});
