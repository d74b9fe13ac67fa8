/**
 * A table's columns for the head row of a DataTable: each by its label (a message function,
 * so that it follows the language), numeric ones (`num(…)`) right-aligned in tabular figures
 * like their cells (class "num", styles/table.css).
 */
export type ColumnLabel = () => string;
export interface Column {
	label: ColumnLabel;
	num: boolean;
}

/** A numeric column. */
export const num = (label: ColumnLabel): Column => ({ label, num: true });

/** The columns in their order: a bare label is a text column. */
export function columns(...cols: readonly (ColumnLabel | Column)[]): Column[] {
	return cols.map((c) => (typeof c === 'function' ? { label: c, num: false } : c));
}
