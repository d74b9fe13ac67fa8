/**
 * A table whose rows become cards on a phone (DataTable `cards`) shows each cell with its
 * column's name: the names of the head's last row, by column (a head cell spanning columns
 * names each of them), given to the body's cells as `data-label` (styles/table.css shows it).
 * A row's header (its name, the card's title) and its "actions" cell take no label.
 */
export function columnNames(headCells: readonly { text: string; span: number }[]): string[] {
	return headCells.flatMap((c) => Array.from({ length: Math.max(1, c.span) }, () => c.text.trim().replace(/\s+/g, ' ')));
}

function label(table: HTMLTableElement) {
	const headRow = table.tHead?.rows[table.tHead.rows.length - 1];
	if (!headRow) return;
	// A head cell hidden for the eye (the actions' column) names nothing on a card.
	const names = columnNames([...headRow.cells].map((c) => ({ text: c.querySelector('.visually-hidden') ? '' : (c.textContent ?? ''), span: c.colSpan })));
	for (const body of table.tBodies)
		for (const row of body.rows) {
			let column = 0;
			for (const cell of row.cells) {
				const name = names[column] ?? '';
				column += Math.max(1, cell.colSpan);
				const wanted = cell.tagName === 'TD' && !cell.classList.contains('actions') && name ? name : null;
				if (wanted === null) cell.removeAttribute('data-label');
				else if (cell.getAttribute('data-label') !== wanted) cell.setAttribute('data-label', wanted);
			}
		}
}

/** Labels the table's cells now and whenever its rows or head change (an attachment on the <table>). */
export function cardLabels(table: HTMLTableElement) {
	label(table);
	const changed = new MutationObserver(() => label(table));
	changed.observe(table, { childList: true, subtree: true, characterData: true });
	return () => changed.disconnect();
}
