/**
 * Text as Windows-1250 or Windows-1252 bytes, as Excel writes a CSV in a Czech or Spanish
 * locale (TextEncoder writes UTF-8 only): the code page's table read back from TextDecoder.
 * For tests and for the fixture script (tests/fixtures/make-registrations-cs-1250.ts).
 */
export function encodeSingleByte(text: string, encoding: 'windows-1250' | 'windows-1252'): Uint8Array {
	const decoder = new TextDecoder(encoding);
	const table = new Map<string, number>();
	for (let b = 0; b < 256; b++) {
		const ch = decoder.decode(Uint8Array.of(b));
		if (!table.has(ch)) table.set(ch, b);
	}
	const out: number[] = [];
	for (const ch of text) {
		const b = table.get(ch);
		if (b === undefined) throw new Error(`${JSON.stringify(ch)} has no byte in ${encoding}`);
		out.push(b);
	}
	return Uint8Array.from(out);
}
