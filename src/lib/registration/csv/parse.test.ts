import { describe, expect, it } from 'vitest';
import { MAX_COLUMNS, MAX_FILE_BYTES, MAX_ROWS, parseCsvText, readCsvFile } from './parse';
import { encodeSingleByte } from './single-byte.testkit';

const utf8 = (text: string) => new TextEncoder().encode(text);

function table(text: string) {
	const result = parseCsvText(text);
	if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.problem)}`);
	return result.value;
}

describe('reading a registration CSV', () => {
	it.each([
		[',', 'Name,Club\r\nJan Novák,"Klub, Praha"\r\n'],
		[';', 'Jméno;Klub\nJan Novák;Klub; Praha\n'.replace('Klub; Praha', '"Klub; Praha"')],
		['\t', 'Nombre\tClub\nÍñigo Peña\tClub, Madrid\n']
	])('detects the delimiter %j', (delimiter, text) => {
		const t = table(text);
		expect(t.delimiter).toBe(delimiter);
		expect(t.header).toHaveLength(2);
		expect(t.rows).toHaveLength(1);
		expect(t.rows[0]!.cells[1]).toMatch(/^Club, Madrid$|^Klub[,;] Praha$/);
	});

	it('detects a semicolon when the cells hold decimal commas (a Czech Excel)', () => {
		const t = table('Jméno;Zaplaceno;Částka\nJan;ano;400,50\nEva;ne;0,00\nOta;ano;12,5\n');
		expect(t.delimiter).toBe(';');
		expect(t.rows.map((r) => r.cells[2])).toEqual(['400,50', '0,00', '12,5']);
	});

	it('numbers rows as a spreadsheet does, skipping blank lines but counting them', () => {
		const t = table('Name;Club\n\nJan;A\n;\nEva;"B\nC"\nOta;D\n');
		expect(t.rows.map((r) => [r.row, r.cells[0]])).toEqual([
			[3, 'Jan'],
			[5, 'Eva'],
			[6, 'Ota']
		]);
	});

	it('reads a cell the export escaped as a formula back as its text', () => {
		const t = table("Name,Phone,Notes,Club,Team\n'=HYPERLINK(1),'+420 777 123 456,'-5 kg,''=x,'quoted'\n");
		expect(t.rows[0]!.cells).toEqual(['=HYPERLINK(1)', '+420 777 123 456', '-5 kg', "'=x", "'quoted'"]);
	});

	it('reads the bytes of a Windows-1250 semicolon file with a byte count and encoding', () => {
		const result = readCsvFile(encodeSingleByte('Jméno;Příjmení\r\nKateřina;Nováková\r\n', 'windows-1250'));
		expect(result).toEqual({
			ok: true,
			value: { header: ['Jméno', 'Příjmení'], rows: [{ row: 2, cells: ['Kateřina', 'Nováková'] }], delimiter: ';', encoding: 'windows-1250' }
		});
	});

	describe('bad files: a clear problem and no rows', () => {
		it('an empty file, or only blank lines', () => {
			expect(readCsvFile(new Uint8Array())).toEqual({ ok: false, problem: { code: 'empty' } });
			expect(readCsvFile(utf8('\uFEFF\r\n  \r\n'))).toEqual({ ok: false, problem: { code: 'empty' } });
			expect(parseCsvText(';;;\n;;\n')).toEqual({ ok: false, problem: { code: 'empty' } });
		});

		it('a header and no rows', () => {
			expect(parseCsvText('Name;Club\r\n')).toEqual({ ok: false, problem: { code: 'no-rows' } });
		});

		it('a file over 10 MB (not even decoded)', () => {
			const big = new Uint8Array(MAX_FILE_BYTES + 1).fill(0x41);
			expect(readCsvFile(big)).toEqual({ ok: false, problem: { code: 'too-large', bytes: MAX_FILE_BYTES + 1, limit: MAX_FILE_BYTES } });
		});

		it('over 10,000 rows; exactly 10,000 is read', () => {
			const rows = (n: number) => `Name\n${Array.from({ length: n }, (_, i) => `P${i}`).join('\n')}\n`;
			expect(parseCsvText(rows(MAX_ROWS + 1))).toEqual({ ok: false, problem: { code: 'too-many-rows', rows: MAX_ROWS + 1, limit: MAX_ROWS } });
			const ok = parseCsvText(rows(MAX_ROWS));
			expect(ok.ok && ok.value.rows.length).toBe(MAX_ROWS);
		});

		it('a row with over 500 columns, naming the row', () => {
			const text = `Name;Club\nJan;A\nEva;${Array.from({ length: MAX_COLUMNS }, () => 'x').join(';')}\n`;
			expect(parseCsvText(text)).toEqual({ ok: false, problem: { code: 'too-many-columns', line: 3, columns: MAX_COLUMNS + 1, limit: MAX_COLUMNS } });
		});

		it('not CSV: HTML, JSON or XML saved as .csv', () => {
			for (const text of ['<!DOCTYPE html><html><body>x</body></html>', '{"people": []}', '[1,2]', '<?xml version="1.0"?><a/>'])
				expect(parseCsvText(text)).toEqual({ ok: false, problem: { code: 'not-csv' } });
		});

		it('a quoted cell that never ends', () => {
			expect(parseCsvText('Name;Club\nJan;"Klub\nEva;B\n')).toEqual({ ok: false, problem: { code: 'unclosed-quote', line: 2 } });
		});

		it('a workbook or a binary file', () => {
			expect(readCsvFile(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toEqual({ ok: false, problem: { code: 'workbook' } });
			expect(readCsvFile(Uint8Array.from([0, 1, 2, 3, 0, 0, 0]))).toEqual({ ok: false, problem: { code: 'not-text' } });
		});
	});
});
