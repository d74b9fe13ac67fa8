import type { CsvRead } from './file-problem';

/**
 * A registration file's bytes as text. Excel and LibreOffice write CSV as UTF-8 (with a byte
 * order mark when asked for "CSV UTF-8"), or in the system's code page: Windows-1250 in a Czech
 * locale, Windows-1252 in a Spanish one; "Unicode text" is UTF-16 with a byte order mark.
 *
 * UTF-8 is taken when the bytes are valid UTF-8. Otherwise both code pages are tried, and the
 * one whose letters read as Czech or Spanish wins: the same bytes are č ě ř ů ň ď ť in
 * Windows-1250 and è ì ø ù ò ï in Windows-1252; ñ ¿ ¡ in Windows-1252 and ń ż ˇ in
 * Windows-1250 (á é í ó ú ü ý š ž are the same bytes in both). A tie goes to `hint`'s code page
 * (the event's language), else Windows-1252.
 */

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1250' | 'windows-1252';

export interface DecodedText {
	text: string;
	encoding: TextEncodingName;
}

/** Letters of Czech and Slovak words, beyond ASCII. */
const CZECH = new Set('áäčďéěíĺľňóôŕřšťúůýžÁÄČĎÉĚÍĹĽŇÓÔŔŘŠŤÚŮÝŽ');
/** Letters and signs of Spanish (and Catalan, Galician, Basque names) beyond ASCII. */
const SPANISH = new Set('áéíóúüñçàèòïÁÉÍÓÚÜÑÇÀÈÒÏ¿¡ºª·');
/** Signs either code page's text may hold. */
const COMMON = new Set('€–—„“”‚‘’«»°§×€ ');

function plausibility(text: string, letters: Set<string>): number {
	let score = 0;
	for (const ch of text) {
		if (ch.charCodeAt(0) < 0x80) continue;
		if (letters.has(ch)) score += 1;
		else if (!COMMON.has(ch)) score -= 2;
	}
	return score;
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
	return magic.every((b, i) => bytes[i] === b);
}

/** Control characters other than tab, line feed, form feed and carriage return: a text file has none. */
function looksBinary(text: string): boolean {
	let controls = 0;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		if (c === 0) return true;
		if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0c && c !== 0x0d) || c === 0xfffd) controls += 1;
	}
	return controls > 0 && controls * 100 > text.length;
}

function decodeAs(bytes: Uint8Array, encoding: TextEncodingName, fatal = false): string {
	return new TextDecoder(encoding, { fatal, ignoreBOM: false }).decode(bytes);
}

/** The text of `bytes`, with the encoding it was read in; a workbook or a binary file is refused. */
export function decodeText(bytes: Uint8Array, hint?: 'cs' | 'es' | 'en'): CsvRead<DecodedText> {
	if (startsWith(bytes, ZIP) || startsWith(bytes, OLE)) return { ok: false, problem: { code: 'workbook' } };
	let decoded: DecodedText | undefined;
	if (bytes[0] === 0xff && bytes[1] === 0xfe) decoded = { text: decodeAs(bytes, 'utf-16le'), encoding: 'utf-16le' };
	else if (bytes[0] === 0xfe && bytes[1] === 0xff) decoded = { text: decodeAs(bytes, 'utf-16be'), encoding: 'utf-16be' };
	else {
		try {
			// The decoder drops a UTF-8 byte order mark.
			decoded = { text: decodeAs(bytes, 'utf-8', true), encoding: 'utf-8' };
		} catch {
			const cz = decodeAs(bytes, 'windows-1250');
			const es = decodeAs(bytes, 'windows-1252');
			const czScore = plausibility(cz, CZECH);
			const esScore = plausibility(es, SPANISH);
			const czech = czScore > esScore || (czScore === esScore && hint === 'cs');
			decoded = czech ? { text: cz, encoding: 'windows-1250' } : { text: es, encoding: 'windows-1252' };
		}
	}
	if (looksBinary(decoded.text)) return { ok: false, problem: { code: 'not-text' } };
	return { ok: true, value: decoded };
}
