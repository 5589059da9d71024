// The shared admin table: import from here.
export {
  DataTable,
  nextSort,
  type DataTableColumn,
  type DataTableColumnMeta,
  type DataTableFeatures,
} from './data-table.tsx';
export { CardList, cardPlace, columnLabel } from './card-list.tsx';
export { actionsColumn, dateColumn, numberColumn, sortableColumn } from './columns.tsx';
export { SortMenu, type SortOption } from './sort-menu.tsx';
export { RowActionsButton, RowActionsMenu } from './row-actions-button.tsx';
export { Pagination, pageNumbers, pageRange } from './pagination.tsx';
export { SearchBox, SEARCH_DELAY_MS } from './search-box.tsx';
export { TableFilter, choices, type TableFilterProps } from './table-filter.tsx';
export {
  nextQuery,
  useTableQuery,
  type QueryChanges,
  type QueryOptions,
} from './use-table-query.ts';
