import { describe, expect, it } from 'vitest';
import { JsonMemberSplitter, JsonSplitError, PartTooLargeError, type JsonPart } from './json-member-splitter';

/** The parts of `text` fed in pieces of `chunk` bytes, each part's bytes as text. */
function split(text: string, chunk: number, max = 1000): { key: string; index: number | null; json: string; offset: number }[] {
	const s = new JsonMemberSplitter(max);
	const bytes = Buffer.from(text, 'utf8');
	const parts: JsonPart[] = [];
	for (let i = 0; i < bytes.length; i += chunk) parts.push(...s.push(new Uint8Array(bytes.subarray(i, i + chunk))));
	s.end();
	return parts.map(({ key, index, bytes: b, offset }) => ({ key, index, json: Buffer.from(b).toString('utf8'), offset }));
}
const withoutOffsets = (parts: ReturnType<typeof split>) => parts.map(({ offset: _, ...p }) => p);

const DOC = ' {"format" : "x,y}]", "version":1, "event":{"id":"a","n":[1,{"b":"}"}]},\n "list" : [ {"a":"\\"]"} , [1,2], 3, "s\\\\" ], "empty":[], "last":null }\n';

describe('JsonMemberSplitter: a JSON object read member by member, arrays element by element', () => {
	it('gives the same parts whatever the chunks', () => {
		const expected = [
			{ key: 'format', index: null, json: '"x,y}]"' },
			{ key: 'version', index: null, json: '1' },
			{ key: 'event', index: null, json: '{"id":"a","n":[1,{"b":"}"}]}' },
			{ key: 'list', index: 0, json: '{"a":"\\"]"}' },
			{ key: 'list', index: 1, json: '[1,2]' },
			{ key: 'list', index: 2, json: '3' },
			{ key: 'list', index: 3, json: '"s\\\\"' },
			{ key: 'last', index: null, json: 'null' }
		];
		for (let chunk = 1; chunk <= DOC.length; chunk++) expect(withoutOffsets(split(DOC, chunk)), `chunks of ${chunk}`).toEqual(expected);
		for (const p of expected) expect(() => JSON.parse(p.json)).not.toThrow();
		expect(split('{}', 1)).toEqual([]);
	});

	it('hands out bytes: a character of several bytes cut between two pieces is whole in its part, and each part says where it starts', () => {
		const doc = '{"name":"Žofie 🧩","list":["č", {"a":"😀"}]}';
		const bytes = Buffer.from(doc, 'utf8');
		for (let chunk = 1; chunk <= bytes.length; chunk++) {
			const parts = split(doc, chunk);
			expect(parts.map((p) => p.json), `chunks of ${chunk}`).toEqual(['"Žofie 🧩"', '"č"', '{"a":"😀"}']);
			for (const p of parts) expect(bytes.subarray(p.offset, p.offset + Buffer.byteLength(p.json)).toString('utf8')).toBe(p.json);
		}
	});

	it('refuses what is not one complete object, saying where', () => {
		for (const [text, message] of [
			['', /empty/],
			['[1]', /expected a JSON object/],
			['{"a":1', /ends in the middle/],
			['{"a":[1,2', /ends in the middle/],
			['{"a" 1}', /expected ":" at byte 6/],
			['{a:1}', /expected a key in quotes/],
			['{"a":1,}', /expected a key in quotes/],
			['{"a":[1,]}', /expected an element/],
			['{"a":1} x', /unexpected text after the object/],
			['{"a":{"b":1}} "c":2}', /unexpected text after the object/]
		] as const) {
			const run = () => split(text, 3);
			expect(run, text).toThrow(JsonSplitError);
			expect(run, text).toThrow(message);
		}
	});

	it('refuses a part longer than the limit, naming it, without holding more', () => {
		const big = `{"a":1,"list":[1,"${'x'.repeat(500)}"]}`;
		expect(() => split(big, 7, 100)).toThrow(PartTooLargeError);
		expect(() => split(big, 7, 100)).toThrow('list[1] is longer than 100 bytes');
		expect(() => split(big, big.length, 100)).toThrow('list[1] is longer than 100 bytes');
		// Bytes, not characters: 60 two-byte letters are 120 bytes.
		expect(() => split(`{"a":"${'ž'.repeat(60)}"}`, 7, 100)).toThrow('a is longer than 100 bytes');
	});
});
