// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable, type Column } from './data-table';

/** The app's one table: column headers, row headers, hidden headers, a name, and cells from the rows. */

afterEach(cleanup);

interface Fruit {
  id: string;
  name: string;
  count: number;
}
const FRUITS: Fruit[] = [
  { id: 'a', name: 'Apple', count: 3 },
  { id: 'b', name: 'Pear', count: 0 },
];
const COLUMNS: Column<Fruit>[] = [
  { key: 'name', header: 'Fruit', rowHeader: true, cell: (f) => f.name },
  {
    key: 'count',
    header: 'Count',
    headerClassName: 'text-right',
    className: (f) => (f.count === 0 ? 'text-red-600' : 'text-slate-700'),
    cellAttributes: (f, i) => ({ 'data-testid': `count-${i}`, 'data-empty': f.count === 0 }),
    cell: (f) => f.count,
  },
  { key: 'actions', header: 'Actions', hideHeader: true, cell: (f) => <button type="button">Eat {f.name}</button> },
];

describe('DataTable', () => {
  it('names the table by a hidden caption and gives every column a th scope=col', () => {
    render(<DataTable caption="Fruit in the bowl" columns={COLUMNS} rows={FRUITS} rowKey={(f) => f.id} headerCellClassName="px-4" />);
    const table = screen.getByRole('table', { name: 'Fruit in the bowl' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Fruit', 'Count', 'Actions']);
    for (const h of headers) expect(h.getAttribute('scope')).toBe('col');
    expect(headers[1].className).toBe('px-4 text-right');
    // The Actions header is read, not seen.
    expect(within(headers[2]).getByText('Actions').className).toBe('sr-only');
  });

  it('draws one row per item, in order, with a row header and the columns’ cells, classes and attributes', () => {
    render(<DataTable aria-label="Bowl" columns={COLUMNS} rows={FRUITS} rowKey={(f) => f.id} cellClassName="py-2" />);
    const rows = within(screen.getByRole('table', { name: 'Bowl' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByRole('rowheader').textContent).toBe('Apple');
    expect(within(rows[1]).getByRole('rowheader').getAttribute('scope')).toBe('row');
    expect(screen.getByTestId('count-0').className).toBe('py-2 text-slate-700');
    expect(screen.getByTestId('count-1').className).toBe('py-2 text-red-600');
    expect(screen.getByTestId('count-1').dataset.empty).toBe('true');
    expect(within(rows[1]).getByRole('button', { name: 'Eat Pear' })).toBeTruthy();
  });

  it('skips a column left out with false and sets widths through a colgroup only when asked', () => {
    const { container, rerender } = render(
      <DataTable aria-label="Bowl" columns={[COLUMNS[0], false, COLUMNS[2]]} rows={FRUITS} rowKey={(f) => f.id} />,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Fruit', 'Actions']);
    expect(container.querySelector('colgroup')).toBeNull();
    rerender(<DataTable aria-label="Bowl" columns={[{ ...COLUMNS[0], width: 'w-32' }, COLUMNS[1]]} rows={FRUITS} rowKey={(f) => f.id} />);
    expect([...container.querySelectorAll('col')].map((c) => c.className)).toEqual(['w-32', '']);
  });

  it('draws the header alone when there are no rows', () => {
    render(<DataTable aria-label="Bowl" columns={COLUMNS} rows={[]} rowKey={(f) => f.id} />);
    expect(screen.getAllByRole('row')).toHaveLength(1);
  });
});
