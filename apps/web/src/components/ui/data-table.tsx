import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';

/** One column of a DataTable: its header and what each row shows in it. */
export interface TableColumn<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Numbers: right-aligned (the header too), in tabular figures. */
  numeric?: boolean;
  /** The column that names its row: its cells are `th scope="row"`. */
  rowHeader?: boolean;
  /** More classes for this column's body cells. */
  className?: string;
}

/**
 * A plain table of rows: a header row of column headers (`scope="col"`) and a row per item. The
 * caption, when given, is for screen readers only (the table's section heading names it on screen).
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  className,
  headClassName = 'bg-stone-50 text-stone-700',
  headCellClassName = 'px-3 py-2',
  cellClassName = 'px-3 py-2',
}: {
  caption?: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  className?: string;
  headClassName?: string;
  /** The padding of the header cells. */
  headCellClassName?: string;
  /** The padding of the body cells. */
  cellClassName?: string;
}) {
  return (
    <table className={cn('w-full text-left text-sm', className)}>
      {caption === undefined ? null : <caption className="sr-only">{caption}</caption>}
      <thead className={headClassName}>
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col" className={cn(headCellClassName, column.numeric && 'text-right')}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className="border-t border-stone-100">
            {columns.map((column, index) => {
              const classes = cn(
                cellClassName,
                column.numeric && 'text-right tabular-nums',
                column.rowHeader && 'font-normal',
                column.className,
              );
              return column.rowHeader ? (
                <th key={index} scope="row" className={classes}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={index} className={classes}>
                  {column.cell(row)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
