import type { ReactNode, TdHTMLAttributes } from 'react';

/** The attributes a body cell may carry beyond its content and classes (data-*, aria-current ...). */
export type CellAttributes = TdHTMLAttributes<HTMLTableCellElement> & { [data: `data-${string}`]: string | number | boolean | undefined };

/** One column of a `DataTable`: its header and how each row fills its cell. */
export interface Column<Row> {
  /** Names the column among its siblings (React's key). */
  key: string;
  /** The header cell's content: a `th scope="col"`. */
  header: ReactNode;
  /** The header is for screen readers only (an Actions column whose buttons speak for themselves). */
  hideHeader?: boolean;
  /** The header's full name when `header` is an abbreviation (Sun: Sunday). */
  abbr?: string;
  /** Classes of this column's header cell, after the table's `headerCellClassName`. */
  headerClassName?: string;
  /** Classes of this column's `col` (a width), when the table sets widths. */
  width?: string;
  /** Classes of this column's body cells, after the table's `cellClassName`: fixed or from the row. */
  className?: string | ((row: Row) => string);
  /** This column's cells name their rows: `th scope="row"` rather than `td`. */
  rowHeader?: boolean;
  /** Other attributes of this column's body cells. */
  cellAttributes?: (row: Row, index: number) => CellAttributes;
  /** The cell's content for one row (`index` is the row's place in `rows`). */
  cell: (row: Row, index: number) => ReactNode;
}

export interface DataTableProps<Row> {
  /** The columns in order; a column shown only sometimes is left out of the list (`false` entries are skipped). */
  columns: ReadonlyArray<Column<Row> | false | null | undefined>;
  rows: readonly Row[];
  /** Each row's stable key. */
  rowKey: (row: Row) => string;
  /** The table's name read by screen readers, as a hidden caption. */
  caption?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-busy'?: boolean;
  /** Classes of the table element. */
  className?: string;
  /** Classes of the thead. */
  headClassName?: string;
  /** Classes every header cell starts with. */
  headerCellClassName?: string;
  /** Classes of the tbody. */
  bodyClassName?: string;
  /** Classes of each body row: fixed or from the row. */
  rowClassName?: string | ((row: Row) => string);
  /** Classes every body cell starts with. */
  cellClassName?: string;
}

const join = (...classes: Array<string | false | undefined>) => classes.filter(Boolean).join(' ');

/**
 * The app's one table: a caption or label names it, every column has a `th scope="col"` (hidden
 * from sight but not from screen readers when asked), and each row's cells come from the columns'
 * renderers. Styling stays with the caller through the class props; the markup is always the same.
 */
export function DataTable<Row>({
  columns: maybeColumns,
  rows,
  rowKey,
  caption,
  className = 'w-full text-left text-sm',
  headClassName,
  headerCellClassName,
  bodyClassName = 'divide-y divide-slate-100',
  rowClassName,
  cellClassName,
  ...aria
}: DataTableProps<Row>) {
  const columns = maybeColumns.filter((c): c is Column<Row> => Boolean(c));
  const widths = columns.some((c) => c.width);
  return (
    <table className={className} {...aria}>
      {caption && <caption className="sr-only">{caption}</caption>}
      {widths && (
        <colgroup>
          {columns.map((c) => (
            <col key={c.key} className={c.width} />
          ))}
        </colgroup>
      )}
      <thead className={headClassName || undefined}>
        <tr>
          {columns.map((c) => (
            <th key={c.key} scope="col" abbr={c.abbr} className={join(headerCellClassName, c.headerClassName) || undefined}>
              {c.hideHeader ? <span className="sr-only">{c.header}</span> : c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={bodyClassName || undefined}>
        {rows.map((row, index) => (
          <tr key={rowKey(row)} className={(typeof rowClassName === 'function' ? rowClassName(row) : rowClassName) || undefined}>
            {columns.map((c) => {
              const Cell = c.rowHeader ? 'th' : 'td';
              return (
                <Cell
                  key={c.key}
                  scope={c.rowHeader ? 'row' : undefined}
                  {...c.cellAttributes?.(row, index)}
                  className={join(cellClassName, typeof c.className === 'function' ? c.className(row) : c.className) || undefined}
                >
                  {c.cell(row, index)}
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The look of the app's work lists (requests, intake, approvals): a grey header band and rows that light up under the pointer. */
export const WORK_LIST_TABLE = {
  headClassName: 'border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500',
  headerCellClassName: 'px-4 py-3 font-medium',
  rowClassName: 'hover:bg-slate-50',
  cellClassName: 'px-4 py-3',
} as const;
