import { describe, expect, it } from 'vitest';
import { parseJson } from './json-syntax';

describe('parseJson', () => {
	it('says where a syntax error is', () => {
		expect(parseJson('{\n  "a": 1,\n}')).toEqual({ ok: false, error: expect.objectContaining({ line: 3, column: 1 }) });
	});

	it('answers malformed JSON nested 10,000 deep with an error, not a stack overflow', () => {
		const text = `${'['.repeat(10_000)}1,${']'.repeat(9_999)}`;
		const result = parseJson(text);
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.error.message.length).toBeGreaterThan(0);
	});
});
