import { describe, expect, it } from 'vitest';
import { jsonPathAt } from './json-path-at';

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const placeOf = (text: string, marker: string) => jsonPathAt(bytes(text), Buffer.from(text.slice(0, text.indexOf(marker)), 'utf8').byteLength);

describe('jsonPathAt', () => {
	it('names the value at an offset as validation errors do', () => {
		const text = JSON.stringify({ events: [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd', payload: { kind: 'x', note: 'HERE' } }] });
		expect(placeOf(text, 'HERE')).toEqual({ path: 'events[3].payload.note', inName: false });
		expect(placeOf(text, '"d"')).toEqual({ path: 'events[3].id', inName: false });
	});

	it('says when the offset is in a property name, and of which object', () => {
		const text = '{"setup": {"entries": [{"HERE": 1}]}}';
		expect(placeOf(text, 'HERE')).toEqual({ path: 'setup.entries[0]', inName: true });
	});

	it('reads strings with escaped quotes and brackets, and names with escapes', () => {
		const text = '{"a\\"b": ["x\\"]", "[{", {"c\\u00e9": "HERE"}]}';
		expect(placeOf(text, 'HERE')).toEqual({ path: 'a"b[2].cé', inName: false });
	});

	it('says (root) at the top level and tolerates broken text', () => {
		expect(jsonPathAt(bytes('"abc'), 2)).toEqual({ path: '(root)', inName: false });
		expect(placeOf('{"a": [1, 2, HERE', 'HERE')).toEqual({ path: 'a[2]', inName: false });
	});
});
