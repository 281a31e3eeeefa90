import type { SortingState } from "@tanstack/react-table";

// A report table's sorting, kept in the screen's address so a shared link shows the same order: one `sort`
// parameter per sorted table, `<table>.<column>.<asc|desc>` (e.g. `sort=by_source.revenue.desc&sort=by_brand.sold.asc`).
// Table and column ids are the screens' own words, with no dot in them. A value that is not of that form is ignored.

const SORT = "sort";

export function readSort(params: URLSearchParams, table: string): SortingState {
  for (const value of params.getAll(SORT)) {
    const [name, column, order, ...rest] = value.split(".");
    if (name === table && column && (order === "asc" || order === "desc") && rest.length === 0)
      return [{ id: column, desc: order === "desc" }];
  }
  return [];
}

/** The address with `table`'s sorting replaced by `sorting` (its first column: the tables sort by one). */
export function writeSort(params: URLSearchParams, table: string, sorting: SortingState): URLSearchParams {
  const next = new URLSearchParams(params);
  const others = next.getAll(SORT).filter((value) => value.split(".")[0] !== table);
  next.delete(SORT);
  for (const value of others) next.append(SORT, value);
  const first = sorting[0];
  if (first) next.append(SORT, `${table}.${first.id}.${first.desc ? "desc" : "asc"}`);
  return next;
}
