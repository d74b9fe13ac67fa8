import { describe, expect, it } from 'vitest';
import { JsonBodyError, parseJsonBytes } from './json-body';

const raw = (...parts: (string | number[])[]) => new Uint8Array(Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p)))));
const refusal = (body: Uint8Array) => {
	try {
		parseJsonBytes(body);
	} catch (e) {
		if (e instanceof JsonBodyError) return e.message;
		throw e;
	}
	throw new Error('accepted');
};

describe('parseJsonBytes', () => {
	it('parses UTF-8 JSON (a leading byte-order mark is dropped)', () => {
		expect(parseJsonBytes(raw('{"name":"Žofie 😀"}'))).toEqual({ name: 'Žofie 😀' });
		expect(parseJsonBytes(raw([0xef, 0xbb, 0xbf], '[1]'))).toEqual([1]);
	});

	it('refuses a note with a byte that is not UTF-8, naming the field (was stored as N�OTE)', () => {
		const before = '{"events":[{},{},{},{"payload":{"note":"N';
		const body = raw(before, [0xff], 'OTE"}}]}');
		expect(refusal(body)).toBe(`events[3].payload.note: the body is not valid UTF-8 (byte ${before.length} is 0xff); send text as UTF-8`);
	});

	it('refuses a lone surrogate in a name, naming the field (was stored as U+FFFD)', () => {
		expect(refusal(raw('{"entries":[{"id":"e1","name":"Ana \\ud800 B"}]}'))).toMatch(/^entries\[0\]\.name: a lone UTF-16 surrogate escape \(byte 35\) is not text/);
	});

	it('refuses deep nesting before parsing, and says so', () => {
		expect(refusal(raw('{"setup":{"entries":[' + '['.repeat(5000) + ']'.repeat(5000) + ']}}'))).toMatch(/^the body nests arrays and objects deeper than 64 levels \(at byte \d+\)/);
	});

	it('refuses what is not JSON with the parser’s reason', () => {
		expect(refusal(raw('{"a": 1,}'))).toMatch(/^the body is not JSON: /);
		expect(refusal(raw(''))).toMatch(/^the body is not JSON: /);
	});
});
