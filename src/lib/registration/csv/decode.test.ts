import { describe, expect, it } from 'vitest';
import { decodeText } from './decode';
import { encodeSingleByte } from './single-byte.testkit';

const CZECH = 'Jméno;Příjmení;Datum narození\r\nKateřina;Nováková;03.04.1990\r\nPřemysl;Čech;1. 2. 1985\r\nŽofie;Šťastná;12.12.2001\r\nJiří;Dvořák;05.06.1977\r\n';
const SPANISH = 'Nombre,Apellidos,Fecha de nacimiento\r\nÍñigo,Peña Muñoz,03/04/1990\r\nMaría José,García Núñez,01/02/1985\r\n¿Lucía?,Ibáñez,12/12/2001\r\n';
const utf8 = (text: string) => new TextEncoder().encode(text);

function decoded(bytes: Uint8Array, hint?: 'cs' | 'es' | 'en') {
	const result = decodeText(bytes, hint);
	if (!result.ok) throw new Error(`refused: ${result.problem.code}`);
	return result.value;
}

describe('decoding a registration file', () => {
	it('reads UTF-8 without a byte order mark', () => {
		expect(decoded(utf8(CZECH))).toEqual({ text: CZECH, encoding: 'utf-8' });
	});

	it('reads UTF-8 with a byte order mark, and drops the mark', () => {
		expect(decoded(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8(SPANISH)]))).toEqual({ text: SPANISH, encoding: 'utf-8' });
	});

	it('reads Windows-1250 as Excel writes it in a Czech locale', () => {
		expect(decoded(encodeSingleByte(CZECH, 'windows-1250'))).toEqual({ text: CZECH, encoding: 'windows-1250' });
	});

	it('reads Windows-1252 as Excel writes it in a Spanish locale', () => {
		expect(decoded(encodeSingleByte(SPANISH, 'windows-1252'))).toEqual({ text: SPANISH, encoding: 'windows-1252' });
	});

	it('tells the two code pages apart by a single telling letter', () => {
		expect(decoded(encodeSingleByte('name\nJiří Dvořák\n', 'windows-1250')).encoding).toBe('windows-1250');
		expect(decoded(encodeSingleByte('name\nIñigo\n', 'windows-1252')).encoding).toBe('windows-1252');
		expect(decoded(encodeSingleByte('name\nDušan Kříž\n', 'windows-1250')).text).toBe('name\nDušan Kříž\n');
	});

	it('decides a tie (letters that are the same bytes in both) by the event language', () => {
		const same = encodeSingleByte('name\nJosé Pérez\n', 'windows-1252');
		expect(decoded(same, 'cs')).toEqual({ text: 'name\nJosé Pérez\n', encoding: 'windows-1250' });
		expect(decoded(same, 'es')).toEqual({ text: 'name\nJosé Pérez\n', encoding: 'windows-1252' });
	});

	it('reads UTF-16 with a byte order mark (Excel\u2019s "Unicode text")', () => {
		const text = 'Jméno\tPříjmení\r\nÍñigo\tPeña\r\n';
		const le = [0xff, 0xfe];
		for (const ch of text) {
			const c = ch.charCodeAt(0);
			le.push(c & 0xff, c >> 8);
		}
		expect(decoded(Uint8Array.from(le))).toEqual({ text, encoding: 'utf-16le' });
	});

	it('refuses a workbook (.xlsx, .ods: ZIP; .xls: OLE) and says to save it as CSV', () => {
		expect(decodeText(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 6, 0]))).toEqual({ ok: false, problem: { code: 'workbook' } });
		expect(decodeText(Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).toEqual({ ok: false, problem: { code: 'workbook' } });
	});

	it('refuses a binary file (a PNG, random bytes with NULs)', () => {
		const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
		expect(decodeText(png)).toEqual({ ok: false, problem: { code: 'not-text' } });
		const noise = Uint8Array.from({ length: 4096 }, (_, i) => (i * 2654435761) >>> 24);
		expect(decodeText(noise)).toEqual({ ok: false, problem: { code: 'not-text' } });
	});
});
