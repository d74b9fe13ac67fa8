import { describe, expect, it } from 'vitest';
import { checkJsonBytes, firstInvalidUtf8, MAX_JSON_DEPTH } from './json-bytes-check';

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const nested = (depth: number, inner = '1') => '['.repeat(depth) + inner + ']'.repeat(depth);

describe('checkJsonBytes: nesting', () => {
	it(`accepts ${MAX_JSON_DEPTH} levels of arrays and objects, refuses one more at the bracket that exceeds`, () => {
		expect(checkJsonBytes(bytes(nested(MAX_JSON_DEPTH)))).toBeNull();
		expect(checkJsonBytes(bytes(nested(MAX_JSON_DEPTH + 1)))).toEqual({ kind: 'depth', offset: MAX_JSON_DEPTH });
		const objects = '{"a":'.repeat(MAX_JSON_DEPTH + 1) + '1' + '}'.repeat(MAX_JSON_DEPTH + 1);
		expect(checkJsonBytes(bytes(objects))).toEqual({ kind: 'depth', offset: 5 * MAX_JSON_DEPTH });
	});

	it('counts depth, not the number of containers: many siblings are fine', () => {
		expect(checkJsonBytes(bytes(JSON.stringify(Array.from({ length: 10_000 }, () => [[{ a: [1] }]]))))).toBeNull();
	});

	it('does not count brackets inside strings, escaped quotes included', () => {
		expect(checkJsonBytes(bytes(JSON.stringify({ note: '['.repeat(1000), quoted: '"[[[[' + '{'.repeat(500) })))).toBeNull();
		expect(checkJsonBytes(bytes(`["\\\\", ${nested(MAX_JSON_DEPTH)}]`))).toEqual({ kind: 'depth', offset: 7 + MAX_JSON_DEPTH - 1 });
	});

	it('refuses a 10 MB body of opening brackets at byte 65, at once (the one-pass scan stops there)', () => {
		const huge = new Uint8Array(10 * 1024 * 1024).fill(0x5b);
		const started = performance.now();
		expect(checkJsonBytes(huge)).toEqual({ kind: 'depth', offset: MAX_JSON_DEPTH });
		expect(performance.now() - started).toBeLessThan(50);
	});

	it('scans a 10 MB body nested exactly to the limit (the worst case: read to its end) quickly', () => {
		const text = nested(MAX_JSON_DEPTH - 2, JSON.stringify(Array.from({ length: 100_000 }, (_, i) => ({ id: `e-${i}`, note: 'žluťoučký kůň [x] {y} \\"q\\"', n: i }))));
		const body = bytes(text);
		expect(body.byteLength).toBeGreaterThan(7 * 1024 * 1024);
		const started = performance.now();
		expect(checkJsonBytes(body)).toBeNull();
		const ms = performance.now() - started;
		console.log(`checkJsonBytes: ${(body.byteLength / 1024 / 1024).toFixed(1)} MB nested ${MAX_JSON_DEPTH} deep scanned in ${ms.toFixed(1)} ms`);
		expect(ms).toBeLessThan(1000);
	});
});

describe('checkJsonBytes: text that is not Unicode', () => {
	it('refuses bytes that are not UTF-8 at the first bad byte', () => {
		const body = Buffer.concat([Buffer.from('{"note":"N'), Buffer.from([0xff]), Buffer.from('OTE"}')]);
		expect(checkJsonBytes(new Uint8Array(body))).toEqual({ kind: 'utf8', offset: 10 });
	});

	it('refuses an escaped lone surrogate, high or low, and accepts an escaped pair', () => {
		expect(checkJsonBytes(bytes('{"name":"A\\ud800B"}'))).toEqual({ kind: 'surrogate', offset: 10 });
		expect(checkJsonBytes(bytes('{"name":"A\\uDC00"}'))).toEqual({ kind: 'surrogate', offset: 10 });
		expect(checkJsonBytes(bytes('{"name":"\\ud800"}'))).toEqual({ kind: 'surrogate', offset: 9 });
		expect(checkJsonBytes(bytes('{"name":"\\ud800\\u0041"}'))).toEqual({ kind: 'surrogate', offset: 9 });
		expect(checkJsonBytes(bytes('{"name":"\\ud83d\\ude00 \\u00e9 \\\\ud800"}'))).toBeNull();
		expect(checkJsonBytes(bytes(JSON.stringify({ name: '😀 Žofie' })))).toBeNull();
	});

	it('refuses a lone surrogate in a property name too', () => {
		expect(checkJsonBytes(bytes('{"a\\udfffb":1}'))).toEqual({ kind: 'surrogate', offset: 3 });
	});
});

describe('firstInvalidUtf8', () => {
	const at = (...b: number[]) => firstInvalidUtf8(new Uint8Array(b));
	it('finds stray, truncated, overlong, surrogate and too-high sequences; passes good ones', () => {
		expect(at(0x41, 0xc3, 0xa9, 0x42)).toBe(4);
		expect(at(0x41, 0x80)).toBe(1);
		expect(at(0x41, 0xc3)).toBe(1);
		expect(at(0xc0, 0x80)).toBe(0);
		expect(at(0xe0, 0x80, 0x80)).toBe(0);
		expect(at(0xed, 0xa0, 0x80)).toBe(0);
		expect(at(0xf4, 0x90, 0x80, 0x80)).toBe(0);
		expect(at(0xf0, 0x9f, 0x98, 0x80, 0xe2, 0x82, 0xac)).toBe(7);
	});
});
