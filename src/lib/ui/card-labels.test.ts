import { describe, expect, it } from 'vitest';
import { columnNames } from './card-labels';

describe('columnNames: the name of each column of a table that becomes cards', () => {
	it('one name a column, a spanning head cell naming each of its columns, spaces tidied', () => {
		expect(
			columnNames([
				{ text: ' Name ', span: 1 },
				{ text: 'Fee\n  paid', span: 2 },
				{ text: '', span: 1 }
			])
		).toEqual(['Name', 'Fee paid', 'Fee paid', '']);
	});
});
