import { describe, expect, it } from 'vitest';
import type { PreviewRow } from './preview';
import { previewPage } from './preview-page';

const rows: PreviewRow[] = Array.from({ length: 500 }, (_, i) => ({
	row: i + 2,
	values: { name: `P ${i}` },
	problems: i % 100 === 99 ? [{ code: 'name-missing' }] : [],
	action: i % 100 === 99 ? 'blocked' : 'import'
}));

describe('the rows of a preview shown at once', () => {
	it('the first page, and how many more', () => {
		const page = previewPage(rows, { problemsOnly: false, limit: 200 });
		expect(page.rows.map((r) => r.row)).toEqual(rows.slice(0, 200).map((r) => r.row));
		expect(page.more).toBe(300);
		expect(page.withProblems).toBe(5);
		expect(previewPage(rows, { problemsOnly: false, limit: 600 }).more).toBe(0);
	});

	it('only the rows with a problem, wherever they are in the file', () => {
		const page = previewPage(rows, { problemsOnly: true, limit: 200 });
		expect(page.rows.map((r) => r.row)).toEqual([101, 201, 301, 401, 501]);
		expect(page.more).toBe(0);
	});
});
